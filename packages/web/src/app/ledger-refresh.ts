import { useQueryClient, type QueryClient } from '@tanstack/react-query';

/** First key segment of every query whose answer depends on the user's ledger. */
export const LEDGER_KEY = 'ledger';

/**
 * After any change of transactions or conversions: every ledger-derived view and the lastUsed
 * orders. `except` is the key prefix of a deleted item's own queries, which must not be fetched again.
 */
export function refreshAfterLedgerChange(queryClient: QueryClient, except?: readonly unknown[]): Promise<void> {
  // Only the server's fixed lists (config, supported currencies, external categories) stay.
  const fixed = new Set(['config', 'currency/supported', 'category/external']);
  return queryClient.invalidateQueries({
    predicate: (q) =>
      !fixed.has(q.queryKey.slice(0, q.queryKey[0] === 'config' ? 1 : 2).join('/')) &&
      (except === undefined || JSON.stringify(q.queryKey.slice(0, except.length)) !== JSON.stringify(except)),
  });
}

export function useRefreshLedger() {
  const queryClient = useQueryClient();
  return (except?: readonly unknown[]) => refreshAfterLedgerChange(queryClient, except);
}

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * After any write of transactions, conversions or fixpoints: every ledger-derived view, the
 * last-used orders included. `except` is the key prefix of a deleted item's own queries, which
 * must not be fetched again (they would only answer 404).
 */
export function refreshAfterLedgerChange(queryClient: QueryClient, except?: readonly unknown[]): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: queryKeys.ledger,
    ...(except === undefined ? {} : { predicate: (q) => !sameKey(q.queryKey.slice(0, except.length), except) }),
  });
}

export function useRefreshLedger() {
  const queryClient = useQueryClient();
  return (except?: readonly unknown[]) => refreshAfterLedgerChange(queryClient, except);
}

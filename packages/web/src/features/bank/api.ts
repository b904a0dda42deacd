import type {
  BankConnectResult,
  BankConnection,
  BankConnectionUpdate,
  BankMap,
  BankPendingRow,
  BankSyncResult,
  EnableBankingBank,
} from '@kassa/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiRequest } from '../../lib/api';
import { refreshAfterLedgerChange } from '../../shared/ledger-refresh';
import { queryKeys } from '../../shared/query-keys';

// Bank connections (issue 35). Every write is silent: the screen shows the server's message
// where the button is (a 409 "consent expired" or a 429 "the bank asks to wait" belongs beside
// Sync now, not in a toast); a lost session still logs out (reportFailure).

export type { BankConnectionUpdate, EnableBankingBank };

/**
 * GET bank/connection/getall: the current book's connections with their accounts and log.
 * `silent` for the dashboard's notice, which says nothing when the list cannot be read.
 */
export function useBankConnections({ silent = false }: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.bankConnections,
    queryFn: () => apiGet<BankConnection[]>('bank/connection/getall'),
    meta: { silent },
  });
}

/** GET bank/connection/pending/{id}, loaded when its list is opened. */
export function usePendingRows(connectionId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.bankPending(connectionId),
    queryFn: () => apiGet<BankPendingRow[]>(`bank/connection/pending/${connectionId}`),
    enabled,
  });
}

/** GET bank/enablebanking/available; a server that cannot say counts as one without it. */
export function useEnableBankingAvailable() {
  return useQuery({
    queryKey: queryKeys.enableBankingAvailable,
    queryFn: () => apiGet<{ available: boolean }>('bank/enablebanking/available'),
    staleTime: Infinity,
    meta: { silent: true },
  });
}

/** GET bank/enablebanking/banks?country=XX, once a country is chosen. */
export function useEnableBankingBanks(country: string | null) {
  return useQuery({
    queryKey: queryKeys.enableBankingBanks(country ?? ''),
    queryFn: () => apiGet<EnableBankingBank[]>(`bank/enablebanking/banks?country=${encodeURIComponent(country ?? '')}`),
    enabled: country !== null,
    staleTime: 60 * 60_000,
  });
}

function useReloadConnections() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.bank });
}

/** POST bank/simplefin/connect: claims a setup token (for a new connection, or `connectionId` again), answers its accounts. */
export function useConnectSimplefin() {
  const reload = useReloadConnections();
  return useMutation({
    mutationFn: (body: { setupToken: string; connectionId?: number }) =>
      apiPost<BankConnectResult>('bank/simplefin/connect', body),
    onSuccess: reload,
    meta: { silent: true },
  });
}

/** POST bank/enablebanking/start: the bank's consent page to send the browser to. */
export function useStartEnableBanking() {
  return useMutation({
    mutationFn: (body: { country: string; bank: string; connectionId?: number }) =>
      apiPost<{ url: string }>('bank/enablebanking/start', body),
    meta: { silent: true },
  });
}

/** POST bank/connection/map/{id}: a new pocket made in place changes the pocket lists too. */
export function useMapAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ connectionId, body }: { connectionId: number; body: BankMap }) =>
      apiPost<BankConnection>(`bank/connection/map/${connectionId}`, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bank }),
        queryClient.invalidateQueries({ queryKey: queryKeys.pockets }),
        queryClient.invalidateQueries({ queryKey: queryKeys.userCurrencies }),
      ]),
    meta: { silent: true },
  });
}

/**
 * POST bank/connection/sync/{id}: its rows went into the books as an import batch, so every
 * ledger view and the import history are read again; the connection (status, log, a Retry-After)
 * is read again whatever the answer.
 */
export function useSyncConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: number) => apiPost<BankSyncResult>(`bank/connection/sync/${connectionId}`),
    // Not awaited: the result shows at once, while the ledger's many views load again behind it.
    onSuccess: () => {
      void refreshAfterLedgerChange(queryClient);
      void queryClient.invalidateQueries({ queryKey: queryKeys.importBatches });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.bank });
    },
    meta: { silent: true },
  });
}

/** POST bank/connection/update/{id}: pause or resume, and whether pending rows count in "available". */
export function useUpdateConnection() {
  const reload = useReloadConnections();
  return useMutation({
    mutationFn: ({ connectionId, body }: { connectionId: number; body: BankConnectionUpdate }) =>
      apiPost<BankConnection>(`bank/connection/update/${connectionId}`, body),
    onSettled: reload,
    meta: { silent: true },
  });
}

/** DELETE bank/connection/delete/{id}: the history's sync batches then name no connection. */
export function useRemoveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: number) => apiRequest<undefined>('DELETE', `bank/connection/delete/${connectionId}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bank }),
        queryClient.invalidateQueries({ queryKey: queryKeys.importBatches }),
      ]),
    meta: { silent: true },
  });
}

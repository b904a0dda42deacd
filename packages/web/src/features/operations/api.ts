import type {
  BusinessSummary,
  FixpointDetail,
  FixpointError,
  LoanSummary,
  PocketBalanceBody,
  PocketGroup,
  PocketStateGroup,
  PocketStateUpdateBody,
  Transaction,
} from '@kassa/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiRequest } from '../../lib/api';
import { useRefreshLedger } from '../../shared/ledger-refresh';
import { isNetworkFailure, isQueued, writeOrQueue } from '../../shared/outbox';
import { queryKeys } from '../../shared/query-keys';

/** What stage 1 starts from: the pockets by currency and each currency's calculated balance now. */
export interface FixpointBasis {
  groups: PocketGroup[];
  /** Calculated balance per currency code (major units), from fixpoint/calcerror. */
  calculated: Record<string, number>;
}

/**
 * GET pocket/getall-grouped, then fixpoint/calcerror with the latest stated balances: the answer's
 * `calculated` side is what the ledger says each currency holds now, whatever was stated.
 */
export function useFixpointBasis() {
  return useQuery({
    queryKey: queryKeys.fixpointBasis,
    queryFn: async (): Promise<FixpointBasis> => {
      const groups = await apiGet<PocketGroup[]>('pocket/getall-grouped');
      const balances = groups.flatMap((g) => g.items.map((p) => ({ pocketId: p.pocketId, balance: p.balance })));
      // Offline the pockets come from the service worker's cache, the calculation not at all:
      // each field then starts from its latest stated balance (issue 36).
      const lines =
        balances.length === 0
          ? []
          : await apiPost<FixpointError[]>('fixpoint/calcerror', balances).catch((err: unknown) => {
              if (isNetworkFailure(err)) return [];
              throw err;
            });
      return { groups, calculated: Object.fromEntries(lines.map((l) => [l.currency, l.calculated])) };
    },
  });
}

export function useCalcError() {
  return useMutation({
    mutationFn: (balances: PocketBalanceBody[]) => apiPost<FixpointError[]>('fixpoint/calcerror', balances),
  });
}

/**
 * Like every fixpoint write, refreshes every ledger-derived view: fixpoints move errors and the
 * before-fix marks of listings. Offline it waits in the outbox (issue 36), stated at the time it
 * was made (`?time=`), not when it arrives.
 */
export function useSetFixpoint() {
  const refresh = useRefreshLedger();
  return useMutation({
    mutationFn: (balances: PocketBalanceBody[]) => {
      const at = new Date().toISOString();
      return writeOrQueue<FixpointDetail>({
        kind: 'fixpoint-set',
        request: (queued) => ({
          method: 'POST',
          path: queued ? `fixpoint/set?time=${encodeURIComponent(at)}` : 'fixpoint/set',
          body: balances,
        }),
      });
    },
    onSuccess: (answer) => (isQueued(answer) ? undefined : refresh()),
    networkMode: 'always',
  });
}

/** GET fixpoint/getbyid/{id} and fixpoint/getstates/{id}; no retry, a failure navigates back. */
export function useFixpoint(id: number) {
  const options = { enabled: Number.isInteger(id) && id > 0, retry: false };
  const detail = useQuery({
    queryKey: queryKeys.fixpoint(id),
    queryFn: () => apiGet<FixpointDetail>(`fixpoint/getbyid/${id}`),
    ...options,
  });
  const states = useQuery({
    queryKey: queryKeys.fixpointStates(id),
    queryFn: () => apiGet<PocketStateGroup[]>(`fixpoint/getstates/${id}`),
    ...options,
  });
  return { detail, states };
}

export function useFixpointMutations() {
  const refresh = useRefreshLedger();
  return {
    updateStates: useMutation({
      mutationFn: (updates: PocketStateUpdateBody[]) => apiPost<undefined>('pocketstate/update', updates),
      onSuccess: () => refresh(),
    }),
    deleteFixpoint: useMutation({
      mutationFn: (id: number) => apiRequest<undefined>('DELETE', `fixpoint/delete/${id}`),
      // The deleted fixpoint's editor is still open: fetching it again would answer 404.
      onSuccess: (_: unknown, id: number) => refresh(queryKeys.fixpoint(id)),
    }),
  };
}

export type OverviewKind = 'loan' | 'business';

export function useLoanSummary(id: number | null) {
  return useQuery({
    queryKey: queryKeys.loanSummary(id),
    queryFn: () => apiGet<LoanSummary>(`loan/${id}`),
    enabled: id !== null,
  });
}

export function useBusinessSummary(id: number | null) {
  return useQuery({
    queryKey: queryKeys.businessSummary(id),
    queryFn: () => apiGet<BusinessSummary>(`business/${id}`),
    enabled: id !== null,
  });
}

/** Rows per page of a category's transactions, as in the transaction list. */
export const CATEGORY_PAGE_SIZE = 100;

type After = { time: string; id: number };

/**
 * GET transaction/getallincat/{id}, newest first, a page at a time (`limit`, then the last row as
 * `afterTime` and `afterId`): a business can hold most of a ledger. The overview's figures come
 * from the loan and business summaries, so an unloaded page changes no number on screen.
 */
export function useCategoryTransactions(id: number | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.categoryTransactions(id),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(CATEGORY_PAGE_SIZE) });
      if (pageParam !== undefined) {
        query.set('afterTime', pageParam.time);
        query.set('afterId', String(pageParam.id));
      }
      return apiGet<Transaction[]>(`transaction/getallincat/${id}?${query.toString()}`);
    },
    initialPageParam: undefined as After | undefined,
    getNextPageParam: (last): After | undefined => {
      const tail = last.at(-1);
      return last.length < CATEGORY_PAGE_SIZE || tail === undefined ? undefined : { time: tail.time, id: tail.id };
    },
    enabled: id !== null,
  });
}

/**
 * Close (PATCH category/close/{id}) and realise (GET business/add-latent/{id}). Callers refresh, as
 * a close may follow a realisation: the category list at once, the ledger views a moment later (spec §9).
 */
export function useCategoryActions() {
  const queryClient = useQueryClient();
  return {
    close: useMutation({ mutationFn: (id: number) => apiRequest<unknown>('PATCH', `category/close/${id}`) }),
    realise: useMutation({ mutationFn: (id: number) => apiGet<BusinessSummary>(`business/add-latent/${id}`) }),
    reloadCategories: () => queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
    refreshLedger: useRefreshLedger(),
  };
}

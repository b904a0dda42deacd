import type {
  AddCurrencyBody,
  Category,
  DailyRateResponse,
  Fixpoint,
  Holding,
  NewCategoryBody,
  PagedIntervalBody,
  NewPocketBody,
  Pocket,
  PocketGroup,
  Rule,
  RuleInputBody,
  UpdateCategoryBody,
  UpdatePocketBody,
  UpdateRuleBody,
  UserCurrencyDto,
} from '@kassa/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALL_TIME } from '../../components/interval';
import { apiGet, apiPost, apiRequest } from '../../lib/api';
import { queryKeys } from '../../shared/query-keys';

export function useCategory(id: number) {
  return useQuery({
    queryKey: queryKeys.category(id),
    queryFn: () => apiGet<Category>(`category/getbyid/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** Category writes; each one reloads the shared category list every picker uses. */
export function useCategoryMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.categories });
  return {
    add: useMutation({
      mutationFn: (c: NewCategoryBody) => apiPost<Category>('category/add', c),
      onSuccess: reload,
    }),
    update: useMutation({
      mutationFn: (c: UpdateCategoryBody) => apiPost<Category>('category/update', c),
      onSuccess: (saved) => {
        queryClient.setQueryData(queryKeys.category(saved.id), saved);
        return reload();
      },
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest<undefined>('DELETE', `category/delete/${id}`),
      onSuccess: (_none, id) => {
        // The editor leaves at once; a refetch of the deleted category would only answer 404.
        queryClient.removeQueries({ queryKey: queryKeys.category(id) });
        // The category's rules were deleted with it (on delete cascade).
        return Promise.all([reload(), queryClient.invalidateQueries({ queryKey: queryKeys.rules })]);
      },
    }),
  };
}

/** Today's rate from the main currency to each user currency (units of it per 1 main unit). */
/**
 * POST analytics/holdings as of now: each currency's available balance today, which the pocket
 * groups show beside their pockets' balances at the last fixpoint (issue 22).
 */
export function useAvailableToday() {
  return useQuery({
    queryKey: queryKeys.analytics('holdings', 'now'),
    queryFn: () => apiPost<Holding[]>('analytics/holdings', new Date().toISOString()),
  });
}

export function useDailyRates() {
  return useQuery({
    queryKey: queryKeys.dailyRates,
    queryFn: () => apiGet<DailyRateResponse>('exrate/get-daily'),
  });
}

export function useAddCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (req: AddCurrencyBody) => apiPost<UserCurrencyDto>('currency/add', req),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.userCurrencies }),
        queryClient.invalidateQueries({ queryKey: queryKeys.pockets }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dailyRates }),
      ]),
  });
}

export function usePocketGroups() {
  return useQuery({
    queryKey: queryKeys.pocketGroups,
    queryFn: () => apiGet<PocketGroup[]>('pocket/getall-grouped'),
  });
}

/** Pocket writes; both reload every pocket list (fixpoint forms read pockets too). */
export function usePocketMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.pockets });
  return {
    update: useMutation({
      mutationFn: (p: UpdatePocketBody) => apiPost<Pocket>('pocket/update', p),
      onSuccess: reload,
    }),
    addMany: useMutation({
      mutationFn: (pockets: NewPocketBody[]) => apiPost<Pocket[]>('pocket/addmany', pockets),
      onSuccess: reload,
    }),
  };
}

/** Fixpoints per page of the manage list; most users have one a month. */
export const FIXPOINT_PAGE_SIZE = 100;

/**
 * Every fixpoint, newest first, a page at a time (the API lists fixpoints only between two
 * instants, and at most MAX_LIST_ROWS per answer): `limit`, then the last row as `after`.
 */
export function useAllFixpoints() {
  return useInfiniteQuery({
    queryKey: queryKeys.allFixpoints,
    queryFn: ({ pageParam }) =>
      apiPost<Fixpoint[]>('fixpoint/getbetween', {
        ...ALL_TIME,
        limit: FIXPOINT_PAGE_SIZE,
        ...(pageParam === undefined ? {} : { after: pageParam }),
      } satisfies PagedIntervalBody),
    initialPageParam: undefined as PagedIntervalBody['after'],
    getNextPageParam: (last) => {
      const tail = last.at(-1);
      return last.length < FIXPOINT_PAGE_SIZE || tail === undefined ? undefined : { time: tail.time, id: tail.id };
    },
  });
}

/** The category rules of import, in the order they are tried (position, then id). */
export function useRules() {
  return useQuery({
    queryKey: queryKeys.rules,
    queryFn: () => apiGet<Rule[]>('rule/getall'),
  });
}

/**
 * Rule writes; each one reloads the rule list. Add and update are silent: the rule form shows a
 * refusal under its field and reports any other failure itself (RuleEditorModal). `reorder`
 * sends the given updates one after the other (a move changes the positions of two rules, or of
 * all when positions repeat) and reloads whatever happened, so a half-done move still shows the
 * order the server has.
 */
export function useRuleMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.rules });
  return {
    add: useMutation({
      mutationFn: (r: RuleInputBody) => apiPost<Rule>('rule/add', r),
      onSuccess: reload,
      meta: { silent: true },
    }),
    update: useMutation({
      mutationFn: (r: UpdateRuleBody) => apiPost<Rule>('rule/update', r),
      onSuccess: reload,
      meta: { silent: true },
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest<undefined>('DELETE', `rule/delete/${id}`),
      onSuccess: reload,
    }),
    reorder: useMutation({
      mutationFn: async (updates: readonly UpdateRuleBody[]) => {
        for (const u of updates) await apiPost<Rule>('rule/update', u);
      },
      onSettled: reload,
    }),
  };
}

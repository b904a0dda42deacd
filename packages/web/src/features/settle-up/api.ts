import type { IntervalInput, SettleUp, SettleUpRequestBody, Settlement, SettlementBody } from '@kassa/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiRequest } from '../../lib/api';
import { queryKeys } from '../../shared/query-keys';

/**
 * POST analytics/settle-up of an interval: each member's paid, share, settled and balance, the
 * payments that settle it and the settlements recorded. The last answer stays on screen while
 * another interval loads.
 */
export function useSettleUp(interval: IntervalInput) {
  return useQuery({
    queryKey: queryKeys.settleUp(interval),
    queryFn: () => apiPost<SettleUp>('analytics/settle-up', { interval } satisfies SettleUpRequestBody),
    placeholderData: keepPreviousData,
  });
}

/** Settlements move only settle-up's figures: its answers are read again, nothing else. */
function useRefreshSettleUp() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.settleUpAll });
}

/** POST settlement/add: money one member gave another. */
export function useAddSettlement() {
  const refresh = useRefreshSettleUp();
  return useMutation({
    mutationFn: (body: SettlementBody) => apiPost<Settlement>('settlement/add', body),
    onSuccess: refresh,
  });
}

/** DELETE settlement/delete/{id}. */
export function useDeleteSettlement() {
  const refresh = useRefreshSettleUp();
  return useMutation({
    mutationFn: (id: number) => apiRequest<undefined>('DELETE', `settlement/delete/${id}`),
    onSuccess: refresh,
  });
}

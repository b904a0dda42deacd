import type { BalanceName, CashflowName, NamedAsset } from '@kassa/contract';
import { useQuery } from '@tanstack/react-query';
import { quickRange, toApiInterval } from '../../components/interval';
import { apiPost } from '../../lib/api';
import { queryKeys } from '../../shared/query-keys';

/** Balances now (POST analytics/balances with today's instant). */
export function useBalancesNow() {
  return useQuery({
    queryKey: queryKeys.dashboardBalances,
    queryFn: () => apiPost<NamedAsset[]>('analytics/balances', new Date().toISOString()),
  });
}

/** This month's cash flow so far (POST analytics/cashflow, month to date). */
export function useMonthCashflow() {
  return useQuery({
    queryKey: queryKeys.dashboardCashflow,
    queryFn: () => apiPost<NamedAsset[]>('analytics/cashflow', toApiInterval(quickRange('MTD'))),
  });
}

/** The named amount of an analytics answer, if present. */
export function named(
  list: readonly NamedAsset[] | undefined,
  name: BalanceName | CashflowName,
): NamedAsset | undefined {
  return list?.find((a) => a.name === name);
}

import type { Fixpoint, NamedAsset } from '@kassa/contract';
import { useQuery } from '@tanstack/react-query';
import { toApiInterval, quickRange } from '../../components/interval';
import { apiGet, apiPost } from '../../lib/api';

/** Balances now (POST analytics/balances with today's instant). */
export function useBalancesNow() {
  return useQuery({
    queryKey: ['ledger', 'dashboard', 'balances'],
    queryFn: () => apiPost<NamedAsset[]>('analytics/balances', new Date().toISOString()),
  });
}

/** This month's cash flow so far (POST analytics/cashflow, month to date). */
export function useMonthCashflow() {
  return useQuery({
    queryKey: ['ledger', 'dashboard', 'cashflow'],
    queryFn: () => apiPost<NamedAsset[]>('analytics/cashflow', toApiInterval(quickRange('MTD'))),
  });
}

export function useLastFixpoint() {
  return useQuery({
    queryKey: ['ledger', 'fixpoint-last'],
    queryFn: () => apiGet<Fixpoint | null>('fixpoint/getlast'),
  });
}

/** The named amount of an analytics answer, if present. */
export function named(list: readonly NamedAsset[] | undefined, name: string): NamedAsset | undefined {
  return list?.find((a) => a.name === name);
}

import type {
  BalanceHistory,
  BalanceName,
  CashflowName,
  CategoryAmount,
  NamedAsset,
  OnboardingResponse,
} from '@kassa/contract';
import { useQuery } from '@tanstack/react-query';
import { quickRange, toApiInterval, toUtcDayInterval } from '../../components/interval';
import { apiGet, apiPost } from '../../lib/api';
import { queryKeys } from '../../shared/query-keys';
import { lastMonths } from './dashboard-figures';

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

/** GET account/onboarding: which first steps the user's data shows done. */
export function useOnboarding(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.onboarding,
    queryFn: () => apiGet<OnboardingResponse>('account/onboarding'),
    enabled,
  });
}

/**
 * Net worth over the last 12 months (POST analytics/balance-history, a point a day): the calendar
 * days as UTC day bounds, so the points are the user's days, today the last (issue 32).
 */
export function useNetWorthYear() {
  const body = toUtcDayInterval(quickRange('1 Y'));
  return useQuery({
    queryKey: queryKeys.analytics('balance-history', { dashboard: true, ...body }),
    queryFn: () => apiPost<BalanceHistory>('analytics/balance-history', body),
  });
}

/** This month's spending per category (POST analytics/oneperiod, month to date, OUT). */
export function useMonthSpending() {
  const body = { interval: toApiInterval(quickRange('MTD')), direction: false };
  return useQuery({
    queryKey: queryKeys.analytics('oneperiod', { dashboard: true, ...body }),
    queryFn: () => apiPost<CategoryAmount[]>('analytics/oneperiod', body),
  });
}

/** Income and spending of each of the last six months (POST analytics/cashflow per month). */
export function useSixMonths() {
  const months = lastMonths(6);
  const bodies = months.map(toApiInterval);
  return {
    months,
    query: useQuery({
      queryKey: queryKeys.analytics('cashflow', { dashboard: true, months: bodies }),
      queryFn: () => Promise.all(bodies.map((b) => apiPost<NamedAsset[]>('analytics/cashflow', b))),
    }),
  };
}

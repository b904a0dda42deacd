import type { BalanceHistory, CategoryAmount, Holding, MultiPeriod, NamedAsset } from '@kassa/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toApiInterval, type DayInterval } from '../../components/interval';
import { apiPost } from '../../lib/api';
import { queryKeys } from '../../shared/query-keys';
import { asOfBody } from './balances';

// While a new interval loads, the previous figures stay on screen instead of a blank card.
const keep = { placeholderData: keepPreviousData };

/** POST analytics/oneperiod: P&L per category in one direction (true = income). */
export function useOnePeriod(interval: DayInterval, income: boolean) {
  const body = { interval: toApiInterval(interval), direction: income };
  return useQuery({
    queryKey: queryKeys.analytics('oneperiod', body),
    queryFn: () => apiPost<CategoryAmount[]>('analytics/oneperiod', body),
    ...keep,
  });
}

/** POST analytics/cashflow with the interval. */
export function useCashflow(interval: DayInterval) {
  const body = toApiInterval(interval);
  return useQuery({
    queryKey: queryKeys.analytics('cashflow', body),
    queryFn: () => apiPost<NamedAsset[]>('analytics/cashflow', body),
    ...keep,
  });
}

/** POST analytics/balances with a date (a JSON string); without one, as of now. */
export function useBalances(day?: Date) {
  // Today's and undefined both mean "now"; the key keeps the day so a past date is cached apart.
  const dayKey = day === undefined ? 'now' : day.toDateString();
  return useQuery({
    queryKey: queryKeys.analytics('balances', dayKey),
    queryFn: () => apiPost<NamedAsset[]>('analytics/balances', asOfBody(day)),
    ...keep,
  });
}

/** POST analytics/holdings with a date (a JSON string). */
export function useHoldings(day: Date) {
  return useQuery({
    queryKey: queryKeys.analytics('holdings', day.toDateString()),
    queryFn: () => apiPost<Holding[]>('analytics/holdings', asOfBody(day)),
    ...keep,
  });
}

/** POST analytics/balance-history with the interval: one point per day. */
export function useBalanceHistory(interval: DayInterval) {
  const body = toApiInterval(interval);
  return useQuery({
    queryKey: queryKeys.analytics('balance-history', body),
    queryFn: () => apiPost<BalanceHistory>('analytics/balance-history', body),
    ...keep,
  });
}

/** POST analytics/multiperiod {interval, direction}: monthly P&L of the top categories. */
export function useMultiPeriod(interval: DayInterval, income: boolean) {
  const body = { interval: toApiInterval(interval), direction: income };
  return useQuery({
    queryKey: queryKeys.analytics('multiperiod', body),
    queryFn: () => apiPost<MultiPeriod>('analytics/multiperiod', body),
    ...keep,
  });
}

import type {
  BalanceHistory,
  CategoryAmount,
  ConversionCosts,
  Exposure,
  FixpointDrift,
  Holding,
  MultiPeriod,
  NamedAsset,
  NetworthBridge,
} from '@kassa/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toApiInterval, toUtcDayInterval, type DayInterval } from '../../components/interval';
import { apiPost } from '../../lib/api';
import { queryKeys } from '../../shared/query-keys';
import { asOfBody } from './balances';
import { viewBody, type ReportViewState } from './report-view';

// While a new interval loads, the previous figures stay on screen instead of a blank card.
const keep = { placeholderData: keepPreviousData };

/** POST analytics/oneperiod: P&L per category in one direction (true = income). */
export function useOnePeriod(interval: DayInterval, income: boolean, view?: ReportViewState) {
  const body = { interval: toApiInterval(interval), direction: income, ...viewBody(view) };
  return useQuery({
    queryKey: queryKeys.analytics('oneperiod', body),
    queryFn: () => apiPost<CategoryAmount[]>('analytics/oneperiod', body),
    ...keep,
  });
}

/** POST analytics/cashflow with the interval, and the view (valuation, currency) when given. */
export function useCashflow(interval: DayInterval, view?: ReportViewState) {
  const body = { ...toApiInterval(interval), ...viewBody(view) };
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

/**
 * POST analytics/balance-history with the interval: one point per day. The calendar days as UTC
 * day bounds (issue 32): the server's points are UTC days, so they are the user's days.
 */
export function useBalanceHistory(interval: DayInterval) {
  const body = toUtcDayInterval(interval);
  return useQuery({
    queryKey: queryKeys.analytics('balance-history', body),
    queryFn: () => apiPost<BalanceHistory>('analytics/balance-history', body),
    ...keep,
  });
}

/** POST analytics/multiperiod {interval, direction}: monthly P&L of the top categories. */
export function useMultiPeriod(interval: DayInterval, income: boolean, view?: ReportViewState) {
  // The calendar days as UTC day bounds: the server's months are UTC months (issue 22).
  const body = { interval: toUtcDayInterval(interval), direction: income, ...viewBody(view) };
  return useQuery({
    queryKey: queryKeys.analytics('multiperiod', body),
    queryFn: () => apiPost<MultiPeriod>('analytics/multiperiod', body),
    ...keep,
  });
}

// Currency insights (issue 21): each a POST of the interval; a currency without a rate is a 422
// missing_rate, which the query carries as its error (the screens show it, never a rate of 1).

/** POST analytics/conversion-costs: the interval's conversions, most expensive first, by month and pair. */
export function useConversionCosts(interval: DayInterval) {
  const body = toApiInterval(interval);
  return useQuery({
    queryKey: queryKeys.analytics('conversion-costs', body),
    queryFn: () => apiPost<ConversionCosts>('analytics/conversion-costs', body),
    ...keep,
  });
}

/** POST analytics/networth-bridge: net worth before the interval, the parts, net worth at its end. */
export function useNetworthBridge(interval: DayInterval) {
  const body = toApiInterval(interval);
  return useQuery({
    queryKey: queryKeys.analytics('networth-bridge', body),
    queryFn: () => apiPost<NetworthBridge>('analytics/networth-bridge', body),
    ...keep,
  });
}

/** POST analytics/fixpoint-drift: per currency each fixpoint's error and the running total. */
export function useFixpointDrift(interval: DayInterval) {
  const body = toApiInterval(interval);
  return useQuery({
    queryKey: queryKeys.analytics('fixpoint-drift', body),
    queryFn: () => apiPost<FixpointDrift>('analytics/fixpoint-drift', body),
    ...keep,
  });
}

/** POST analytics/exposure: each currency's available value over the interval and a 10 % move's effect. */
export function useExposure(interval: DayInterval) {
  const body = toApiInterval(interval);
  return useQuery({
    queryKey: queryKeys.analytics('exposure', body),
    queryFn: () => apiPost<Exposure>('analytics/exposure', body),
    ...keep,
  });
}

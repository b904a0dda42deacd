import type { UsedRates } from '@kassa/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { apiPost } from '../lib/api';
import { queryKeys } from './query-keys';
import { useMainCurrency } from './books';
import { useUserCurrencies } from './global-data';
import {
  mergeUsedRates,
  provenanceOn,
  provenanceOver,
  staleRatesWarning,
  utcDay,
  type Provenance,
} from './rate-provenance';

/**
 * POST exrate/used over whole UTC days firstDay..lastDay: the stored EUR rates (day, rate, source)
 * of each of the user's currencies that figures of those days are converted with (issue 21).
 * Rates change rarely; the answer is kept a minute. Silent: a caption that fails to load is left out.
 */
export function useUsedRates(firstDay: string | undefined, lastDay: string | undefined = firstDay) {
  return useQuery({
    ...usedRatesQuery(firstDay ?? '', lastDay ?? ''),
    enabled: firstDay !== undefined && lastDay !== undefined,
  });
}

/** The query of exrate/used over UTC days firstDay..lastDay, kept a minute, silent on failure. */
function usedRatesQuery(firstDay: string, lastDay: string) {
  return {
    queryKey: queryKeys.usedRates(firstDay, lastDay),
    queryFn: () =>
      apiPost<UsedRates>('exrate/used', { start: `${firstDay}T00:00:00.000Z`, end: `${lastDay}T23:59:59.999Z` }),
    staleTime: 60_000,
    meta: { silent: true },
  };
}

/** A span of whole UTC days. */
export interface DaySpan {
  firstDay: string;
  lastDay: string;
}

/**
 * exrate/used for each span (one request per page of a list), as one answer: the stored rates of
 * every span, merged (mergeUsedRates). Undefined until every span has answered.
 */
export function useUsedRatesOver(spans: readonly DaySpan[]) {
  return useQueries({
    queries: spans.map(({ firstDay, lastDay }) => usedRatesQuery(firstDay, lastDay)),
    combine: mergedAnswers,
  });
}

// Module-level, so the query cache runs it again only when an answer changes.
function mergedAnswers(results: readonly { data: UsedRates | undefined }[]): UsedRates | undefined {
  const answers = results.map((r) => r.data).filter((d): d is UsedRates => d !== undefined);
  return answers.length === 0 || answers.length < results.length ? undefined : mergeUsedRates(answers);
}

/** The book's main currency and every currency of it (the codes figures are converted from). */
function useCodes(): { main: string | undefined; codes: string[] } {
  const main = useMainCurrency() ?? undefined;
  const codes = (useUserCurrencies().data ?? []).map((c) => c.code);
  return { main, codes };
}

/**
 * The provenance of figures converted on one UTC day into `target` (the main currency unless
 * given): the caption and each currency's rate, day and source; null when nothing is converted,
 * undefined while loading.
 */
export function useProvenanceOn(day: string | undefined, target?: string): Provenance | null | undefined {
  const { main, codes } = useCodes();
  const used = useUsedRates(day).data;
  const into = target ?? main;
  if (used === undefined || into === undefined || day === undefined) return undefined;
  return provenanceOn(used, into, codes, day);
}

/**
 * The provenance of figures each converted at its own day's rate over UTC days firstDay..lastDay,
 * into `target` (the main currency unless given). Without days: nothing is asked (undefined).
 */
export function useProvenanceOver(
  firstDay: string | undefined,
  lastDay: string | undefined,
  target?: string,
): Provenance | null | undefined {
  const { main, codes } = useCodes();
  const used = useUsedRates(firstDay, lastDay).data;
  const into = target ?? main;
  if (used === undefined || into === undefined || firstDay === undefined || lastDay === undefined) return undefined;
  return provenanceOver(used, into, codes, firstDay, lastDay);
}

/**
 * The warning of stale rates (issue 32) for figures converted today (UTC day), from the freshness
 * exrate/used reports (the same query as today's provenance); null while fresh or loading.
 */
export function useStaleRatesWarning(): string | null {
  const today = utcDay(new Date());
  return staleRatesWarning(useUsedRates(today).data?.status, today, today);
}

import type { Category, Transaction } from '@kassa/contract';
import { useCallback, useMemo } from 'react';
import { ALL_TIME, toApiInterval } from '../../../components/interval';
import { useCategories } from '../../../shared/global-data';
import { rateTitle, utcDay } from '../../../shared/rate-provenance';
import { useUsedRatesOver } from '../../../shared/rates-used';
import {
  useConversionsOver,
  useConvertedSum,
  useExternalCategories,
  useFixpointsOver,
  useTransactionPages,
} from '../api';
import { hasSelection, showsSum, toListFilter, type FilterState } from './filter';
import { convertedDaySpans, mergeRows, pageSpans } from './rows';

/**
 * What the list shows for `filterState`: the transactions a page at a time, merged with the
 * conversions and fixpoints of the time they cover (none when the filter narrows), the sum, the
 * categories by id, and the rate behind each converted amount (none on a phone: `compact`).
 */
export function useListRows(filterState: FilterState, compact: boolean) {
  const filter = useMemo(() => toListFilter(filterState), [filterState]);
  const narrowed = hasSelection(filterState);
  const interval = useMemo(() => (filterState.enabled ? toApiInterval(filterState.interval) : ALL_TIME), [filterState]);
  const pages = useTransactionPages(filter);
  // Conversions and fixpoints only for the time the loaded transactions cover (all of time would
  // be every conversion of a large ledger on each open); they extend as older pages load.
  const spans = useMemo(
    () => (pages.data === undefined ? [] : pageSpans(pages.data.pages, !pages.hasNextPage, interval)),
    [pages.data, pages.hasNextPage, interval],
  );
  const conversions = useConversionsOver(spans, !narrowed);
  const fixpoints = useFixpointsOver(spans, !narrowed);
  const withSum = showsSum(filterState);
  const sum = useConvertedSum(filter, withSum);
  const categories = useCategories().data;
  const external = useExternalCategories().data;
  // The rate, day and source of each converted amount (issue 21): one exrate/used per loaded page
  // with converted amounts, not asked on a phone, whose compact table has no Converted column.
  const rateSpans = useMemo(
    () => (compact || pages.data === undefined ? [] : convertedDaySpans(pages.data.pages)),
    [compact, pages.data],
  );
  const usedRates = useUsedRatesOver(rateSpans);
  const titleOf = useCallback(
    (tx: Transaction) =>
      usedRates === undefined || tx.convertedCurrency === undefined
        ? undefined
        : rateTitle(usedRates, tx.convertedCurrency, tx.currency, utcDay(tx.time)),
    [usedRates],
  );

  const byId = useMemo(
    () => new Map<number, Category>([...(categories ?? []), ...(external ?? [])].map((c) => [c.id, c])),
    [categories, external],
  );
  const transactions = useMemo(() => pages.data?.pages.flat() ?? [], [pages.data]);
  const rows = useMemo(
    () => mergeRows(transactions, narrowed ? [] : conversions, narrowed ? [] : fixpoints, !pages.hasNextPage),
    [transactions, conversions, fixpoints, narrowed, pages.hasNextPage],
  );
  const anyBeforeFix = rows.some((r) => r.kind === 'transaction' && r.tx.beforeFix === true);
  return { filter, narrowed, pages, withSum, sum, byId, titleOf, transactions, rows, anyBeforeFix };
}

import type { Conversion, Fixpoint, IntervalInput, Transaction } from '@kassa/contract';
import { utcDay } from '../../../shared/rate-provenance';
import { t } from '../i18n';
import { formerMember } from '../use-split-draft';

/** One row of the merged list (spec §2 transaction list). */
export type ListRow =
  | { kind: 'transaction'; key: string; time: number; tx: Transaction }
  | { kind: 'conversion'; key: string; time: number; conversion: Conversion }
  | { kind: 'fixpoint'; key: string; time: number; fixpoint: Fixpoint };

/**
 * Merges transactions (newest first, possibly only the first pages), conversions and fixpoints
 * into one list, newest first. While older transaction pages are still unloaded, conversions and
 * fixpoints older than the last loaded transaction wait for them, so nothing is shown out of order.
 */
export function mergeRows(
  transactions: readonly Transaction[],
  conversions: readonly Conversion[],
  fixpoints: readonly Fixpoint[],
  complete: boolean,
): ListRow[] {
  const tail = transactions.at(-1);
  const oldest = complete || tail === undefined ? -Infinity : Date.parse(tail.time);
  const rows: ListRow[] = [
    ...transactions.map((tx) => ({ kind: 'transaction' as const, key: `t${tx.id}`, time: Date.parse(tx.time), tx })),
    ...conversions.map((conversion) => ({
      kind: 'conversion' as const,
      key: `c${conversion.id}`,
      time: Date.parse(conversion.time),
      conversion,
    })),
    ...fixpoints.map((fixpoint) => ({
      kind: 'fixpoint' as const,
      key: `f${fixpoint.id}`,
      time: Date.parse(fixpoint.time),
      fixpoint,
    })),
  ].filter((r) => r.kind === 'transaction' || r.time >= oldest);
  // A stable sort keeps the server's order among transactions of the same instant.
  return rows.sort((a, b) => b.time - a.time);
}

/**
 * The span of time each loaded transaction page covers within `interval`, for the conversions and
 * fixpoints to show beside it: the first page reaches up to the interval's end (rows newer than
 * every transaction head the list), each page down to its oldest transaction, and the last page,
 * once no older one is left, down to the interval's start. Spans do not overlap, so "Load more"
 * asks only for the next stretch; a page whose oldest row shares the instant before it adds none.
 */
export function pageSpans(
  pages: readonly (readonly Transaction[])[],
  complete: boolean,
  interval: IntervalInput,
): IntervalInput[] {
  const spans: IntervalInput[] = [];
  let end = Date.parse(interval.end);
  pages.forEach((page, i) => {
    const oldest = page.at(-1);
    const start = (complete && i === pages.length - 1) || oldest === undefined ? interval.start : oldest.time;
    const startMs = Date.parse(start);
    if (startMs <= end) spans.push({ start, end: new Date(end).toISOString() });
    end = startMs - 1; // instants are whole milliseconds
  });
  return spans;
}

/** Where a click on a row leads (spec §2): transaction, loan and invest rows to the transaction editor. */
export function editorPath(row: ListRow): string {
  switch (row.kind) {
    case 'transaction':
      return `/private/edit-transaction/${row.tx.id}`;
    case 'conversion':
      return `/private/edit-conversion/${row.conversion.id}`;
    case 'fixpoint':
      return `/private/edit-fixpoint/${row.fixpoint.id}`;
  }
}

/**
 * Who entered a row, as a shared book's list shows it (issue 34): the member's name, "Former
 * member" once that account is gone (null), nothing for a fixpoint or an answer without it.
 */
export function enteredByOf(row: ListRow): string {
  const maker =
    row.kind === 'transaction' ? row.tx.createdBy : row.kind === 'conversion' ? row.conversion.createdBy : undefined;
  return maker === null ? formerMember() : (maker?.name ?? '');
}

/**
 * Who paid a split expense (issue 34), by the book's people; the name of who entered it when that
 * is the payer, else "Former member" for someone no longer in the book. Undefined when the row is
 * not split.
 */
export function paidByOf(row: ListRow, people: ReadonlyMap<number, string>): string | undefined {
  if (row.kind !== 'transaction') return undefined;
  const { paidBy, shares, createdBy } = row.tx;
  if (paidBy == null || shares == null || shares.length === 0) return undefined;
  return people.get(paidBy) ?? (createdBy?.userId === paidBy ? createdBy.name : formerMember());
}

/**
 * The footer's count of what the list shows (issue 22): each kind of row named, so four rows are
 * never "2 transactions shown" ("2 transactions, 1 conversion and 1 fixpoint shown").
 */
export function shownText(rows: readonly ListRow[]): string {
  const of = (kind: ListRow['kind']) => rows.filter((r) => r.kind === kind).length;
  const parts = [t('list.shown.transaction', { count: of('transaction') })];
  if (of('conversion') > 0) parts.push(t('list.shown.conversion', { count: of('conversion') }));
  if (of('fixpoint') > 0) parts.push(t('list.shown.fixpoint', { count: of('fixpoint') }));
  const [first = '', second = '', third] = parts;
  const list =
    third !== undefined
      ? t('list.shown.three', { first, second, last: third })
      : parts.length === 2
        ? t('list.shown.two', { first, last: second })
        : first;
  return t('list.shown.text', { list });
}

/**
 * The UTC days each loaded page's converted amounts use (issue 21): from its oldest to its newest
 * transaction, for the pages with an amount converted from another currency. One exrate/used per
 * such page gives the rate, day and source of every converted amount on it.
 */
export function convertedDaySpans(pages: readonly (readonly Transaction[])[]): { firstDay: string; lastDay: string }[] {
  const day = (t: Transaction) => utcDay(t.time);
  return pages.flatMap((page) => {
    const converted = page.filter((t) => t.convertedCurrency !== undefined && t.convertedCurrency !== t.currency);
    const days = converted.map(day).sort();
    const firstDay = days[0];
    const lastDay = days.at(-1);
    return firstDay === undefined || lastDay === undefined ? [] : [{ firstDay, lastDay }];
  });
}

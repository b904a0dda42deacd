import type { Keyset } from '../../db/keyset.js';
import type { ConversionRow, TransactionRow } from '../ledger/index.js';
import type { ExportRepository, ExportRowQuery } from './repository.js';
import { breather } from '../../util/breathe.js';

/** Rows per database read: big enough to be quick, small enough that 100k+ rows never sit in memory. */
export const EXPORT_PAGE_ROWS = 1000;

/** One row of the books in time order. */
export type LedgerEntry = { kind: 'transaction'; row: TransactionRow } | { kind: 'conversion'; row: ConversionRow };

/** What to read: the transactions' filter, and whether conversions belong to the export at all. */
export interface EntryQuery extends ExportRowQuery {
  transactions: boolean;
  conversions: boolean;
}

/** Reads one table oldest first, a page at a time (keyset on time, id). */
async function* paged<R extends Keyset>(
  read: (after: Keyset | undefined) => Promise<R[]>,
  pageRows: number,
): AsyncGenerator<R, void, undefined> {
  let after: Keyset | undefined;
  // An export of 100k rows formats for seconds: other requests are served between pages.
  const pace = breather();
  for (;;) {
    await pace.maybe();
    const page = await read(after);
    yield* page;
    const last = page.at(-1);
    if (last === undefined || page.length < pageRows) return;
    after = { time: last.time, id: last.id };
  }
}

/**
 * The user's transactions and conversions merged oldest first. At one instant transactions come
 * before conversions (an arbitrary but fixed order); the caller places fixpoints after every row
 * of their instant, as DESIGN §4 counts rows with t <= t_F before F.
 */
export async function* ledgerEntries(
  repository: ExportRepository,
  userId: number,
  q: EntryQuery,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<LedgerEntry, void, undefined> {
  const transactions = q.transactions
    ? paged((after) => repository.transactionsPage(userId, q, after, pageRows), pageRows)
    : undefined;
  const conversions = q.conversions
    ? paged((after) => repository.conversionsPage(userId, q, after, pageRows), pageRows)
    : undefined;
  let t = transactions === undefined ? undefined : await transactions.next();
  let c = conversions === undefined ? undefined : await conversions.next();
  for (;;) {
    const tr = t === undefined || t.done === true ? undefined : t.value;
    const cv = c === undefined || c.done === true ? undefined : c.value;
    if (tr === undefined && cv === undefined) return;
    if (tr !== undefined && transactions !== undefined && (cv === undefined || tr.time <= cv.time)) {
      yield { kind: 'transaction', row: tr };
      t = await transactions.next();
    } else if (cv !== undefined && conversions !== undefined) {
      yield { kind: 'conversion', row: cv };
      c = await conversions.next();
    }
  }
}

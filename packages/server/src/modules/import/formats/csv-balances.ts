import { addAmounts, isZeroAmount, negateAmount } from './amounts.js';
import { earliestDay } from './balances.js';
import type { ParsedAccount, ParsedRow } from './types.js';

// A CSV's running balance column: the statement's opening balance (before its earliest row) and
// closing balance (after its latest), and a check of every row against the row before. Banks
// write newest or oldest first, and some give the balance only on a day's last row.

/** The balance before the rows, the one after them, and how many rows did not follow. */
interface Walk {
  opening: string | undefined;
  closing: string | undefined;
  mismatches: number;
}

/** A row whose stated balance is not the balance before it plus what moved since. */
type Mismatch = (index: number, before: string, moved: string, stated: string) => void;

/** Exact comparison of two normalised amounts ("1204.1" and "1204.10" are one). */
const sameAmount = (a: string, b: string) => isZeroAmount(addAmounts(a, negateAmount(b)));

/**
 * Walks the rows oldest first. `moved` is what the rows since the last stated balance moved; a
 * row without a readable amount breaks the chain until the next stated balance.
 */
function walk(
  rows: readonly ParsedRow[],
  balances: readonly (string | null)[],
  newestFirst: boolean,
  onMismatch?: Mismatch,
): Walk {
  let known: string | undefined;
  let moved = '0';
  let broken = false;
  const result: Walk = { opening: undefined, closing: undefined, mismatches: 0 };
  for (let step = 0; step < rows.length; step++) {
    const index = newestFirst ? rows.length - 1 - step : step;
    const amount = rows[index]?.amount ?? '';
    const stated = balances[index] ?? null;
    if (amount === '') broken = true;
    else moved = addAmounts(moved, amount);
    if (stated === null) continue;
    if (known === undefined && result.opening === undefined && !broken) {
      result.opening = addAmounts(stated, negateAmount(moved));
    } else if (known !== undefined && !broken && !sameAmount(addAmounts(known, moved), stated)) {
      result.mismatches++;
      onMismatch?.(index, known, moved, stated);
    }
    known = stated;
    moved = '0';
    broken = false;
  }
  result.closing = known === undefined || broken ? undefined : addAmounts(known, moved);
  return result;
}

/**
 * Whether the file lists its newest row first: by its first and last days, and when they are the
 * same (or unreadable), by which order the balances follow in.
 */
function newestFirst(rows: readonly ParsedRow[], balances: readonly (string | null)[]): boolean {
  const first = rows.find((row) => row.date !== '')?.date;
  const last = rows.findLast((row) => row.date !== '')?.date;
  if (first !== undefined && last !== undefined && first !== last) return first > last;
  return walk(rows, balances, true).mismatches < walk(rows, balances, false).mismatches;
}

/** An amount as a person reads it: thousands grouped with spaces, a real minus ("−1 250.00"). */
function shown(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '', fraction] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${negative ? '\u2212' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * The statement's balances from the rows' running balances (`balances[i]` is row i's, null when
 * it gives none), with their days: the earliest and the latest row's. Each row whose balance
 * does not follow is flagged with a warning naming its line and the figures, never dropped.
 */
export function runningBalances(
  rows: readonly ParsedRow[],
  balances: readonly (string | null)[],
): Partial<ParsedAccount> {
  if (!balances.some((balance) => balance !== null)) return {};
  const { opening, closing } = walk(rows, balances, newestFirst(rows, balances), (index, before, moved, stated) => {
    const row = rows[index];
    if (row === undefined) return;
    row.warning = `line ${row.line}, balance: ${shown(stated)} does not follow from ${shown(before)} + ${shown(moved)}`;
  });
  const days = rows.map((row) => row.date);
  const openingDate = earliestDay(days);
  const closingDate = latestDay(days);
  return {
    ...(opening === undefined || openingDate === undefined ? {} : { openingBalance: opening, openingDate }),
    ...(closing === undefined || closingDate === undefined ? {} : { closingBalance: closing, closingDate }),
  };
}

function latestDay(days: readonly string[]): string | undefined {
  let latest: string | undefined;
  for (const day of days) if (day !== '' && (latest === undefined || day > latest)) latest = day;
  return latest;
}

import { fixedDecimal } from '@kassa/money';
import type { ParsedAccount, ParsedRow } from './types.js';

// A CSV's running balance column: the statement's opening balance (before its earliest row) and
// closing balance (after its latest), and a check of every row against the row before. Banks
// write newest or oldest first, and some give the balance only on a day's last row.

/** The balance before the rows, the one after them, and how many rows did not follow (units of the scale). */
interface Walk {
  opening: bigint | undefined;
  closing: bigint | undefined;
  mismatches: number;
}

/** A row whose stated balance is not the balance before it plus what moved since. */
type Mismatch = (index: number, before: bigint, moved: bigint, stated: bigint) => void;

/** The rows' amounts and running balances as integers of 10^-scale units, read as the walk goes. */
interface Figures {
  rows: readonly ParsedRow[];
  balances: readonly (string | null)[];
  scale: number;
}

/** The most decimals any amount or balance has: the walk adds them exactly as integers of that scale. */
function scaleOf(rows: readonly ParsedRow[], balances: readonly (string | null)[]): number {
  let scale = 0;
  const see = (amount: string) => {
    const dot = amount.indexOf('.');
    if (dot >= 0) scale = Math.max(scale, amount.length - dot - 1);
  };
  for (const row of rows) see(row.amount);
  for (const balance of balances) if (balance !== null) see(balance);
  return scale;
}

/** A normalised amount ("-12.5") as an integer of 10^-scale units (-1250 at scale 2). */
function units(amount: string, scale: number): bigint {
  const dot = amount.indexOf('.');
  if (dot < 0) return BigInt(amount) * 10n ** BigInt(scale);
  return BigInt(amount.slice(0, dot) + amount.slice(dot + 1).padEnd(scale, '0'));
}

/**
 * Walks the rows oldest first. `moved` is what the rows since the last stated balance moved; a
 * row without a readable amount breaks the chain until the next stated balance.
 */
function walk({ rows, balances, scale }: Figures, newestFirst: boolean, onMismatch?: Mismatch): Walk {
  let known: bigint | undefined;
  let moved = 0n;
  let broken = false;
  const result: Walk = { opening: undefined, closing: undefined, mismatches: 0 };
  for (let step = 0; step < rows.length; step++) {
    const index = newestFirst ? rows.length - 1 - step : step;
    const amount = rows[index]?.amount ?? '';
    const text = balances[index] ?? null;
    if (amount === '') broken = true;
    else moved += units(amount, scale);
    if (text === null) continue;
    const stated = units(text, scale);
    if (known === undefined && result.opening === undefined && !broken) {
      result.opening = stated - moved;
    } else if (known !== undefined && !broken && known + moved !== stated) {
      result.mismatches++;
      onMismatch?.(index, known, moved, stated);
    }
    known = stated;
    moved = 0n;
    broken = false;
  }
  result.closing = known === undefined || broken ? undefined : known + moved;
  return result;
}

/**
 * Whether the file lists its newest row first: by its first and last days, and when they are the
 * same (or unreadable), by which order the balances follow in.
 */
function newestFirst(figures: Figures): boolean {
  const first = figures.rows.find((row) => row.date !== '')?.date;
  const last = figures.rows.findLast((row) => row.date !== '')?.date;
  if (first !== undefined && last !== undefined && first !== last) return first > last;
  return walk(figures, true).mismatches < walk(figures, false).mismatches;
}

/** Units of the scale as a person reads them: thousands grouped with spaces, a real minus ("−1 250.00"). */
function shown(value: bigint, scale: number): string {
  const amount = fixedDecimal(value, scale);
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
  const figures: Figures = { rows, balances, scale: scaleOf(rows, balances) };
  const { scale } = figures;
  const { opening, closing } = walk(figures, newestFirst(figures), (index, before, moved, stated) => {
    const row = rows[index];
    if (row === undefined) return;
    const figuresText = `${shown(stated, scale)} does not follow from ${shown(before, scale)} + ${shown(moved, scale)}`;
    row.warning = `line ${row.line}, balance: ${figuresText}`;
  });
  const { first: openingDate, last: closingDate } = dayRange(rows);
  return {
    ...(opening === undefined || openingDate === undefined
      ? {}
      : { openingBalance: fixedDecimal(opening, scale), openingDate }),
    ...(closing === undefined || closingDate === undefined
      ? {}
      : { closingBalance: fixedDecimal(closing, scale), closingDate }),
  };
}

/** The earliest and the latest day of the rows (those with a readable day). */
function dayRange(rows: readonly ParsedRow[]): { first: string | undefined; last: string | undefined } {
  let first: string | undefined;
  let last: string | undefined;
  for (const { date } of rows) {
    if (date === '') continue;
    if (first === undefined || date < first) first = date;
    if (last === undefined || date > last) last = date;
  }
  return { first, last };
}

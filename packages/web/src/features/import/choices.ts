import type { Category, ImportCommitBody, ImportRow } from '@kassa/contract';

// What the user decided per row before the commit, and what the commit will do with each row.

/** The user's overrides of one row; absent fields keep what the preview proposed. */
export interface RowChoice {
  /** Another category (null: Uncategorized). */
  categoryId?: number | null;
  /** true leaves a new row out; false imports a duplicate anyway. */
  skip?: boolean;
  /** false: the proposed transfer or conversion pair is not one. */
  match?: false;
  /** false: the row does not confirm the scheduled occurrence the preview proposed; it is a row of its own. */
  schedule?: false;
}

/** Overrides by line. */
export type Choices = ReadonlyMap<number, RowChoice>;

/** What the commit does with a row. */
export type Fate = 'import' | 'skip' | 'duplicate' | 'error' | 'transfer' | 'conversion';

/** Money in: the row's amount is above zero. */
export const isIncomeRow = (row: Pick<ImportRow, 'amount'>) => Number(row.amount) > 0;

/** The category a row will get: the user's choice, else the suggestion. */
export const categoryOf = (row: ImportRow, choice: RowChoice | undefined): number | null =>
  choice?.categoryId !== undefined ? choice.categoryId : row.categoryId;

/** Whether a row is a pair as far as its own choices go (the server also drops a pair whose other side is left out). */
function pairedAlone(row: ImportRow, choice: RowChoice | undefined): boolean {
  return row.match !== undefined && choice?.match !== false;
}

function fateAlone(row: ImportRow, choice: RowChoice | undefined): Fate {
  if (row.status === 'error') return 'error';
  const taken = row.status === 'new' ? choice?.skip !== true : choice?.skip === false;
  if (!taken) return row.status === 'new' ? 'skip' : 'duplicate';
  return pairedAlone(row, choice) && row.match !== undefined ? row.match.kind : 'import';
}

/**
 * What the commit will do with each row, by line (as the server decides it): errors stay out,
 * new rows go in unless skipped, duplicates only when imported anyway, and a proposed pair becomes
 * a transfer or conversion unless rejected; a pair within the file stands only while both sides do.
 */
export function fatesOf(rows: readonly ImportRow[], choices: Choices): Map<number, Fate> {
  const fates = new Map(rows.map((r) => [r.line, fateAlone(r, choices.get(r.line))]));
  const isPair = (f: Fate | undefined) => f === 'transfer' || f === 'conversion';
  for (const r of rows) {
    const other = r.match?.line;
    if (other === undefined || !isPair(fates.get(r.line))) continue;
    if (!isPair(fates.get(other))) fates.set(r.line, 'import');
  }
  return fates;
}

/**
 * Whether the row, when committed, confirms the due scheduled occurrence the preview proposed
 * (ImportRow.schedule): it is imported (not skipped, no pair) and the user did not decline it.
 */
export const confirmsSchedule = (row: ImportRow, choice: RowChoice | undefined, fate: Fate | undefined): boolean =>
  row.schedule !== undefined && choice?.schedule !== false && fate === 'import';

/** How many rows will confirm a scheduled occurrence. */
export function scheduleCount(rows: readonly ImportRow[], choices: Choices, fates: ReadonlyMap<number, Fate>): number {
  let n = 0;
  for (const r of rows) if (confirmsSchedule(r, choices.get(r.line), fates.get(r.line))) n++;
  return n;
}

/** How many rows meet each fate. */
export function tally(fates: ReadonlyMap<number, Fate>): Record<Fate, number> {
  const counts: Record<Fate, number> = { import: 0, skip: 0, duplicate: 0, error: 0, transfer: 0, conversion: 0 };
  for (const f of fates.values()) counts[f]++;
  return counts;
}

/**
 * The commit's body: only rows the user changed, each with only what differs from the preview
 * (a large file sends a short body), and the fixpoint when asked for.
 */
export function commitBody(rows: readonly ImportRow[], choices: Choices, fixpoint: boolean): ImportCommitBody {
  const overrides: NonNullable<ImportCommitBody['rows']> = [];
  for (const row of rows) {
    const choice = choices.get(row.line);
    if (choice === undefined || row.status === 'error') continue;
    const entry: NonNullable<ImportCommitBody['rows']>[number] = { line: row.line };
    if (choice.categoryId !== undefined && choice.categoryId !== row.categoryId) entry.categoryId = choice.categoryId;
    if (row.status === 'new' && choice.skip === true) entry.skip = true;
    if (row.status === 'duplicate' && choice.skip === false) entry.skip = false;
    if (row.match !== undefined && choice.match === false) entry.match = false;
    if (row.schedule !== undefined && choice.schedule === false) entry.schedule = false;
    if (Object.keys(entry).length > 1) overrides.push(entry);
  }
  return { ...(overrides.length === 0 ? {} : { rows: overrides }), ...(fixpoint ? { fixpoint: true } : {}) };
}

/** The categories a row may take: active real ones of its direction, by name. */
export function categoriesFor(all: readonly Category[], income: boolean): Category[] {
  return all
    .filter((c) => c.type === 'real' && c.isActive && c.isIncome === income)
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** Rows shown per page of the row list. */
export const ROWS_PER_PAGE = 100;

/** The filters of the row list. */
export type RowFilter = 'all' | 'new' | 'duplicate' | 'error' | 'pair' | 'schedule';

export function filterRows(rows: readonly ImportRow[], filter: RowFilter): readonly ImportRow[] {
  if (filter === 'all') return rows;
  if (filter === 'pair') return rows.filter((r) => r.match !== undefined);
  if (filter === 'schedule') return rows.filter((r) => r.schedule !== undefined);
  return rows.filter((r) => r.status === filter);
}

const MARKS = /\p{M}/gu;
const SPACES = /\s+/gu;

/**
 * The payee a row's category history is kept under, normalised as the server does (rules'
 * normaliseText): accents folded, lower case, spaces collapsed; the description when no payee.
 */
export const payeeKey = (row: Pick<ImportRow, 'payee' | 'description'>): string =>
  (row.payee === '' ? row.description : row.payee)
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(SPACES, ' ')
    .trim();

/**
 * The other rows that take the category just picked for the row of `line`: the same payee and
 * direction, imported as rows of their own (no errors, no pairs), and neither chosen on this page
 * nor suggested by a rule or a scheduled entry (a payee's history, or nothing, gives way).
 */
export function samePayeeLines(
  rows: readonly ImportRow[],
  choices: Choices,
  fates: ReadonlyMap<number, Fate>,
  line: number,
): number[] {
  const picked = rows.find((r) => r.line === line);
  if (picked === undefined) return [];
  const key = payeeKey(picked);
  if (key === '') return [];
  const income = isIncomeRow(picked);
  return rows
    .filter(
      (r) =>
        r.line !== line &&
        r.status !== 'error' &&
        fates.get(r.line) !== 'transfer' &&
        fates.get(r.line) !== 'conversion' &&
        choices.get(r.line)?.categoryId === undefined &&
        (r.categoryId === null || r.categorySource === 'payee') &&
        isIncomeRow(r) === income &&
        payeeKey(r) === key,
    )
    .map((r) => r.line);
}

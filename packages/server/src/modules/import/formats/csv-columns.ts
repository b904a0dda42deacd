import type { CsvColumn, CsvColumns } from '@kassa/contract';
import { badRequest } from '../../../http/errors.js';
import { looksLikeAmount } from './amounts.js';
import {
  CSV_FIELDS,
  hasWord,
  IN_MARKS,
  nameScore,
  normaliseHeader,
  NOT_THE_AMOUNT,
  OUT_MARKS,
  SIGN_HEADERS,
} from './csv-header-names.js';
import type { CsvField } from './csv-header-names.js';
import { looksLikeDate } from './dates.js';

// Which column holds what: by the header's words in the languages of Europe's and America's
// banks, checked against the values (a German "Valuta" is a day, an Italian one a currency).

/** 0-based column of each mapped field. */
export type ColumnIndexes = Partial<Record<CsvField, number>> & { date: number };

const CURRENCY_CODE = /^[A-Za-z]{3}$|^\p{Sc}$/u;

/** Share of the non-empty values passing a test; `emptyOk` when a column may be empty in the sample. */
function share(values: readonly string[], test: (value: string) => boolean, emptyOk: boolean): boolean {
  let present = 0;
  let passing = 0;
  for (const raw of values) {
    const value = raw.trim();
    if (value === '') continue;
    present++;
    if (test(value)) passing++;
  }
  return present === 0 ? emptyOk : passing * 2 >= present;
}

function fitsValues(field: CsvField, values: readonly string[]): boolean {
  switch (field) {
    case 'date':
      return share(values, looksLikeDate, false);
    case 'amount':
      return share(values, looksLikeAmount, false);
    case 'debit':
    case 'credit':
      return share(values, looksLikeAmount, true);
    case 'currency':
      return share(values, (v) => CURRENCY_CODE.test(v), false);
    case 'balance':
      // Some banks give the balance only on a day's last row.
      return share(values, looksLikeAmount, true);
    default:
      return true;
  }
}

/** Found by values alone, an amount column must show a sign or decimals somewhere: ids and account numbers do not. */
const AMOUNT_EVIDENCE = /[-\u2212(]|[.,]\d\d?(?!\d)/;

const columnValues = (sample: readonly string[][], column: number) => sample.map((cells) => cells[column] ?? '');

/** The first column not yet taken whose values are mostly of a kind (for files whose header words are unknown). */
function byValues(
  header: readonly string[],
  sample: readonly string[][],
  width: number,
  taken: ReadonlySet<number>,
  test: (value: string) => boolean,
  evidence?: RegExp,
): number | undefined {
  for (let column = 0; column < width; column++) {
    if (taken.has(column)) continue;
    const name = normaliseHeader(header[column] ?? '');
    if (hasWord(name, NOT_THE_AMOUNT)) continue;
    let present = 0;
    let passing = 0;
    for (const cells of sample) {
      const value = (cells[column] ?? '').trim();
      if (value === '') continue;
      present++;
      if (test(value)) passing++;
    }
    if (present === 0 || passing < present * 0.8) continue;
    if (evidence === undefined || sample.some((cells) => evidence.test(cells[column] ?? ''))) return column;
  }
  return undefined;
}

/**
 * The columns found by header words (best names first, each column used once), checked against
 * the values; date and amount also by the values alone when no header names them (or there is no
 * header). Debit and credit only when there is no amount column, and only as a pair.
 */
export function detectColumns(
  header: readonly string[],
  sample: readonly string[][],
  width: number,
): Partial<ColumnIndexes> {
  const candidates: { field: CsvField; column: number; score: number }[] = [];
  header.forEach((cell, column) => {
    const name = normaliseHeader(cell);
    if (name === '') return;
    CSV_FIELDS.forEach((field, order) => {
      const score = nameScore(name, field);
      if (score !== null) candidates.push({ field, column, score: score * 10 + order });
    });
  });
  candidates.sort((a, b) => a.score - b.score || a.column - b.column);
  const found: Partial<ColumnIndexes> = {};
  const taken = new Set<number>();
  const take = (field: CsvField, column: number | undefined) => {
    if (column === undefined) return;
    found[field] = column;
    taken.add(column);
  };
  for (const { field, column } of candidates) {
    if (found[field] !== undefined || taken.has(column)) continue;
    if (fitsValues(field, columnValues(sample, column))) take(field, column);
  }
  if (found.date === undefined) take('date', byValues(header, sample, width, taken, looksLikeDate));
  if (found.amount === undefined && (found.debit === undefined || found.credit === undefined)) {
    take('amount', byValues(header, sample, width, taken, looksLikeAmount, AMOUNT_EVIDENCE));
  }
  if (found.amount !== undefined) {
    delete found.debit;
    delete found.credit;
  } else if (found.debit === undefined || found.credit === undefined) {
    delete found.debit;
    delete found.credit;
  }
  if (header.length === 0 && found.description === undefined) take('description', longestText(sample, width, taken));
  return found;
}

/**
 * The running balance column by its header, for a mapping the caller gave without one (a profile
 * saved before the field existed, a screen that does not show it): it only adds a check and
 * the statement's balances, never changes a row, so it is found as the sign column is.
 */
export function detectBalanceColumn(
  header: readonly string[],
  sample: readonly string[][],
  taken: ReadonlySet<number>,
): number | undefined {
  let best: { column: number; score: number } | undefined;
  header.forEach((cell, column) => {
    const score = taken.has(column) ? null : nameScore(normaliseHeader(cell), 'balance');
    if (score === null || (best !== undefined && best.score <= score)) return;
    if (fitsValues('balance', columnValues(sample, column))) best = { column, score };
  });
  return best?.column;
}

/** Without a header: the description is the column with the longest texts that are no numbers. */
function longestText(sample: readonly string[][], width: number, taken: ReadonlySet<number>): number | undefined {
  let best: number | undefined;
  let bestLength = 0;
  for (let column = 0; column < width; column++) {
    if (taken.has(column)) continue;
    const values = columnValues(sample, column).map((v) => v.trim());
    if (values.some((v) => v !== '' && looksLikeAmount(v))) continue;
    const length = values.reduce((sum, v) => sum + v.length, 0);
    if (length > bestLength) {
      best = column;
      bestLength = length;
    }
  }
  return best;
}

/**
 * A column saying whether the amount is money in or out, for banks that write amounts unsigned:
 * named so (or with a blank header) and holding nothing but such marks. The contract has no
 * mapping field for it, so it is found from the content also when the caller maps the columns.
 */
export function detectSignColumn(
  header: readonly string[],
  sample: readonly string[][],
  width: number,
  taken: ReadonlySet<number>,
): number | undefined {
  for (let column = 0; column < width; column++) {
    const name = normaliseHeader(header[column] ?? '');
    if (taken.has(column) || (name !== '' && !SIGN_HEADERS.has(name))) continue;
    let marks = 0;
    let others = 0;
    for (const cells of sample) {
      const value = (cells[column] ?? '').trim().toLowerCase();
      if (value === '') continue;
      if (OUT_MARKS.has(value) || IN_MARKS.has(value)) marks++;
      else others++;
    }
    if (marks > 0 && others === 0) return column;
  }
  return undefined;
}

/** A column given by the caller: its index, or a 400 naming the option and the column. */
function resolveColumn(field: CsvField, column: CsvColumn, header: readonly string[], width: number): number {
  if (typeof column === 'number') {
    if (column < width) return column;
    throw badRequest(`options.csv.columns.${field}: the file has no column ${column} (it has ${width} columns)`);
  }
  const wanted = column.trim().toLowerCase();
  const index = header.findIndex((cell) => cell.trim().toLowerCase() === wanted);
  if (index >= 0) return index;
  throw badRequest(`options.csv.columns.${field}: the file has no column "${column}"`);
}

/** The caller's mapping as indexes; it must name an amount column, or a debit and a credit column. */
export function resolveColumns(given: CsvColumns, header: readonly string[], width: number): ColumnIndexes {
  const indexes: ColumnIndexes = { date: resolveColumn('date', given.date, header, width) };
  for (const field of CSV_FIELDS) {
    const column = given[field];
    if (field !== 'date' && column !== undefined) indexes[field] = resolveColumn(field, column, header, width);
  }
  if (indexes.amount === undefined && (indexes.debit === undefined || indexes.credit === undefined)) {
    throw badRequest('options.csv.columns: map an amount column, or both a debit and a credit column');
  }
  if (indexes.amount !== undefined) {
    delete indexes.debit;
    delete indexes.credit;
  }
  return indexes;
}

/**
 * The mapping to return: a column as the caller gave it, else by its header text when that names
 * it alone, else by index.
 */
export function describeColumns(indexes: ColumnIndexes, header: readonly string[], given?: CsvColumns): CsvColumns {
  const name = (column: number, field: CsvField): CsvColumn => {
    const asGiven = given?.[field];
    if (asGiven !== undefined) return asGiven;
    const text = (header[column] ?? '').trim();
    const unique =
      text !== '' && header.filter((cell) => cell.trim().toLowerCase() === text.toLowerCase()).length === 1;
    return unique ? text : column;
  };
  const columns: CsvColumns = { date: name(indexes.date, 'date') };
  for (const field of CSV_FIELDS) {
    const column = indexes[field];
    if (field !== 'date' && column !== undefined) columns[field] = name(column, field);
  }
  return columns;
}

import { cleanText, type CsvDateFormat } from '@kassa/contract';
import { absoluteAmount, addAmounts, negateAmount, normaliseAmount } from './amounts.js';
import type { NumberFormat } from './amounts.js';
import type { ColumnIndexes } from './csv-columns.js';
import { IN_MARKS, OUT_MARKS } from './csv-header-names.js';
import { parseDate } from './dates.js';
import type { ParsedRow } from './types.js';

// One CSV record read into a row with the dialect and mapping decided for the file. Runs once
// per record of files with a million of them, so it allocates little and compiles no pattern.

export interface RowReader {
  columns: ColumnIndexes;
  /** A column of in/out marks for unsigned amounts (ING's "Af Bij"). */
  sign: number | undefined;
  number: Required<NumberFormat>;
  dateFormat: CsvDateFormat;
  /**
   * Days already read, by their text: a statement repeats a few hundred days over its rows, and
   * sharing one string per day keeps a million rows smaller.
   */
  days: Map<string, string | null>;
}

/** Bounds the day cache for a column full of distinct garbage. */
const MAX_CACHED_DAYS = 10_000;

function readDay(text: string, reader: RowReader): string | null {
  const known = reader.days.get(text);
  if (known !== undefined) return known;
  const day = parseDate(text, reader.dateFormat);
  if (reader.days.size < MAX_CACHED_DAYS) reader.days.set(text, day);
  return day;
}

type AmountCell = { ok: true; amount: string } | { ok: false; error: string } | null;

/** An amount cell: null when empty, the normalised amount, or an error naming the field. */
function readAmount(
  cells: readonly string[],
  column: number | undefined,
  reader: RowReader,
  field: string,
): AmountCell {
  const text = column === undefined ? '' : (cells[column] ?? '').trim();
  if (text === '') return null;
  const amount = normaliseAmount(text, reader.number);
  return amount === null ? { ok: false, error: `${field}: "${text}" is not a number` } : { ok: true, amount };
}

// Symbols that name one currency; "$" and "¥" name several and stay as written.
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { '€': 'EUR', '£': 'GBP' };

const currencyCode = (text: string) => {
  const code = text.trim().toUpperCase();
  return CURRENCY_SYMBOLS[code] ?? code;
};

/** An amount with the sign an in/out mark gives it; as written without a mark. */
function signed(amount: string, mark: string): string {
  const said = mark.trim().toLowerCase();
  if (OUT_MARKS.has(said)) return negateAmount(absoluteAmount(amount));
  if (IN_MARKS.has(said)) return absoluteAmount(amount);
  return amount;
}

/** One record as a row; null for a line with neither a date nor an amount (a summary or separator line). */
export function readRow(cells: readonly string[], line: number, reader: RowReader): ParsedRow | null {
  const { columns } = reader;
  const cell = (column: number | undefined) => (column === undefined ? '' : (cells[column] ?? ''));
  const dateText = cell(columns.date).trim();
  const date = dateText === '' ? null : readDay(dateText, reader);
  const errors: string[] = [];
  let amount: string | null = null;
  let noAmount: boolean;
  if (columns.amount !== undefined) {
    const read = readAmount(cells, columns.amount, reader, 'amount');
    noAmount = read === null;
    if (read?.ok === false) errors.push(read.error);
    else if (read?.ok === true) amount = signed(read.amount, cell(reader.sign));
  } else {
    // The amount is credit − debit; a debit is money out whether the bank writes it signed or not.
    const debit = readAmount(cells, columns.debit, reader, 'debit');
    const credit = readAmount(cells, columns.credit, reader, 'credit');
    noAmount = debit === null && credit === null;
    if (debit?.ok === false) errors.push(debit.error);
    if (credit?.ok === false) errors.push(credit.error);
    const out = debit?.ok === true ? negateAmount(absoluteAmount(debit.amount)) : null;
    const into = credit?.ok === true ? credit.amount : null;
    if (errors.length === 0 && !noAmount) amount = out === null ? into : into === null ? out : addAmounts(into, out);
  }
  if (date === null && noAmount) return null;
  if (date === null)
    errors.unshift(dateText === '' ? 'date: missing' : `date: "${dateText}" is not a date in ${reader.dateFormat}`);
  if (noAmount) errors.push('amount: missing');
  const row: ParsedRow = {
    line,
    date: date ?? '',
    amount: amount ?? '',
    currency: currencyCode(cell(columns.currency)),
    // Text cells (the id too, shown in the preview) get the cleaning of every stored text
    // (@kassa/contract), on one line: a quoted line break or a run of spaces becomes one space.
    // A plain ASCII cell costs one test.
    description: cleanText(cell(columns.description)),
    payee: cleanText(cell(columns.payee)),
    externalId: cleanText(cell(columns.id)) || null,
    account: '',
  };
  if (errors.length > 0) row.error = `line ${line}, ${errors.join('; ')}`;
  return row;
}

/**
 * A row's running balance, null when there is none: no balance column, an empty cell, or one
 * that is no number, which is a warning on the row (a balance only checks; it never keeps a row out).
 */
export function readBalance(cells: readonly string[], row: ParsedRow, reader: RowReader): string | null {
  const read = readAmount(cells, reader.columns.balance, reader, 'balance');
  if (read === null) return null;
  if (read.ok) return read.amount;
  row.warning = `line ${row.line}, ${read.error}`;
  return null;
}

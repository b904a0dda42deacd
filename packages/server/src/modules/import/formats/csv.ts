import type { CsvOptions, ImportEncoding, ImportTable, ResolvedImportOptions } from '@kassa/contract';
import { MAX_IMPORT_ROWS } from '@kassa/contract';
import { unprocessable } from '../../../http/errors.js';
import { tooManyRows } from './row-limit.js';
import { detectNumberFormat, looksLikeAmount } from './amounts.js';
import type { NumberFormat } from './amounts.js';
import { runningBalances } from './csv-balances.js';
import {
  describeColumns,
  detectBalanceColumn,
  detectColumns,
  detectSignColumn,
  resolveColumns,
} from './csv-columns.js';
import type { ColumnIndexes } from './csv-columns.js';
import { headerFieldCount } from './csv-header-names.js';
import { detectLayout, HEAD_LINES, scanHead } from './csv-dialect.js';
import { countRecords, forEachRecord } from './csv-records.js';
import { readBalance, readRow } from './csv-rows.js';
import type { RowReader } from './csv-rows.js';
import { detectDateFormat, looksLikeDate } from './dates.js';
import { PREVIEW_TABLE_ROWS } from './types.js';
import type { ParsedRow, ParsedStatement } from './types.js';

// A bank's CSV export of any dialect: the dialect and column mapping detected from the first
// lines (each part the caller gives overrides detection), then every record read into a row.

export type ResolvedCsvOptions = NonNullable<ResolvedImportOptions['csv']>;

export interface CsvFile extends ParsedStatement {
  csv: ResolvedCsvOptions;
  table: ImportTable;
}

interface HeadRow {
  cells: string[];
  line: number;
}

export const NOT_TABULAR = 'The file is not CSV: no delimiter (, ; tab |) splits its lines into the same columns';

const NOT_BLANK = /\S/;
const isBlank = (cells: readonly string[]) => !cells.some((cell) => NOT_BLANK.test(cell));

/** A record that is data, not a header: a date and an amount (a header holds neither). */
const looksLikeData = (cells: readonly string[]) =>
  cells.some((cell) => looksLikeDate(cell)) && cells.some((cell) => !looksLikeDate(cell) && looksLikeAmount(cell));

/** The header: the first record naming two fields near where the table starts, else where it starts. */
function findHeader(rows: readonly HeadRow[], tableLine: number): number {
  const start = Math.max(
    0,
    rows.findIndex((row) => row.line >= tableLine),
  );
  // Look a few records back too: a header without the trailing delimiter of the rows has one column less.
  for (let i = Math.max(0, start - 3); i < Math.min(rows.length, start + 16); i++) {
    const cells = rows[i]?.cells ?? [];
    if (!isBlank(cells) && headerFieldCount(cells) >= 2) return i;
  }
  return start;
}

/** The decimal separator to assume when the amounts do not tell: ',' with ';' or with day.month. dates. */
function preferredDecimal(delimiter: string, dateValues: readonly string[]): NumberFormat['decimalSeparator'] {
  if (delimiter === ';') return ',';
  const firstDate = dateValues.find((value) => value.trim() !== '') ?? '';
  return /^\s*\d{1,2}\.\d{1,2}\.\d{2,4}/.test(firstDate) ? ',' : '.';
}

/** What detection missed, as the 422 says it; null when date and amount were found. */
function missingColumns(columns: Partial<ColumnIndexes>): string | null {
  const missing: string[] = [];
  if (columns.date === undefined) missing.push('date column');
  if (columns.amount === undefined && (columns.debit === undefined || columns.credit === undefined)) {
    missing.push('amount column (nor debit and credit columns)');
  }
  if (missing.length === 0) return null;
  return `The CSV file has no ${missing.join(' and no ')} that Kassa recognises; set the column mapping by hand`;
}

/** Reads a CSV file; throws 422 when it is no table or lacks a date or amount column, 400 for a mapping it does not fit. */
export function readCsv(text: string, given: CsvOptions, encoding: ImportEncoding, maxRows = MAX_IMPORT_ROWS): CsvFile {
  const head = scanHead(text, HEAD_LINES + (given.skipLines ?? 0));
  const layout = detectLayout(head.records, given.delimiter);
  const delimiter = given.delimiter ?? layout?.delimiter;
  if (delimiter === undefined) throw unprocessable(NOT_TABULAR);

  const rows: HeadRow[] = [];
  forEachRecord(head.text, delimiter, 1, (cells, line) => rows.push({ cells, line }));
  const skip = given.skipLines;
  const headerIndex =
    skip !== undefined
      ? rows.findIndex((row) => row.line > skip && !isBlank(row.cells))
      : findHeader(rows, layout === null ? 1 : (head.records[layout.first]?.line ?? 1));
  const headerRow = rows[headerIndex];
  if (headerRow === undefined) throw unprocessable('The CSV file has no rows below its title lines');
  const hasHeader = !looksLikeData(headerRow.cells);
  const header = hasHeader ? headerRow.cells.map((cell) => cell.trim()) : [];
  const sample = rows
    .slice(hasHeader ? headerIndex + 1 : headerIndex)
    .map((row) => row.cells)
    .filter((cells) => !isBlank(cells));
  const width = Math.max(header.length, ...sample.map((cells) => cells.length));

  const found = given.columns ? resolveColumns(given.columns, header, width) : detectColumns(header, sample, width);
  if (given.columns !== undefined && found.balance === undefined) {
    found.balance = detectBalanceColumn(header, sample, new Set(Object.values(found)));
    if (found.balance === undefined) delete found.balance;
  }
  const missing = missingColumns(found);
  if (missing !== null || found.date === undefined) throw unprocessable(missing ?? 'no date column');
  const columns: ColumnIndexes = { ...found, date: found.date };

  const valuesOf = (column: number | undefined) =>
    column === undefined ? [] : sample.map((cells) => cells[column] ?? '');
  const dateValues = valuesOf(columns.date);
  const amountValues = [...valuesOf(columns.amount), ...valuesOf(columns.debit), ...valuesOf(columns.credit)];
  const detected = detectNumberFormat(amountValues, preferredDecimal(delimiter, dateValues), given.decimalSeparator);
  const number = { ...detected, thousandsSeparator: given.thousandsSeparator ?? detected.thousandsSeparator };
  const dateFormat = given.dateFormat ?? detectDateFormat(dateValues, number.decimalSeparator === ',');
  if (dateFormat === null) {
    const example = dateValues.find((value) => value.trim() !== '') ?? '';
    throw unprocessable(
      `The CSV date column holds no dates Kassa reads (e.g. "${example}"); set the date format by hand`,
    );
  }

  const mapped = new Set(Object.values(columns));
  const sign = columns.amount === undefined ? undefined : detectSignColumn(header, sample, width, mapped);
  const reader: RowReader = { columns, sign, number, dateFormat, days: new Map() };
  const headerLine = headerRow.line;
  // Counted before the rows are read: a file past the limit is refused at once, not after parsing.
  const records = countRecords(text, hasHeader ? headerLine + 1 : headerLine);
  if (records > maxRows) throw tooManyRows(records, maxRows);
  const parsed: ParsedRow[] = [];
  // Each row's running balance, by the row's index in `parsed`, when the file has the column.
  const balances: (string | null)[] = [];
  const table: string[][] = [];
  const currencies = new Set<string>();
  forEachRecord(text, delimiter, headerLine, (cells, line) => {
    if ((hasHeader && line === headerLine) || isBlank(cells)) return;
    if (table.length < PREVIEW_TABLE_ROWS) table.push(cells);
    const row = readRow(cells, line, reader);
    if (row === null) return;
    currencies.add(row.currency);
    parsed.push(row);
    if (columns.balance !== undefined) balances.push(readBalance(cells, row, reader));
  });

  // One currency for every row (none blank) is the account's currency.
  const [only] = currencies;
  const currency = currencies.size === 1 && only !== undefined ? only : '';
  // A running balance over rows of several currencies adds what cannot be added: none is read.
  const statement = currencies.size > 1 ? {} : runningBalances(parsed, balances);
  return {
    accounts: [{ account: '', currency, ...statement }],
    rows: parsed,
    csv: {
      delimiter,
      decimalSeparator: number.decimalSeparator,
      thousandsSeparator: number.thousandsSeparator,
      dateFormat,
      encoding,
      skipLines: skip ?? headerLine - 1,
      columns: describeColumns(columns, header, given.columns),
    },
    table: { header, rows: table },
  };
}

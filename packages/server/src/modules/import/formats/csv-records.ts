import { CsvError, parse } from 'csv-parse/sync';
import { unprocessable } from '../../../http/errors.js';
import type { CsvDelimiter } from './csv-dialect.js';

// Cutting CSV text into records with csv-parse (quoted fields, doubled quotes, line breaks inside
// quotes), one record at a time so that a large file is never held as a second array of records.

/** Line breaks inside a record's cells: \r\n, \r and \n each count once. */
function lineBreaks(cells: readonly string[]): number {
  let breaks = 0;
  const last = cells.length - 1;
  for (let index = 0; index <= last; index++) {
    const cell = cells[index] ?? '';
    let at = cell.indexOf('\n');
    while (at >= 0) {
      breaks++;
      at = cell.indexOf('\n', at + 1);
    }
    at = cell.indexOf('\r');
    while (at >= 0) {
      // A lone \r ending the record is the rest of a \r\n in a file whose first line ended in \n.
      const trailing = index === last && at === cell.length - 1;
      if (cell.charCodeAt(at + 1) !== 10 && !trailing) breaks++;
      at = cell.indexOf('\r', at + 1);
    }
  }
  return breaks;
}

/**
 * Calls `onRecord` with the cells of every record from physical line `fromLine` (1-based) on and
 * the line the record starts on. Blank lines are records too (one empty cell). csv-parse's own
 * line count is not used: it counts a quoted \r\n as two lines.
 */
export function forEachRecord(
  text: string,
  delimiter: CsvDelimiter,
  fromLine: number,
  onRecord: (cells: string[], line: number) => void,
): void {
  let next = fromLine;
  try {
    parse(text, {
      delimiter,
      from_line: fromLine,
      relax_column_count: true,
      relax_quotes: true,
      on_record: (cells: string[]) => {
        const line = next;
        next = line + 1 + lineBreaks(cells);
        onRecord(cells, line);
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) {
      throw unprocessable(`The CSV file cannot be read from line ${next} on: ${error.message}`);
    }
    throw error;
  }
}

/**
 * Counts the records that hold more than whitespace from physical line `fromLine` (1-based) on,
 * minding quotes (a line break inside a quoted cell is no new record). A character loop with no
 * cells made: 50 MB in a fraction of a second, so a file over the row limit is refused before
 * the seconds its parse would take.
 */
export function countRecords(text: string, fromLine: number): number {
  let line = 1;
  let quoted = false;
  let filled = false;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      quoted = !quoted; // a doubled quote toggles twice
      filled = true;
    } else if ((c === 10 || c === 13) && !quoted) {
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      if (filled && line >= fromLine) count++;
      line++;
      filled = false;
    } else if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) line++;
    else if (c !== 32 && c !== 9 && c !== 13) filled = true;
  }
  if (filled && line >= fromLine) count++;
  return count;
}

import { MAX_IMPORT_ROWS } from '@kassa/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { countRecords } from './csv-records.js';
import { parseFile } from './index.js';

// A CSV past the row limit is refused from a count of its records, before its rows are read
// (issue 31: a 1,000,001-row file got its 413 only after 8–20 s of parsing).

describe('countRecords', () => {
  it('counts non-blank records from a line on, minding quoted line breaks', () => {
    const text = 'title\r\n\r\nDate,Text\n2026-01-01,"two\nlines"\n  \n2026-01-02,"a ""quoted"" word"\r2026-01-03,x';
    expect(countRecords(text, 1)).toBe(5);
    // From the header's line (3) on: the header and three rows; the quoted break is no record.
    expect(countRecords(text, 3)).toBe(4);
    expect(countRecords(text, 4)).toBe(3);
    expect(countRecords('', 1)).toBe(0);
  });
});

describe('the row limit of a CSV', () => {
  const file = (rows: number) => {
    const lines = ['Date,Payee,Amount'];
    for (let i = 0; i < rows; i++) lines.push(`2026-01-${String((i % 28) + 1).padStart(2, '0')},Shop ${i},-1.00`);
    return new TextEncoder().encode(lines.join('\n'));
  };

  it('refuses a file of one row more than the limit before reading its rows, naming the count', () => {
    const bytes = file(MAX_IMPORT_ROWS + 1);
    const started = performance.now();
    let caught: unknown;
    try {
      parseFile(bytes, {});
    } catch (error) {
      caught = error;
    }
    const took = performance.now() - started;
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(413);
    expect((caught as AppError).message).toBe(
      'The file has 1,000,001 rows; one import takes at most 1,000,000: split it by date',
    );
    // Reading a million rows takes seconds; counting them, a fraction of that (generous for a loaded machine).
    expect(took).toBeLessThan(3000);
  });

  it('still reads a file of exactly the limit (blank lines and the header are not rows)', () => {
    const text = 'Date,Payee,Amount\n\n2026-01-01,A,-1.00\n\n2026-01-02,B,-2.00\n';
    expect(parseFile(new TextEncoder().encode(text), {}, 2).rows).toHaveLength(2);
  });
});

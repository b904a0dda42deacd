import { describe, expect, it } from 'vitest';
import type { BundleRow } from './bundle-csv.js';
import { coverage, findJumps, findSpikes, longestGaps, withoutValues } from './quality.js';

const row = (date: string, rates: Record<string, string>, source = `api@${date}`): BundleRow => ({
  date,
  source,
  rates: new Map(Object.entries(rates)),
});

const rows = [
  row('2025-01-02', { MNT: '4000', SYP: '13000' }, 'fc'),
  row('2025-01-10', { MNT: '4100', SYP: '13100' }),
  row('2025-01-11', { MNT: '0.8', SYP: '13050' }),
  row('2025-01-12', { MNT: '4120' }),
  row('2025-01-20', { MNT: '4130', SYP: '130' }),
  row('2025-01-21', { MNT: '4140', SYP: '129' }),
];
const late = (date: string) => date > '2025-01-03';

describe('findJumps', () => {
  it('reports changes beyond the factor between consecutive values of a currency, both ways', () => {
    const jumps = findJumps(rows, 3, late);
    expect(jumps.map((j) => `${j.code} ${j.fromDate}->${j.toDate}`)).toEqual([
      'MNT 2025-01-10->2025-01-11',
      'MNT 2025-01-11->2025-01-12',
      'SYP 2025-01-11->2025-01-20',
    ]);
    expect(jumps[2]?.factor).toBeCloseTo(13050 / 130);
  });

  it('checks the step into the first checked row but not the rows before it', () => {
    const handOver = [
      row('2001-12-31', { TMT: '4628' }, 'fc'),
      row('2002-01-31', { TMT: '9000' }, 'fc'),
      row('2025-01-10', { TMT: '3.6' }),
    ];
    expect(findJumps(handOver, 3, late).map((j) => j.fromDate)).toEqual(['2002-01-31']);
  });
});

describe('findSpikes', () => {
  it('finds an isolated value off both neighbours, not a lasting change', () => {
    const spikes = findSpikes(rows, 3, late);
    expect(spikes).toEqual([
      { code: 'MNT', date: '2025-01-11', source: 'api@2025-01-11', rate: '0.8', previous: '4100', next: '4120' },
    ]);
  });

  it('leaves the first and last value alone (they have one neighbour)', () => {
    expect(findSpikes([row('2025-01-10', { A: '1' }), row('2025-01-11', { A: '100' })], 3, late)).toEqual([]);
  });
});

describe('withoutValues', () => {
  it('removes single cells and rows left empty', () => {
    const left = withoutValues(rows, [
      { date: '2025-01-11', code: 'MNT' },
      { date: '2025-01-12', code: 'MNT' },
    ]);
    expect(left.map((r) => [r.date, [...r.rates.keys()].join(' ')])).toEqual([
      ['2025-01-02', 'MNT SYP'],
      ['2025-01-10', 'MNT SYP'],
      ['2025-01-11', 'SYP'],
      ['2025-01-20', 'MNT SYP'],
      ['2025-01-21', 'MNT SYP'],
    ]);
  });
});

describe('longestGaps', () => {
  it('counts missing calendar days, longest first', () => {
    expect(longestGaps(['2025-01-01', '2025-01-02', '2025-01-05', '2025-02-01', '2025-02-04'], 2)).toEqual([
      { after: '2025-01-05', before: '2025-02-01', missing: 26 },
      { after: '2025-01-02', before: '2025-01-05', missing: 2 },
    ]);
    expect(longestGaps(['2024-02-28', '2024-03-01'], 5)).toEqual([
      { after: '2024-02-28', before: '2024-03-01', missing: 1 },
    ]);
    expect(longestGaps(['2025-01-01'], 5)).toEqual([]);
  });
});

describe('coverage', () => {
  it('tells first and last day, day count and longest gap per code', () => {
    const [mnt, syp, none] = coverage(rows, ['MNT', 'SYP', 'XCD']);
    expect(mnt).toMatchObject({ code: 'MNT', first: '2025-01-02', last: '2025-01-21', days: 6 });
    expect(syp?.longestGap).toEqual({ after: '2025-01-11', before: '2025-01-20', missing: 8 });
    expect(none).toEqual({ code: 'XCD', first: '', last: '', days: 0, longestGap: undefined });
  });
});

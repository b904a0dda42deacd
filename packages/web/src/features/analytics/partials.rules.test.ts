import { describe, expect, it } from 'vitest';
import { projectedAverages } from './shares';
import { multiPeriodRows } from './series';

describe('multi-period series are told apart by place, not name (issue 22)', () => {
  it('keeps categories named "dates" and "Other" as categories', () => {
    const answer = [
      { name: 'dates', values: ['2026-01', '2026-02'] },
      { name: 'dates', values: [5, 1] },
      { name: 'Other', values: [3, 0] },
    ];
    const chart = multiPeriodRows(answer, 'EUR');
    expect(chart?.lines.map((l) => l.label)).toEqual(['dates', 'Other']);
    expect(chart?.rows).toEqual([
      { x: '2026-01', s0: 5, s1: 3 },
      { x: '2026-02', s0: 1, s1: 0 },
    ]);
  });

  it('names the remainder apart when a top category is called Other', () => {
    const tops = Array.from({ length: 7 }, (_, i) => ({ name: i === 0 ? 'Other' : `c${i}`, values: [10 - i] }));
    const answer = [{ name: 'dates', values: ['2026-01'] }, ...tops, { name: 'Other', values: [2.5] }];
    const chart = multiPeriodRows(answer, 'EUR');
    expect(chart?.lines.map((l) => l.label).at(0)).toBe('Other');
    expect(chart?.lines.map((l) => l.label).at(-1)).toBe('Other (the rest)');
    expect(chart?.rows[0]?.['s7']).toBe(2.5);
  });
});

describe('monthly averages over part of a month are projected (issue 22)', () => {
  const day = (m: number, d: number, end = false) => new Date(2026, m - 1, d, end ? 23 : 0, end ? 59 : 0, end ? 59 : 0);
  it('marks a month to date, not a whole month or a longer period', () => {
    expect(projectedAverages({ start: day(3, 1), end: day(3, 23, true) })).toBe(true);
    expect(projectedAverages({ start: day(2, 1), end: day(2, 28, true) })).toBe(false);
    expect(projectedAverages({ start: day(3, 1), end: day(3, 31, true) })).toBe(false);
    expect(projectedAverages({ start: day(1, 10), end: day(3, 23, true) })).toBe(false);
  });
});

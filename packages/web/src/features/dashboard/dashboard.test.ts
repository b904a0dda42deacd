import { describe, expect, it } from 'vitest';
import changelogText from '../../../../../CHANGELOG.md?raw';
import { parseChangelog } from './changelog';
import { incomeVsSpending, lastMonths, monthLabel, netWorthPoints, spendingBars } from './dashboard-figures';
import { fixpointIsStale } from './fixpoint-age';

describe("the dashboard's rules", () => {
  it('reads versions and their changes from the changelog', () => {
    expect(parseChangelog('# Changelog\n\nProse.\n\n## 1.2.3\n\n- One\n- Two\n\n## 1.2.2\n- Three\n')).toEqual([
      { version: '1.2.3', changes: ['One', 'Two'] },
      { version: '1.2.2', changes: ['Three'] },
    ]);
  });

  it("lists the repository's changelog newest first, up to 1.10.5 (spec §2)", () => {
    const versions = parseChangelog(changelogText).map((e) => e.version);
    expect(versions[0]).toBe('1.10.5');
    expect(versions).toEqual([...versions].sort((a, b) => b.localeCompare(a, 'en', { numeric: true })));
    expect(parseChangelog(changelogText).every((e) => e.changes.length > 0)).toBe(true);
  });

  it('warns only when the last fixpoint is more than 30 days old', () => {
    const now = new Date(Date.UTC(2026, 10, 21, 12, 0));
    expect(fixpointIsStale(new Date(Date.UTC(2026, 9, 22, 12, 0)), now)).toBe(false); // exactly 30 days
    expect(fixpointIsStale(new Date(Date.UTC(2026, 9, 22, 11, 59)), now)).toBe(true);
    expect(fixpointIsStale(new Date(Date.UTC(2026, 10, 20)), now)).toBe(false);
  });
});

describe('dashboard figures (issue 22)', () => {
  it('makes the last six calendar months, the current one up to today', () => {
    const months = lastMonths(6, new Date(2026, 1, 10, 15));
    expect(months.map((m) => monthLabel(m.start))).toEqual(['Sep', 'Oct', 'Nov', 'Dec', 'Jan 2026', 'Feb']);
    expect(months[0]?.start).toEqual(new Date(2025, 8, 1));
    expect(months[0]?.end.getDate()).toBe(30);
    expect(months[5]?.end.getDate()).toBe(10);
  });

  it('pairs income and spending per month, spending as a positive bar', () => {
    const months = lastMonths(2, new Date(2026, 1, 10));
    const a = (name: string, amount: number) => ({ name, asset: { amount, currency: 'EUR' } });
    expect(incomeVsSpending(months, [[a('income', 3000), a('expense', -1234.5)], []])).toEqual([
      { month: 'Jan 2026', Income: 3000, Spending: 1234.5 },
      { month: 'Feb', Income: 0, Spending: 0 },
    ]);
  });

  it('keeps the top categories and sums the rest exactly into Other', () => {
    const c = (name: string, amount: number) => ({ name, categoryId: 1, asset: { amount, currency: 'EUR' } });
    expect(spendingBars([c('A', 0.1), c('B', 5), c('C', 0.2), c('Z', 0)], 'EUR', 1)).toEqual([
      { category: 'B', amount: 5 },
      { category: 'Other', amount: 0.3 },
    ]);
  });

  it('thins net worth to a point a week, keeping the last day', () => {
    const dates = Array.from({ length: 15 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);
    const history = { dates, available: [], loaned: [], businesspending: [], networth: dates.map((_, i) => i) };
    expect(netWorthPoints(history).map((p) => p.date)).toEqual(['2026-01-01', '2026-01-08', '2026-01-15']);
  });
});

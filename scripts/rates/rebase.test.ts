import { describe, expect, it } from 'vitest';
import { rebaseUsdToEur, roundEurRates } from './rebase.js';

describe('rebaseUsdToEur', () => {
  it('divides units per USD by the units of EUR per USD', () => {
    const usdTo = new Map([
      ['EUR', 0.8],
      ['USD', 1],
      ['JPY', 100],
      ['GBP', 0.7],
    ]);
    const rates = rebaseUsdToEur(usdTo, ['GBP', 'JPY', 'USD']);
    expect(Object.fromEntries(rates ?? [])).toEqual({ GBP: '0.875', JPY: '125', USD: '1.25' });
  });

  it('rounds the float quotient to 10 significant digits', () => {
    const usdTo = new Map([
      ['EUR', 0.3],
      ['CHF', 0.1],
      ['USD', 1],
    ]);
    expect(Object.fromEntries(rebaseUsdToEur(usdTo, ['CHF', 'USD']) ?? [])).toEqual({
      CHF: '0.3333333333',
      USD: '3.333333333',
    });
  });

  it('gives nothing for a day without a usable EUR value', () => {
    expect(rebaseUsdToEur(new Map([['USD', 1]]), ['USD'])).toBeUndefined();
    expect(
      rebaseUsdToEur(
        new Map([
          ['EUR', 0],
          ['USD', 1],
        ]),
        ['USD'],
      ),
    ).toBeUndefined();
  });

  it('leaves out codes that are missing, unusable or not asked for', () => {
    const usdTo = new Map([
      ['EUR', 0.9],
      ['USD', 1],
      ['XXX', Number.NaN],
      ['NEG', -3],
      ['AUD', 1.5],
    ]);
    const rates = rebaseUsdToEur(usdTo, ['USD', 'XXX', 'NEG', 'CAD']);
    expect([...(rates?.keys() ?? [])]).toEqual(['USD']);
  });

  it('drops a quotient that overflows', () => {
    const usdTo = new Map([
      ['EUR', 1e-300],
      ['BIG', 1e300],
    ]);
    expect(rebaseUsdToEur(usdTo, ['BIG'])?.size).toBe(0);
  });
});

describe('roundEurRates', () => {
  it('keeps per-EUR values, rounded, and drops unusable ones', () => {
    const eurTo = new Map([
      ['USD', 1.17123456789123],
      ['BGN', 1.95583],
      ['BAD', 0],
    ]);
    expect(Object.fromEntries(roundEurRates(eurTo, ['BAD', 'BGN', 'USD']))).toEqual({
      BGN: '1.95583',
      USD: '1.171234568',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { findCurrency, isSupportedCurrency, supportedCurrencies } from './index.js';

describe('currency catalogue', () => {
  it('knows ISO 4217 minor units', () => {
    expect(findCurrency('EUR')?.decimals).toBe(2);
    expect(findCurrency('JPY')?.decimals).toBe(0);
    expect(findCurrency('ISK')?.decimals).toBe(0);
    expect(findCurrency('HUF')?.decimals).toBe(2);
  });

  it('matches codes exactly', () => {
    expect(isSupportedCurrency('USD')).toBe(true);
    expect(isSupportedCurrency('usd')).toBe(false);
    expect(isSupportedCurrency('XXX')).toBe(false);
    expect(findCurrency('')).toBeUndefined();
  });

  it('has unique, well-formed codes', () => {
    const codes = supportedCurrencies().map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
    // The ECB reference set, at least.
    for (const ecb of [
      'USD',
      'JPY',
      'BGN',
      'CZK',
      'DKK',
      'GBP',
      'HUF',
      'PLN',
      'RON',
      'SEK',
      'CHF',
      'ISK',
      'NOK',
      'TRY',
      'AUD',
      'BRL',
      'CAD',
      'CNY',
      'HKD',
      'IDR',
      'ILS',
      'INR',
      'KRW',
      'MXN',
      'MYR',
      'NZD',
      'PHP',
      'SGD',
      'THB',
      'ZAR',
    ]) {
      expect(codes).toContain(ecb);
    }
    expect(findCurrency('BHD')?.decimals).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { currencyOptions } from './currency-options';

describe('currency picker choices (spec §5)', () => {
  const codes = ['USD', 'EUR', 'HUF', 'GBP'];
  it('puts the current currency first and keeps the rest in order', () => {
    expect(currencyOptions(codes, 'HUF')).toEqual(['HUF', 'USD', 'EUR', 'GBP']);
    expect(currencyOptions(codes, null)).toEqual(codes);
  });

  it('leaves out the excluded currency, even when it is the current one', () => {
    expect(currencyOptions(codes, 'HUF', 'EUR')).toEqual(['HUF', 'USD', 'GBP']);
    expect(currencyOptions(codes, 'EUR', 'EUR')).toEqual(['USD', 'HUF', 'GBP']);
  });

  it('does not invent a current currency the list lacks', () => {
    expect(currencyOptions(codes, 'JPY')).toEqual(codes);
  });
});

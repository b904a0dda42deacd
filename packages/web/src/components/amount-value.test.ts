import { describe, expect, it } from 'vitest';
import { setDisplayFormat } from '../lib/display-format';
import { amountFieldText, amountForServer, readAmount } from './amount-value';

// Amount fields in the person's number format (issue 36); test/setup.ts puts the spec's back after each test.

describe('amount fields in the number format in force', () => {
  it('read the spec format as before', () => {
    expect(readAmount('1,234', 'EUR')).toEqual({
      state: 'error',
      message: 'Amount "1,234" is ambiguous: write 1234 or 1.234',
    });
    expect(amountForServer(' -12.50 ')).toBe('-12.50');
    expect(amountFieldText(-1234.5)).toBe('-1234.5');
  });

  it('read and prefill with the chosen decimal mark', () => {
    setDisplayFormat({ numberFormat: 'dot_comma', dateFormat: 'yyyy.mm.dd.' });
    expect(readAmount('1.234,50', 'EUR')).toMatchObject({ state: 'ok', text: '1234.50', minor: 123450n });
    expect(readAmount('1,234', 'BHD')).toMatchObject({ state: 'ok', text: '1.234', minor: 1234n });
    // Fixpoint balances and rule bounds: negative, sent in the product's notation.
    expect(amountForServer('-1.234,50')).toBe('-1234.50');
    expect(amountForServer('nonsense')).toBe('nonsense');
    expect(amountFieldText(-1234.5)).toBe('-1234,5');
    expect(amountForServer(amountFieldText(1.234))).toBe('1.234');
  });

  it('take the Swiss apostrophe', () => {
    setDisplayFormat({ numberFormat: 'apostrophe_dot', dateFormat: 'yyyy.mm.dd.' });
    expect(readAmount("1'234.50", 'CHF')).toMatchObject({ state: 'ok', minor: 123450n });
  });
});

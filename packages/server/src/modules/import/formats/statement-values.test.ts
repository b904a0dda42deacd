import { describe, expect, it } from 'vitest';
import { StatementAccounts, cleanText, normaliseAmount, statedIsoDay } from './statement-values.js';

describe('normaliseAmount', () => {
  it('writes amounts signed, with a decimal point, without thousands separators or leading zeros', () => {
    const cases: [string, string][] = [
      ['-12.50', '-12.50'],
      ['+12.50', '12.50'],
      ['12,50', '12.50'],
      ['1,234.56', '1234.56'],
      ['1.234,56', '1234.56'],
      ["1'234.56", '1234.56'],
      ['1 234,56', '1234.56'],
      ['1,23,456.78', '123456.78'],
      ['1.234.567', '1234567'],
      ['0012.5', '12.5'],
      ['.5', '0.5'],
      ['5.', '5'],
      ['-0.00', '0.00'],
      ['-0', '0'],
      [' 42 ', '42'],
    ];
    for (const [raw, expected] of cases) expect(normaliseAmount(raw, 'decimal'), raw).toBe(expected);
  });

  it('reads a lone comma before three digits as the decimal comma or a thousands group, as told', () => {
    expect(normaliseAmount('1,234', 'decimal')).toBe('1.234');
    expect(normaliseAmount('1,234', 'thousands')).toBe('1234');
    expect(normaliseAmount('-12,50', 'thousands')).toBe('-12.50');
    expect(normaliseAmount('1234,567', 'thousands')).toBe('1234.567');
  });

  it('refuses what is not a number', () => {
    for (const raw of ['', '-', 'abc', '1O.00', '12.3.4,5', '1,2,3', '1.234,56.7', '--5', '5-', '1e5', '12,34,5'])
      expect(normaliseAmount(raw, 'decimal'), raw).toBeUndefined();
  });
});

describe('days and text', () => {
  it('takes the stated day of an ISO date-time, whatever its zone', () => {
    expect(statedIsoDay('2026-05-31')).toBe('2026-05-31');
    expect(statedIsoDay('2026-05-31T23:45:00-08:00')).toBe('2026-05-31');
    expect(statedIsoDay('2026-05-31+02:00')).toBe('2026-05-31');
    expect(statedIsoDay('2026-05-31Z')).toBe('2026-05-31');
    expect(statedIsoDay('2026-02-30')).toBeUndefined();
    expect(statedIsoDay('31.05.2026')).toBeUndefined();
  });

  it('collapses white space', () => {
    expect(cleanText('  a \n\t b  ')).toBe('a b');
  });
});

describe('StatementAccounts', () => {
  it('lists an account once, with the closing balance of its latest statement', () => {
    const accounts = new StatementAccounts();
    accounts.add({ account: 'A', currency: '', closingBalance: '1', closingDate: '2026-01-02' });
    accounts.add({ account: 'B', currency: 'EUR' });
    accounts.add({ account: 'A', currency: 'EUR', closingBalance: '0', closingDate: '2026-01-01' });
    accounts.add({ account: 'A', currency: 'USD', closingBalance: '3', closingDate: '2026-01-02' });
    expect(accounts.list()).toEqual([
      { account: 'A', currency: 'EUR', closingBalance: '3', closingDate: '2026-01-02' },
      { account: 'B', currency: 'EUR' },
    ]);
  });

  it('keeps the opening balance of its earliest statement', () => {
    const accounts = new StatementAccounts();
    accounts.add({ account: 'A', currency: 'EUR', openingBalance: '5', openingDate: '2026-01-02' });
    accounts.add({ account: 'A', currency: 'EUR', openingBalance: '4', openingDate: '2026-01-01' });
    accounts.add({ account: 'A', currency: 'EUR', openingBalance: '9', openingDate: '2026-01-03' });
    accounts.add({ account: 'A', currency: 'EUR' });
    expect(accounts.list()).toEqual([
      { account: 'A', currency: 'EUR', openingBalance: '4', openingDate: '2026-01-01' },
    ]);
  });
});

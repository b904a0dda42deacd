import { describe, expect, it } from 'vitest';
import { minorRange, parseAmountToken, parseSearch, tokenize, utcSpan, type AmountRange } from './query.js';

const CODES = ['EUR', 'JPY', 'BHD'];
const dec = (digits: number, scale = 0) => ({ digits: BigInt(digits), scale });

describe('tokenize', () => {
  it('splits on whitespace and keeps quoted text together', () => {
    expect(tokenize('  coffee  "black forest" >3 ')).toEqual([
      { text: 'coffee', quoted: false },
      { text: 'black forest', quoted: true },
      { text: '>3', quoted: false },
    ]);
    expect(tokenize('"unclosed phrase')).toEqual([{ text: 'unclosed phrase', quoted: true }]);
    expect(tokenize('"" x')).toEqual([{ text: 'x', quoted: false }]);
  });
});

describe('parseAmountToken', () => {
  it('reads exact amounts, comparisons and ranges', () => {
    expect(parseAmountToken('12.50')).toEqual({
      min: { value: dec(1250, 2), strict: false },
      max: { value: dec(1250, 2), strict: false },
    });
    expect(parseAmountToken('12,5')).toEqual(parseAmountToken('12.5'));
    expect(parseAmountToken('=2000')).toEqual({
      min: { value: dec(2000), strict: false },
      max: { value: dec(2000), strict: false },
    });
    expect(parseAmountToken('>100')).toEqual({ min: { value: dec(100), strict: true } });
    expect(parseAmountToken('>=100')).toEqual({ min: { value: dec(100), strict: false } });
    expect(parseAmountToken('<9.99')).toEqual({ max: { value: dec(999, 2), strict: true } });
    expect(parseAmountToken('<=9')).toEqual({ max: { value: dec(9), strict: false } });
    expect(parseAmountToken('100..200')).toEqual({
      min: { value: dec(100), strict: false },
      max: { value: dec(200), strict: false },
    });
  });

  it('refuses what is not an amount', () => {
    for (const token of ['abc', '12.5.3', '>', '..5', '5..', '1.1234567', '-5', '>x', '12a', '12345678901234'])
      expect(parseAmountToken(token), token).toBeUndefined();
  });
});

describe('parseSearch', () => {
  it('reads years, months, currencies, amounts and words', () => {
    expect(parseSearch('Coffee march 2024 eur >3 "Black Forest" mar', CODES)).toEqual({
      words: ['coffee', 'black forest'],
      amounts: [{ min: { value: dec(3), strict: true } }],
      currencies: ['EUR'],
      years: [2024],
      months: [3],
    });
  });

  it('takes a bare number from 1900 to 2199 as a year, others as amounts', () => {
    const years = parseSearch('1900 2199 1899 2200', CODES);
    expect(years.years).toEqual([1900, 2199]);
    expect(years.amounts).toHaveLength(2);
    expect(parseSearch('=2024', CODES).years).toEqual([]);
    expect(parseSearch('2024.00', CODES).years).toEqual([]);
  });

  it('knows full and short month names in any case', () => {
    expect(parseSearch('January FEB sept Dec december', CODES).months).toEqual([1, 2, 9, 12]);
  });

  it('takes only the user’s currencies as codes; other three letters are words', () => {
    const parsed = parseSearch('usd jpy Eur', CODES);
    expect(parsed.currencies).toEqual(['JPY', 'EUR']);
    expect(parsed.words).toEqual(['usd']);
  });

  it('keeps quoted numbers, months and codes as words', () => {
    expect(parseSearch('"2024" "march" "eur"', CODES)).toMatchObject({
      words: ['2024', 'march', 'eur'],
      years: [],
      months: [],
      currencies: [],
    });
  });

  it('does not read object properties as month names', () => {
    expect(parseSearch('constructor toString', CODES).words).toEqual(['constructor', 'tostring']);
  });
});

describe('minorRange', () => {
  const exact = parseAmountToken('12.50') as AmountRange;
  it('turns an exact amount into minor units of each currency', () => {
    expect(minorRange(exact, 2)).toEqual({ empty: false, min: 1250n, max: 1250n });
    expect(minorRange(exact, 3)).toEqual({ empty: false, min: 12500n, max: 12500n });
    expect(minorRange(exact, 0)).toEqual({ empty: true });
    expect(minorRange(parseAmountToken('12') as AmountRange, 0)).toEqual({ empty: false, min: 12n, max: 12n });
  });

  it('rounds comparison bounds to the currency’s decimals', () => {
    expect(minorRange(parseAmountToken('>12.505') as AmountRange, 2)).toEqual({
      empty: false,
      min: 1251n,
      max: undefined,
    });
    expect(minorRange(parseAmountToken('>12.50') as AmountRange, 2)).toMatchObject({ min: 1251n });
    expect(minorRange(parseAmountToken('>=12.505') as AmountRange, 2)).toMatchObject({ min: 1251n });
    expect(minorRange(parseAmountToken('<12.505') as AmountRange, 2)).toMatchObject({ max: 1250n });
    expect(minorRange(parseAmountToken('<12.50') as AmountRange, 2)).toMatchObject({ max: 1249n });
    expect(minorRange(parseAmountToken('<=12.505') as AmountRange, 2)).toMatchObject({ max: 1250n });
    expect(minorRange(parseAmountToken('100..200') as AmountRange, 0)).toEqual({
      empty: false,
      min: 100n,
      max: 200n,
    });
  });

  it('is empty when no positive amount fits', () => {
    expect(minorRange(parseAmountToken('200..100') as AmountRange, 2)).toEqual({ empty: true });
    expect(minorRange(parseAmountToken('<0.01') as AmountRange, 2)).toEqual({ empty: true });
    expect(minorRange(parseAmountToken('0') as AmountRange, 2)).toEqual({ empty: true });
  });
});

describe('utcSpan', () => {
  it('gives a year or a month as [start, end) in UTC', () => {
    expect(utcSpan(2024)).toEqual({ start: Date.UTC(2024, 0, 1), end: Date.UTC(2025, 0, 1) });
    expect(utcSpan(2024, 12)).toEqual({ start: Date.UTC(2024, 11, 1), end: Date.UTC(2025, 0, 1) });
    expect(utcSpan(2024, 2)).toEqual({ start: Date.UTC(2024, 1, 1), end: Date.UTC(2024, 2, 1) });
  });
});

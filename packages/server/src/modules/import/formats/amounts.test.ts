import { describe, expect, it } from 'vitest';
import {
  addAmounts,
  detectNumberFormat,
  isZeroAmount,
  looksLikeAmount,
  negateAmount,
  normaliseAmount,
  sumsTo,
} from './amounts.js';

const comma = { decimalSeparator: ',', thousandsSeparator: '.' } as const;
const dot = { decimalSeparator: '.', thousandsSeparator: ',' } as const;

describe('normaliseAmount', () => {
  it.each([
    ['-1234.50', dot, '-1234.50'],
    ['1,234.56', dot, '1234.56'],
    ['1.234,56', comma, '1234.56'],
    ['-1.234.567,8', comma, '-1234567.8'],
    ['1 234,56', { decimalSeparator: ',', thousandsSeparator: ' ' }, '1234.56'],
    ['1\u00a0234,56', { decimalSeparator: ',', thousandsSeparator: ' ' }, '1234.56'],
    ['-1\u202f000,00', { decimalSeparator: ',', thousandsSeparator: ' ' }, '-1000.00'],
    ["1'234.50", { decimalSeparator: '.', thousandsSeparator: "'" }, '1234.50'],
    ['1\u2019234.50', { decimalSeparator: '.', thousandsSeparator: "'" }, '1234.50'],
    ['12,50-', comma, '-12.50'],
    ['12.50 -', dot, '-12.50'],
    ['(12.50)', dot, '-12.50'],
    ['(€12.50)', dot, '-12.50'],
    ['\u221212,50', comma, '-12.50'],
    ['+2.500,00', comma, '2500.00'],
    ['-0,00', comma, '0.00'],
    ['(0.00)', dot, '0.00'],
    ['-0', dot, '0'],
    ['007.10', dot, '7.10'],
    [',50', comma, '0.50'],
    ['12.', dot, '12'],
    ['£1,234.56', dot, '1234.56'],
    ['-£23.40', dot, '-23.40'],
    ['€ -12,50', comma, '-12.50'],
    ['1.234,56 €', comma, '1234.56'],
    ['EUR -12,50', comma, '-12.50'],
    ['12,50 EUR', comma, '12.50'],
    ["CHF 1'000.00", { decimalSeparator: '.', thousandsSeparator: "'" }, '1000.00'],
    ['100 zł', comma, '100'],
    ['15.00 DR', dot, '-15.00'],
    ['15.00 CR', dot, '15.00'],
    ['12,50 S', comma, '-12.50'],
    ['12,50 H', comma, '12.50'],
    ['  42  ', dot, '42'],
    // Grouping other than the declared one is read when it cannot be the decimal separator.
    ['1,234.56', { decimalSeparator: '.', thousandsSeparator: '' }, '1234.56'],
    ['1.234', { decimalSeparator: ',' }, '1234'],
    ['1.234', { decimalSeparator: '.' }, '1.234'],
  ] as const)('%s → %s', (text, format, expected) => {
    expect(normaliseAmount(text, format)).toBe(expected);
  });

  it.each([
    ['', dot],
    ['   ', dot],
    ['-', dot],
    ['abc', dot],
    ['12,3,4', comma],
    ['12.3.4', dot],
    ['1,5', dot],
    ['1,23,456.00', dot],
    ['12345,678.00', dot],
    ['1.234,56', dot],
    ['1 234.5.6', dot],
    ['--12', dot],
    ['-(12.50)', dot],
    ['(12.50', dot],
    ['12.50)', dot],
    ['12.50 DR-', dot],
    ['1,234 567.00', dot],
    ['31.01.2026', comma],
    ['31.01.2026', dot],
    ['12 apples', dot],
    ['1e5', dot],
  ] as const)('%j is no amount', (text, format) => {
    expect(normaliseAmount(text, format)).toBeNull();
  });

  it('tells amounts from dates and words by either decimal separator', () => {
    expect(looksLikeAmount('1.234,56')).toBe(true);
    expect(looksLikeAmount('-12.5')).toBe(true);
    expect(looksLikeAmount('31.01.2026')).toBe(false);
    expect(looksLikeAmount('EUR')).toBe(false);
  });
});

describe('detectNumberFormat', () => {
  it('reads the separators from values with both marks, or a mark used twice', () => {
    expect(detectNumberFormat(['-4,50', '1.234,56', '12,00'], '.')).toEqual({
      decimalSeparator: ',',
      thousandsSeparator: '.',
    });
    expect(detectNumberFormat(['5.75', '"1,234.56"', '', '1,000,000'], ',')).toEqual({
      decimalSeparator: '.',
      thousandsSeparator: ',',
    });
    expect(detectNumberFormat(['1 234,56', '-45,30'], '.')).toEqual({ decimalSeparator: ',', thousandsSeparator: ' ' });
    expect(detectNumberFormat(["1'234.50", '-89.90'], ',')).toEqual({ decimalSeparator: '.', thousandsSeparator: "'" });
  });

  it('decides a lone "1,234" by the other values, else by the preference', () => {
    expect(detectNumberFormat(['1,234', '12.50'], ',')).toEqual({ decimalSeparator: '.', thousandsSeparator: ',' });
    expect(detectNumberFormat(['1,234', '12,5'], '.')).toEqual({ decimalSeparator: ',', thousandsSeparator: '' });
    expect(detectNumberFormat(['1,234'], ',')).toEqual({ decimalSeparator: ',', thousandsSeparator: '' });
    expect(detectNumberFormat(['1,234'], '.')).toEqual({ decimalSeparator: '.', thousandsSeparator: ',' });
    expect(detectNumberFormat(['0,123'], '.')).toEqual({ decimalSeparator: ',', thousandsSeparator: '' });
    expect(detectNumberFormat(['12', '-5', ''], ',')).toEqual({ decimalSeparator: ',', thousandsSeparator: '' });
  });

  it('only looks for the thousands separator when the decimal separator is given', () => {
    expect(detectNumberFormat(['1.234', '5.678'], '.', ',')).toEqual({
      decimalSeparator: ',',
      thousandsSeparator: '.',
    });
  });
});

describe('decimal arithmetic', () => {
  it('adds exactly and negates without a negative zero', () => {
    expect(addAmounts('12.00', '-1234.56')).toBe('-1222.56');
    expect(addAmounts('0.1', '0.2')).toBe('0.3');
    expect(addAmounts('5', '-5.00')).toBe('0.00');
    expect(addAmounts('-0.5', '-0.75')).toBe('-1.25');
    expect(negateAmount('12.50')).toBe('-12.50');
    expect(negateAmount('-12.50')).toBe('12.50');
    expect(negateAmount('0.00')).toBe('0.00');
    expect(negateAmount('0')).toBe('0');
    expect(negateAmount('-0.00')).toBe('0.00');
  });

  it('tells zero apart', () => {
    for (const zero of ['0', '0.00', '-0.0', '.0']) expect(isZeroAmount(zero), zero).toBe(true);
    for (const other of ['0.01', '-10', '100']) expect(isZeroAmount(other), other).toBe(false);
  });

  it('checks sums exactly, across scales', () => {
    expect(sumsTo(['-100.00', '-150.5', '-49.50'], '-300')).toBe(true);
    expect(sumsTo(['0.1', '0.2'], '0.3')).toBe(true);
    expect(sumsTo(['40', '40', '39'], '120.00')).toBe(false);
    expect(sumsTo([], '0.00')).toBe(true);
    expect(sumsTo([], '1')).toBe(false);
  });
});

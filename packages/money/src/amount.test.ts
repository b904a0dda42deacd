import { describe, expect, it } from 'vitest';
import { minorToMajor, parseAmount, parseSignedAmount } from './amount.js';

const ok = (minor: bigint) => ({ ok: true, minor });

describe('parseAmount', () => {
  it('reads numbers and decimal strings exactly', () => {
    expect(parseAmount(12.34, 2)).toEqual(ok(1234n));
    expect(parseAmount(0.1, 2)).toEqual(ok(10n));
    expect(parseAmount('1500', 0)).toEqual(ok(1500n));
    expect(parseAmount('0.005', 3)).toEqual(ok(5n));
    expect(parseAmount(1_000_000_000_000, 2)).toEqual(ok(100_000_000_000_000n));
  });

  it('evaluates + and - expressions', () => {
    expect(parseAmount('12.5+3-1', 2)).toEqual(ok(1450n));
    expect(parseAmount(' 10 - 2.25 + 0.05 ', 2)).toEqual(ok(780n));
    expect(parseAmount('-1+3', 0)).toEqual(ok(2n));
  });

  it('refuses zero, negatives, too many decimals, too large, junk', () => {
    const fail = (input: unknown, decimals: number) => {
      const r = parseAmount(input, decimals);
      return r.ok ? 'accepted' : r.message;
    };
    expect(fail(0, 2)).toBe('must be greater than zero (the direction carries the sign)');
    expect(fail(-5, 2)).toBe('must be greater than zero (the direction carries the sign)');
    expect(fail('3-5', 2)).toBe('must be greater than zero (the direction carries the sign)');
    expect(fail(12.345, 2)).toBe('must have at most 2 decimals');
    expect(fail('1.5', 0)).toBe('must have at most 0 decimals');
    expect(fail(1e-7, 2)).toBe('must have at most 2 decimals');
    expect(fail(1_000_000_000_000.01, 2)).toBe('must be at most 1000000000000');
    expect(fail(1e21, 2)).toBe('must be at most 1000000000000');
    expect(fail(Number.NaN, 2)).toBe('must be a finite number');
    expect(fail(Number.POSITIVE_INFINITY, 2)).toBe('must be a finite number');
    expect(fail('12,5', 2)).toBe('"12,5" is not a number or a +/- expression');
    expect(fail('1+', 2)).toBe('"1+" is not a number or a +/- expression');
    expect(fail('2*3', 2)).toBe('"2*3" is not a number or a +/- expression');
    expect(fail('1 2', 2)).toBe('"1 2" is not a number or a +/- expression');
    expect(fail('', 2)).toBe('is required');
    expect(fail(null, 2)).toBe('must be a number or an expression like 12.5+3');
    expect(fail(true, 2)).toBe('must be a number or an expression like 12.5+3');
  });

  it('prints minor units back as major numbers', () => {
    expect(minorToMajor(1234n, 2)).toBe(12.34);
    expect(minorToMajor(5n, 3)).toBe(0.005);
    expect(minorToMajor(1500n, 0)).toBe(1500);
    expect(minorToMajor(-1050n, 2)).toBe(-10.5);
  });
});

describe('parseSignedAmount', () => {
  it('accepts zero and negative balances, within the size limit', () => {
    expect(parseSignedAmount(0, 2)).toEqual(ok(0n));
    expect(parseSignedAmount(-12.5, 2)).toEqual(ok(-1250n));
    expect(parseSignedAmount('-100+0.25', 2)).toEqual(ok(-9975n));
    expect(parseSignedAmount(-1e13, 2)).toEqual({ ok: false, message: 'must be at most 1000000000000' });
    expect(parseSignedAmount(-0.001, 2)).toEqual({ ok: false, message: 'must have at most 2 decimals' });
  });
});

import { parseDecimal, placeDecimalPoint, pow10 } from './decimal.js';

/** Largest accepted amount: 10^12 major units (DESIGN §3). */
export const MAX_MAJOR_UNITS = 1_000_000_000_000n;

export type AmountResult = { ok: true; minor: bigint } | { ok: false; message: string };

const TERM = /\s*([+-]?)\s*([0-9]+(?:\.[0-9]+)?)\s*/y;

/**
 * Evaluates a JSON number or a "+"/"-" expression string ("12.5+3-1") into exact minor units of a
 * currency with `decimals` decimals, of either sign, at most 10^12 major units in size; no term
 * may carry more decimals than the currency allows.
 */
export function parseSignedAmount(input: unknown, decimals: number): AmountResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, message: 'must be a finite number' };
    text = String(input);
    // JSON numbers print in exponent form when tiny or huge; neither can be a valid amount.
    if (/e/i.test(text))
      return {
        ok: false,
        message: input > 1 ? 'must be at most 1000000000000' : `must have at most ${decimals} decimals`,
      };
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return { ok: false, message: 'must be a number or an expression like 12.5+3' };
  }
  if (text.trim() === '') return { ok: false, message: 'is required' };

  let total = 0n;
  let pos = 0;
  let first = true;
  const unit = pow10(decimals);
  while (pos < text.length) {
    TERM.lastIndex = pos;
    const m = TERM.exec(text);
    if (m === null || (!first && m[1] === ''))
      return { ok: false, message: `"${text}" is not a number or a +/- expression` };
    const value = parseDecimal(m[2] ?? '');
    if (value === undefined) return { ok: false, message: `"${text}" is not a number or a +/- expression` };
    if (value.scale > decimals) return { ok: false, message: `must have at most ${decimals} decimals` };
    const minor = value.units * pow10(decimals - value.scale);
    total += m[1] === '-' ? -minor : minor;
    pos = TERM.lastIndex;
    first = false;
  }
  if (total > MAX_MAJOR_UNITS * unit || total < -MAX_MAJOR_UNITS * unit)
    return { ok: false, message: 'must be at most 1000000000000' };
  return { ok: true, minor: total };
}

/** A transaction amount: as parseSignedAmount, and positive (the direction carries the sign). */
export function parseAmount(input: unknown, decimals: number): AmountResult {
  const result = parseSignedAmount(input, decimals);
  if (result.ok && result.minor <= 0n)
    return { ok: false, message: 'must be greater than zero (the direction carries the sign)' };
  return result;
}

/** Minor units as a JSON number in major units (12.34); exact for every amount Kassa accepts. */
export function minorToMajor(minor: bigint, decimals: number): number {
  return Number(placeDecimalPoint(minor, decimals));
}

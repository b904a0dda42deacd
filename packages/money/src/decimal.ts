/** A non-negative decimal as an integer and a power-of-ten scale: value = units / 10^scale. */
export interface ScaledDecimal {
  units: bigint;
  scale: number;
}

const DECIMAL_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/** Parses a plain decimal string ("1.0856", "162", "0.00012"); undefined when malformed. */
export function parseDecimal(text: string): ScaledDecimal | undefined {
  const match = DECIMAL_PATTERN.exec(text);
  if (match === null) return undefined;
  const fraction = match[2] ?? '';
  return { units: BigInt((match[1] ?? '') + fraction), scale: fraction.length };
}

/** num / den rounded half-to-even to an integer; den must be positive. */
export function divideHalfEven(num: bigint, den: bigint): bigint {
  let q = num / den; // truncates toward zero
  const r = num - q * den;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice > den || (twice === den && (q & 1n) !== 0n)) q += num < 0n ? -1n : 1n;
  return q;
}

const pow10Cache: bigint[] = [];
/** 10^n as a bigint, cached: conversions need it on every call. */
export function pow10(n: number): bigint {
  let p = pow10Cache[n];
  if (p === undefined) {
    p = 10n ** BigInt(n);
    pow10Cache[n] = p;
  }
  return p;
}

/** Formats num/den (positive) as a plain decimal with the given significant digits, trailing zeros removed. */
export function formatSignificant(num: bigint, den: bigint, significant: number): string {
  if (num === 0n) return '0';
  // Find the exponent e with 10^(significant-1) <= num*10^e/den < 10^significant.
  let e = 0;
  const low = pow10(significant - 1);
  const high = pow10(significant);
  const scaled = (k: number) => (k >= 0 ? (num * pow10(k)) / den : num / (den * pow10(-k)));
  while (scaled(e) >= high) e -= 1;
  while (scaled(e) < low) e += 1;
  let digits = e >= 0 ? divideHalfEven(num * pow10(e), den) : divideHalfEven(num, den * pow10(-e));
  if (digits >= high) {
    // Rounding carried into a new digit (9.999… -> 10.00…): drop one digit of precision.
    digits /= 10n;
    e -= 1;
  }
  return placeDecimalPoint(digits, e);
}

/** digits / 10^scale as a plain decimal string without trailing fractional zeros. */
export function placeDecimalPoint(digits: bigint, scale: number): string {
  const negative = digits < 0n;
  let s = (negative ? -digits : digits).toString();
  if (scale <= 0) return (negative ? '-' : '') + s + '0'.repeat(-scale);
  s = s.padStart(scale + 1, '0');
  const intPart = s.slice(0, s.length - scale);
  const fracPart = s.slice(s.length - scale).replace(/0+$/, '');
  return (negative ? '-' : '') + intPart + (fracPart === '' ? '' : `.${fracPart}`);
}

/**
 * minor / 10^decimals as a plain decimal string with exactly `decimals` fractional digits
 * ("-12.50", "1000" for JPY): exact text for files other programs read (CSV, hledger).
 */
export function fixedDecimal(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const intPart = digits.slice(0, digits.length - decimals);
  const fracPart = decimals === 0 ? '' : `.${digits.slice(digits.length - decimals)}`;
  return (negative ? '-' : '') + intPart + fracPart;
}

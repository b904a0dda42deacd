/** Significant digits kept for every rate in the bundle (the loader accepts up to 15). */
export const RATE_DIGITS = 10;

/** Whether a parsed source value can be a rate: a finite number above zero. */
export function isUsableRate(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value) && value > 0;
}

/**
 * A positive float rounded to `digits` significant digits, written as a plain decimal: no
 * exponent, no trailing zeros after the point, no trailing point (1.2e-7 -> "0.00000012").
 *
 * Rounding is Number.prototype.toPrecision's: it rounds the exact binary value of the double,
 * ties away from zero, which ECMAScript specifies exactly, so every engine gives the same digits.
 */
export function formatSignificant(value: number, digits = RATE_DIGITS): string {
  if (!isUsableRate(value)) throw new RangeError(`not a positive finite number: ${String(value)}`);
  const precise = value.toPrecision(digits);
  const exponential = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(precise);
  let plain = precise;
  if (exponential !== null) {
    const mantissa = (exponential[1] ?? '') + (exponential[2] ?? '');
    // Digits before the decimal point in plain notation (zero or negative for values below 1).
    const intDigits = 1 + Number(exponential[3]);
    if (intDigits <= 0) plain = `0.${'0'.repeat(-intDigits)}${mantissa}`;
    else if (intDigits >= mantissa.length) plain = mantissa + '0'.repeat(intDigits - mantissa.length);
    else plain = `${mantissa.slice(0, intDigits)}.${mantissa.slice(intDigits)}`;
  }
  return plain.includes('.') ? plain.replace(/0+$/, '').replace(/\.$/, '') : plain;
}

/** A plain positive decimal as the bundle stores it (no sign, exponent, leading or trailing zeros). */
const PLAIN_RATE = /^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;

/**
 * The server's loader keeps a rate as integer units and a decimal scale and refuses more than 15
 * digits of units, so "1200000000000000" (16 digits, scale 0) would fail to load even though it
 * has only 2 significant digits.
 */
const LOADER_MAX_UNIT_DIGITS = 15;

/** Whether `text` is a positive rate as the bundle stores it, with at most `digits` significant digits. */
export function isBundleRate(text: string, digits = RATE_DIGITS): boolean {
  if (!PLAIN_RATE.test(text)) return false;
  const units = text.replace('.', '').replace(/^0+/, '');
  // Zeros closing an integer ("1200") only place the point; they are not significant digits.
  const significant = text.includes('.') ? units : units.replace(/0+$/, '');
  return significant.length > 0 && significant.length <= digits && units.length <= LOADER_MAX_UNIT_DIGITS;
}

import { fixedDecimal, pow10 } from './decimal.js';

// A person's display formats (issue 36): how numbers and dates are written, apart from the
// language. The spec's formats (§9) are the defaults. The contract's preference schema takes the
// same names; they live here, since the contract stands on this package and not the reverse.

/**
 * How an amount is written: thousands separator and decimal mark. `space_dot` is the spec's
 * "1 234.56"; the others are "1,234.56", "1.234,56", "1 234,56" and the Swiss "1'234.56".
 */
export const numberFormats = ['space_dot', 'comma_dot', 'dot_comma', 'space_comma', 'apostrophe_dot'] as const;
export type NumberFormat = (typeof numberFormats)[number];
export const DEFAULT_NUMBER_FORMAT: NumberFormat = 'space_dot';

/** How a date is written: the spec's "yyyy.mm.dd.", ISO 8601, and the local day-first and month-first orders. */
export const dateFormats = ['yyyy.mm.dd.', 'yyyy-mm-dd', 'dd.mm.yyyy', 'dd/mm/yyyy', 'mm/dd/yyyy'] as const;
export type DateFormat = (typeof dateFormats)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = 'yyyy.mm.dd.';

/**
 * Each number format's marks. The spaces are plain spaces, as the spec's format has always been
 * written (a line may break inside a long amount; the screens keep amounts on one line).
 */
const MARKS: Record<NumberFormat, { group: string; decimal: '.' | ',' }> = {
  space_dot: { group: ' ', decimal: '.' },
  comma_dot: { group: ',', decimal: '.' },
  dot_comma: { group: '.', decimal: ',' },
  space_comma: { group: ' ', decimal: ',' },
  apostrophe_dot: { group: "'", decimal: '.' },
};

/** The thousands separator and decimal mark of a number format. */
export const numberMarks = (format: NumberFormat = DEFAULT_NUMBER_FORMAT) => MARKS[format];

/**
 * A plain decimal text ("-1234567.5", "12", as `fixedDecimal` writes it) in a number format:
 * thousands grouped, the decimal mark placed ("-1 234 567.5", "-1.234.567,5"). Only the text's
 * characters move, so the figure is exactly the one given.
 */
export function formatDecimal(text: string, format: NumberFormat = DEFAULT_NUMBER_FORMAT): string {
  const { group, decimal } = MARKS[format];
  const negative = text.startsWith('-');
  const [whole = '', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
}

/**
 * A figure as a number: one that reaches a screen as text ("7", an echo of a typed amount) counts
 * as the number it is, as the formatting through toFixed always did.
 */
export const numeric = (value: unknown): number => Number(value);

/** A finite number's shortest round-trip form (what JSON carried), as in "12.5", "-3e-7", "1e+21". */
const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/** num / den rounded half away from zero (den > 0): how a person rounds a written decimal. */
export function divideHalfUp(num: bigint, den: bigint): bigint {
  const abs = num < 0n ? -num : num;
  const q = (abs * 2n + den) / (den * 2n);
  return num < 0n ? -q : q;
}

/**
 * A number as an exact fraction num / den (den > 0), read from the decimal it prints as, never
 * from its binary value: 1.005 is 1005 / 1000, although the double under it is 1.00499999….
 */
export function fractionOf(value: number): { num: bigint; den: bigint } {
  const match = NUMBER_TEXT.exec(String(numeric(value)));
  if (match === null) throw new Error(`not a finite number: ${value}`);
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const units = BigInt(sign + whole + fraction);
  const shift = Number(exponent) - fraction.length; // value = units * 10^shift
  return shift >= 0 ? { num: units * pow10(shift), den: 1n } : { num: units, den: pow10(-shift) };
}

/** A number rounded to `decimals` places (half away from zero, as written) in integer units of 10^-decimals. */
export function unitsOf(value: number, decimals: number): bigint {
  const { num, den } = fractionOf(value);
  return decimals >= 0 ? divideHalfUp(num * pow10(decimals), den) : divideHalfUp(num, den * pow10(-decimals));
}

const PLAIN_NUMBER = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A number as a fixed decimal text with `decimals` places ("-12.50", "1500"): the digits it prints
 * as, padded, when it has no more places than that (an API amount always has), else rounded
 * exactly by `unitsOf`. Either way the text is the decimal, never the binary value.
 */
export function fixedOf(value: number, decimals: number): string {
  const match = PLAIN_NUMBER.exec(String(numeric(value)));
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (match === null || decimals < 0 || fraction.length > decimals)
    return fixedDecimal(unitsOf(value, decimals), decimals);
  return decimals === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction.padEnd(decimals, '0')}`;
}

/**
 * A number with a fixed count of decimals in a number format ("12.3" with 1 decimal, "1 234,50"):
 * rounded from the decimal it prints as, half away from zero, then written with the format's
 * marks. Percentages and other plain figures; money has `formatMoney`.
 */
export function formatNumber(value: number, decimals: number, format: NumberFormat = DEFAULT_NUMBER_FORMAT): string {
  if (!Number.isFinite(numeric(value))) return String(value);
  return formatDecimal(fixedOf(value, decimals), format);
}

// The search line of transaction/search, read into conditions (docs/DECISIONS.md, Search). Pure:
// no I/O; the user's currencies come in as arguments.

/** A decimal as typed: digits / 10^scale, exact. */
export interface Decimal {
  digits: bigint;
  scale: number;
}

/** An amount condition in major units; both bounds inclusive, either may be open. */
export interface AmountRange {
  min?: { value: Decimal; strict: boolean };
  max?: { value: Decimal; strict: boolean };
}

export interface ParsedSearch {
  /** Text the description (or the category's name) must contain, lower case; every word must match. */
  words: string[];
  /** Every range must hold (`>100 <200` is a range too). */
  amounts: AmountRange[];
  /** Any of these currencies (upper case). */
  currencies: string[];
  /** Any of these UTC years. */
  years: number[];
  /** Any of these months, 1 to 12 (of the years, when some are named). */
  months: number[];
}

/** A bare number in this range is a year; `=2000` or `2000.00` searches the amount. */
export const YEARS = { min: 1900, max: 2199 } as const;

const MONTHS: Record<string, number> = {};
[
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
].forEach((name, i) => {
  MONTHS[name] = i + 1;
  MONTHS[name.slice(0, 3)] = i + 1;
});
MONTHS['sept'] = 9;

const NUMBER = /^(\d{1,13})(?:[.,](\d{1,6}))?$/;

/** `12.50` (or `12,50`) as an exact decimal; undefined for anything else. */
export function parseDecimal(text: string): Decimal | undefined {
  const m = NUMBER.exec(text);
  if (m === null) return undefined;
  const fraction = m[2] ?? '';
  return { digits: BigInt(`${m[1] ?? ''}${fraction}`), scale: fraction.length };
}

/** One amount token (`12.50`, `=12.50`, `>100`, `>=100`, `<100`, `<=100`, `100..200`); undefined when it is none. */
export function parseAmountToken(token: string): AmountRange | undefined {
  const range = /^(.+?)\.\.(.+)$/.exec(token);
  if (range !== null) {
    const low = parseDecimal(range[1] ?? '');
    const high = parseDecimal(range[2] ?? '');
    if (low === undefined || high === undefined) return undefined;
    return { min: { value: low, strict: false }, max: { value: high, strict: false } };
  }
  const compared = /^(>=|<=|>|<|=)(.+)$/.exec(token);
  if (compared !== null) {
    const value = parseDecimal(compared[2] ?? '');
    if (value === undefined) return undefined;
    switch (compared[1]) {
      case '>':
        return { min: { value, strict: true } };
      case '>=':
        return { min: { value, strict: false } };
      case '<':
        return { max: { value, strict: true } };
      case '<=':
        return { max: { value, strict: false } };
      default:
        return { min: { value, strict: false }, max: { value, strict: false } };
    }
  }
  const value = parseDecimal(token);
  return value === undefined ? undefined : { min: { value, strict: false }, max: { value, strict: false } };
}

/** Splits the line into tokens: whitespace apart, `"quoted text"` as one word. */
export function tokenize(line: string): { text: string; quoted: boolean }[] {
  const tokens: { text: string; quoted: boolean }[] = [];
  const pattern = /"([^"]*)"?|(\S+)/g;
  for (const m of line.matchAll(pattern)) {
    if (m[1] !== undefined) {
      const text = m[1].trim();
      if (text !== '') tokens.push({ text, quoted: true });
    } else if (m[2] !== undefined) tokens.push({ text: m[2], quoted: false });
  }
  return tokens;
}

/**
 * Reads a search line. Each unquoted token is, first that applies: a year (a bare number from
 * 1900 to 2199), a month name (`march`, `mar`), one of `currencies` (any case), an amount or
 * amount condition, else a word. Quoted text is always a word. Repeated years, months or
 * currencies mean any of them; words and amount conditions must all hold.
 */
export function parseSearch(line: string, currencies: readonly string[]): ParsedSearch {
  const codes = new Set(currencies.map((c) => c.toUpperCase()));
  const parsed: ParsedSearch = { words: [], amounts: [], currencies: [], years: [], months: [] };
  const add = <T>(list: T[], value: T) => {
    if (!list.includes(value)) list.push(value);
  };
  for (const { text, quoted } of tokenize(line)) {
    const lower = text.toLowerCase();
    if (quoted) {
      add(parsed.words, lower);
      continue;
    }
    if (/^\d{4}$/.test(text) && Number(text) >= YEARS.min && Number(text) <= YEARS.max) {
      add(parsed.years, Number(text));
      continue;
    }
    const month = Object.hasOwn(MONTHS, lower) ? MONTHS[lower] : undefined;
    if (month !== undefined) {
      add(parsed.months, month);
      continue;
    }
    if (codes.has(text.toUpperCase())) {
      add(parsed.currencies, text.toUpperCase());
      continue;
    }
    const amount = parseAmountToken(text);
    if (amount !== undefined) {
      parsed.amounts.push(amount);
      continue;
    }
    add(parsed.words, lower);
  }
  return parsed;
}

/** Inclusive bounds in minor units of a currency; `empty` when no amount of it can match. */
export type MinorRange = { empty: true } | { empty: false; min: bigint | undefined; max: bigint | undefined };

const pow10 = (n: number) => 10n ** BigInt(n);
const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
const ceilDiv = (a: bigint, b: bigint) => -floorDiv(-a, b);

/**
 * An amount condition in minor units of a currency with `decimals`: `12.50` in JPY (0 decimals)
 * matches nothing, `>12.505` in EUR means at least 12.51.
 */
export function minorRange(range: AmountRange, decimals: number): MinorRange {
  // value in minor units = digits * 10^decimals / 10^scale, as a fraction n / d.
  const fraction = (v: Decimal) => ({ n: v.digits * pow10(decimals), d: pow10(v.scale) });
  let min: bigint | undefined;
  let max: bigint | undefined;
  if (range.min !== undefined) {
    const { n, d } = fraction(range.min.value);
    min = range.min.strict ? floorDiv(n, d) + 1n : ceilDiv(n, d);
  }
  if (range.max !== undefined) {
    const { n, d } = fraction(range.max.value);
    max = range.max.strict ? ceilDiv(n, d) - 1n : floorDiv(n, d);
  }
  if (min !== undefined && max !== undefined && min > max) return { empty: true };
  if (max !== undefined && max < 1n) return { empty: true };
  return { empty: false, min, max };
}

/** The UTC instants [start, end) of a year, or of one month of it. */
export function utcSpan(year: number, month?: number): { start: number; end: number } {
  if (month === undefined) return { start: Date.UTC(year, 0, 1), end: Date.UTC(year + 1, 0, 1) };
  return { start: Date.UTC(year, month - 1, 1), end: Date.UTC(year, month, 1) };
}

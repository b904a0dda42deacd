import { fixedDecimal, parseDecimal, pow10 } from '@kassa/money';

// Amounts as banks write them ("-1.234,56", "1'234.50", "(12.50)", "12,50-", "£1,234.56 CR")
// turned into one form: a signed decimal string with '.' and no grouping ("-1234.56").

export type DecimalSeparator = '.' | ',';
export type ThousandsSeparator = '' | ',' | '.' | ' ' | "'";

export interface NumberFormat {
  decimalSeparator: DecimalSeparator;
  /**
   * The grouping the file uses. Grouping by any other mark that cannot be the decimal separator
   * (the other of . and ,, spaces, apostrophes) is read too: in valid groups of three it is
   * unambiguous, and banks mix them (a "1,234.56" far below the rows detection looked at).
   */
  thousandsSeparator?: ThousandsSeparator;
}

/** The number itself (digits and separators) and whether signs, parentheses or DR/S said negative. */
interface AmountCore {
  negative: boolean;
  core: string;
}

const CURRENCY_SYMBOL = /^\p{Sc}$/u;
const LETTER = /^\p{L}$/u;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isSpace = (ch: string) => ch === ' ' || ch === '\t' || ch === '\u00a0' || ch === '\u202f' || ch === '\u2009';
const isMinus = (ch: string) => ch === '-' || ch === '\u2212' || ch === '\u2013';
const isLetter = (ch: string) => (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || LETTER.test(ch);

/** The grouping kind of a character, '' when it is none. Space and apostrophe variants count as one. */
function groupingKind(ch: string): ThousandsSeparator {
  if (ch === ',' || ch === '.') return ch;
  if (isSpace(ch)) return ' ';
  if (ch === "'" || ch === '\u2019') return "'";
  return '';
}

/**
 * Strips what surrounds the number: whitespace, currency symbols and codes, signs (leading or
 * trailing, ASCII or U+2212), parentheses and a trailing CR/DR (or the German H/S). Null when
 * something else is there or two marks say negative (ambiguous).
 */
function amountCore(text: string): AmountCore | null {
  let start = 0;
  let end = text.length;
  let minus = 0;
  let open = 0;
  let close = 0;
  while (start < end) {
    const ch = text.charAt(start);
    if (isDigit(text.charCodeAt(start)) || ch === '.' || ch === ',') break;
    if (isSpace(ch) || ch === '+' || CURRENCY_SYMBOL.test(ch)) start++;
    else if (isMinus(ch)) {
      minus++;
      start++;
    } else if (ch === '(') {
      open++;
      start++;
    } else if (isLetter(ch)) {
      // A currency code or name before the number: "EUR", "CHF", "Fr.", "zł".
      let k = start;
      while (k < end && isLetter(text.charAt(k))) k++;
      if (k - start > 4) return null;
      start = text.charAt(k) === '.' ? k + 1 : k;
    } else return null;
  }
  while (end > start) {
    const ch = text.charAt(end - 1);
    if (isDigit(text.charCodeAt(end - 1))) break;
    if (isSpace(ch) || ch === '+' || CURRENCY_SYMBOL.test(ch)) end--;
    else if (isMinus(ch)) {
      minus++;
      end--;
    } else if (ch === ')') {
      close++;
      end--;
    } else if (ch === '.' && isLetter(text.charAt(end - 2))) end--;
    else if (isLetter(ch)) {
      let k = end;
      while (k > start && isLetter(text.charAt(k - 1))) k--;
      const word = text.slice(k, end).toUpperCase();
      if (word === 'DR' || word === 'S') minus++;
      else if (word !== 'CR' && word !== 'H' && (word.length < 2 || word.length > 4)) return null;
      end = k;
    } else break;
  }
  if (open !== close || open > 1) return null;
  if (open === 1) minus++;
  if (minus > 1 || start >= end) return null;
  return { negative: minus === 1, core: text.slice(start, end) };
}

function allDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}

function allZeros(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) !== 48) return false;
  return true;
}

/** The digits of an integer part with grouping removed; null when the grouping is not in threes. */
function ungroup(part: string, decimal: DecimalSeparator): string | null {
  if (allDigits(part)) return part;
  let kind: ThousandsSeparator | undefined;
  let digits = '';
  let group = 0;
  let groups = 0;
  for (let i = 0; i < part.length; i++) {
    const ch = part.charAt(i);
    if (isDigit(part.charCodeAt(i))) {
      digits += ch;
      group++;
      continue;
    }
    const k = groupingKind(ch);
    if (k === '' || ch === decimal || (kind !== undefined && k !== kind)) return null;
    kind = k;
    if (group === 0 || group > 3 || (groups > 0 && group !== 3)) return null;
    groups++;
    group = 0;
  }
  return group === 3 ? digits : null;
}

/**
 * The amount as a signed decimal string with '.' and no grouping ("-1234.50"), or null when the
 * text is no amount in the format. Leading zeros go; the decimals stay as written; a negative
 * zero ("-0,00") is "0.00".
 */
export function normaliseAmount(text: string, format: NumberFormat): string | null {
  const parts = amountCore(text);
  if (parts === null) return null;
  const { core } = parts;
  const decimal = format.decimalSeparator;
  const at = core.lastIndexOf(decimal);
  const fraction = at < 0 ? '' : core.slice(at + 1);
  if (!allDigits(fraction)) return null;
  const integer = ungroup(at < 0 ? core : core.slice(0, at), decimal);
  if (integer === null || (integer === '' && fraction === '')) return null;
  let first = 0;
  while (first < integer.length - 1 && integer.charCodeAt(first) === 48) first++;
  const whole = integer === '' ? '0' : integer.slice(first);
  const zero = whole === '0' && allZeros(fraction);
  return (parts.negative && !zero ? '-' : '') + whole + (fraction === '' ? '' : `.${fraction}`);
}

/** Whether the text reads as an amount with either decimal separator (for telling columns apart). */
export function looksLikeAmount(text: string): boolean {
  return (
    normaliseAmount(text, { decimalSeparator: '.' }) !== null ||
    normaliseAmount(text, { decimalSeparator: ',' }) !== null
  );
}

/** Evidence from the amounts of a file for its decimal and thousands separators. */
interface SeparatorVotes {
  decimal: Record<DecimalSeparator, number>;
  grouping: Record<Exclude<ThousandsSeparator, ''>, number>;
  /** "1,234" or "1.234": one mark followed by three digits, either reading possible. */
  ambiguous: Record<DecimalSeparator, number>;
}

function vote(text: string, votes: SeparatorVotes): void {
  const parts = amountCore(text);
  if (parts === null) return;
  const { core } = parts;
  let lastMark = '';
  let lastAt = -1;
  const seen = { ',': 0, '.': 0, ' ': 0, "'": 0 };
  for (let i = 0; i < core.length; i++) {
    const kind = groupingKind(core.charAt(i));
    if (kind === '') continue;
    seen[kind]++;
    if (kind === ',' || kind === '.') {
      lastMark = kind;
      lastAt = i;
    }
  }
  if (seen[' '] > 0) votes.grouping[' ']++;
  if (seen["'"] > 0) votes.grouping["'"]++;
  if (lastMark !== ',' && lastMark !== '.') return;
  const other = lastMark === ',' ? '.' : ',';
  if (seen[other] > 0) {
    // Both marks: the last one is the decimal separator.
    votes.decimal[lastMark]++;
    votes.grouping[other]++;
  } else if (seen[lastMark] > 1) {
    votes.decimal[other]++;
    votes.grouping[lastMark]++;
  } else if (core.length - lastAt - 1 === 3 && lastAt > 0 && !core.startsWith('0')) {
    votes.ambiguous[lastMark]++;
  } else votes.decimal[lastMark]++;
}

/**
 * The decimal and thousands separators the amounts are written with. `preferred` decides when the
 * values cannot ("1,234" alone, or whole numbers only); `decimal` fixes the decimal separator (given
 * by the caller) so that only the thousands separator is looked for.
 */
export function detectNumberFormat(
  values: Iterable<string>,
  preferred: DecimalSeparator,
  decimal?: DecimalSeparator,
): Required<NumberFormat> {
  const votes: SeparatorVotes = {
    decimal: { '.': 0, ',': 0 },
    grouping: { ',': 0, '.': 0, ' ': 0, "'": 0 },
    ambiguous: { '.': 0, ',': 0 },
  };
  for (const value of values) vote(value, votes);
  let decimalSeparator = decimal;
  if (decimalSeparator === undefined) {
    const { decimal: d } = votes;
    decimalSeparator = d['.'] === d[','] ? preferred : d['.'] > d[','] ? '.' : ',';
  }
  // An ambiguous "1,234" is grouping when ',' is not the decimal separator.
  const other = decimalSeparator === ',' ? '.' : ',';
  votes.grouping[other] += votes.ambiguous[other];
  votes.grouping[decimalSeparator] = 0;
  let thousandsSeparator: ThousandsSeparator = '';
  let most = 0;
  for (const mark of [',', '.', ' ', "'"] as const) {
    if (votes.grouping[mark] > most) {
      most = votes.grouping[mark];
      thousandsSeparator = mark;
    }
  }
  return { decimalSeparator, thousandsSeparator };
}

/** A normalised amount as an integer of 10^-scale units. */
function units(amount: string, scale: number): bigint {
  const negative = amount.startsWith('-');
  const parsed = parseDecimal(negative ? amount.slice(1) : amount);
  if (parsed === undefined) throw new Error(`not a normalised amount: ${amount}`);
  const value = parsed.units * pow10(scale - parsed.scale);
  return negative ? -value : value;
}

const decimals = (amount: string) => {
  const at = amount.indexOf('.');
  return at < 0 ? 0 : amount.length - at - 1;
};

/** The exact sum of two normalised amounts, with as many decimals as the longer one. */
export function addAmounts(a: string, b: string): string {
  const scale = Math.max(decimals(a), decimals(b));
  return fixedDecimal(units(a, scale) + units(b, scale), scale);
}

/** A normalised amount without its sign. */
export const absoluteAmount = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : amount);

/** True for "0", "0.00", "-0.0". */
export function isZeroAmount(amount: string): boolean {
  return /^-?0*(?:\.0*)?$/.test(amount);
}

/** A normalised amount with the sign turned ("12.5" → "-12.5"); zero stays unsigned. */
export function negateAmount(amount: string): string {
  if (amount.startsWith('-')) return amount.slice(1);
  return isZeroAmount(amount) ? amount : `-${amount}`;
}

/** Whether normalised amounts add up exactly to `total` (decimal, not floating point). */
export function sumsTo(parts: readonly string[], total: string): boolean {
  return isZeroAmount(parts.reduce(addAmounts, negateAmount(total)));
}

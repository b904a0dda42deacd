import { findCurrency } from './currencies.js';
import { fixedDecimal, pow10 } from './decimal.js';
import {
  DEFAULT_DATE_FORMAT,
  DEFAULT_NUMBER_FORMAT,
  divideHalfUp,
  fixedOf,
  formatDecimal,
  fractionOf,
  numberMarks,
  numeric,
  unitsOf,
  type DateFormat,
  type NumberFormat,
} from './display-format.js';
import { UNKNOWN_CURRENCY_DECIMALS } from './major.js';

// Display rules of spec §9, in the person's number and date format (issue 36; the spec's are the
// defaults). Pure functions: the web formats with these, tests pin the rules. Figures are exact:
// each is rounded from the decimal it prints as (or taken in minor units) into a fixed decimal
// text, and only then are the marks placed; no float arithmetic touches a digit.

/** Money written from its fixed decimal text ("-1234.50") in the currency's way. */
function moneyText(fixed: string, currencyCode: string, format: NumberFormat): string {
  const currency = findCurrency(currencyCode);
  const sign = currency?.sign ?? '?';
  const negative = fixed.startsWith('-');
  const number = formatDecimal(negative ? fixed.slice(1) : fixed, format);
  // Letter signs ("CHF", "Rp") need a space to stay readable; symbols ("$", "€") sit close.
  const gap = /\p{L}$/u.test(sign) ? ' ' : '';
  const body = currency?.signBefore === true ? `${sign}${gap}${number}` : `${number} ${sign}`;
  return negative ? `- ${body}` : body;
}

const decimalsOfCode = (currencyCode: string) => findCurrency(currencyCode)?.decimals ?? UNKNOWN_CURRENCY_DECIMALS;

/** Money in integer minor units of its currency, as `formatMoney` writes it. */
export function formatMoneyMinor(minor: bigint, currencyCode: string, format: NumberFormat = DEFAULT_NUMBER_FORMAT) {
  return moneyText(fixedDecimal(minor, decimalsOfCode(currencyCode)), currencyCode, format);
}

/**
 * Money as the product shows it: the currency's decimals in the number format (by default the
 * spec's space as thousands separator and dot as decimal mark), its sign before or after the
 * number, negatives prefixed with "- " (none when the amount rounds to 0). Unknown currencies use
 * the sign "?" and 2 decimals. The amount is rounded from the decimal it prints as, half away from zero.
 */
export function formatMoney(amount: number, currencyCode: string, format: NumberFormat = DEFAULT_NUMBER_FORMAT) {
  if (!Number.isFinite(numeric(amount))) return String(amount);
  return moneyText(fixedOf(amount, decimalsOfCode(currencyCode)), currencyCode, format);
}

/** The decimals a rate num / den (den > 0) shows with (spec §9). */
function rateDecimals(num: bigint, den: bigint): number {
  if (num === den || num >= 500n * den) return 0;
  if (num >= 100n * den) return 1;
  if (num >= 10n * den) return 2;
  return 4;
}

/**
 * An exchange rate for display: 4 decimals by default, none when exactly 1, 2 from 10, 1 from
 * 100, none from 500. Rates below 0.05 are shown inverted (1 / rate), with `inverted` set. The
 * inversion is an exact division of the rate's decimal, rounded once.
 */
export function formatRate(rate: number, format: NumberFormat = DEFAULT_NUMBER_FORMAT) {
  if (!Number.isFinite(numeric(rate))) return { text: String(rate), inverted: false };
  const inverted = rate > 0 && rate < 0.05;
  const { num: rateNum, den: rateDen } = fractionOf(rate);
  const [num, den] = inverted ? [rateDen, rateNum] : [rateNum, rateDen];
  const decimals = rateDecimals(num, den);
  const units = divideHalfUp(num * pow10(decimals), den);
  return { text: formatDecimal(fixedDecimal(units, decimals), format), inverted };
}

/**
 * Chart abbreviation (spec §9): 1000 or more with k, 1,000,000 or more with M; `decimals` places
 * with the format's decimal mark ("1.50k", "1,50k"), "-" before a negative; no thousands groups.
 */
export function abbreviate(value: number, decimals = 2, format: NumberFormat = DEFAULT_NUMBER_FORMAT): string {
  if (!Number.isFinite(numeric(value))) return String(value);
  const abs = Math.abs(value);
  const [shift, suffix] = abs >= 1_000_000 ? [6, 'M'] : abs >= 1000 ? [3, 'k'] : [0, ''];
  // abs / 10^shift with `decimals` places: a shift of the decimal point, exact.
  const units = unitsOf(abs, decimals - shift);
  const text = fixedDecimal(units, decimals).replace('.', numberMarks(format).decimal);
  return `${value < 0 ? '-' : ''}${text}${suffix}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Year, month and day (as two digits) in a date format's order; `day` absent writes the month alone. */
function dateText(year: string, month: string, day: string | undefined, format: DateFormat): string {
  switch (format) {
    case 'yyyy.mm.dd.':
      return day === undefined ? `${year}.${month}.` : `${year}.${month}.${day}.`;
    case 'yyyy-mm-dd':
      return day === undefined ? `${year}-${month}` : `${year}-${month}-${day}`;
    case 'dd.mm.yyyy':
      return day === undefined ? `${month}.${year}` : `${day}.${month}.${year}`;
    case 'dd/mm/yyyy':
      return day === undefined ? `${month}/${year}` : `${day}/${month}/${year}`;
    case 'mm/dd/yyyy':
      return day === undefined ? `${month}/${year}` : `${month}/${day}/${year}`;
  }
}

/** A date (local time) in a date format: by default the spec's yyyy.mm.dd. */
export function formatDate(date: Date, format: DateFormat = DEFAULT_DATE_FORMAT): string {
  return dateText(String(date.getFullYear()), pad(date.getMonth() + 1), pad(date.getDate()), format);
}

const ISO_DATE = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;

/**
 * An API day "2026-01-05" or month "2026-01" in a date format ("2026.01.05.", "05.01.2026";
 * a month "2026.01.", "01.2026"), without a time zone. Other text is returned as it is.
 */
export function formatIsoDate(iso: string, format: DateFormat = DEFAULT_DATE_FORMAT): string {
  const match = ISO_DATE.exec(iso);
  if (match === null) return iso;
  const [, year = '', month = '', day] = match;
  return dateText(year, month, day, format);
}

/** A time as HH:mm (local time). */
export function formatTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Shortens text to at most `max` characters, the last being an ellipsis (30 by default, spec §9). */
export function ellipsis(text: string, max = 30): string {
  // Code points, not UTF-16 units: an emoji or accented letter is never cut in half.
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

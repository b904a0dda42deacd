import { findCurrency } from './currencies.js';
import { UNKNOWN_CURRENCY_DECIMALS } from './major.js';

// Display rules of spec §9. Pure functions: the web formats with these, tests pin the rules.

/** Groups the integer digits with spaces: "1234567.5" -> "1 234 567.5". */
function groupThousands(fixed: string): string {
  const [intPart = '', frac] = fixed.split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/**
 * Money as the product shows it: space as thousands separator, dot as decimal mark, the
 * currency's decimals, its sign before or after the number, negatives prefixed with "- ".
 * Unknown currencies use the sign "?" and 2 decimals.
 */
export function formatMoney(amount: number, currencyCode: string): string {
  const currency = findCurrency(currencyCode);
  const sign = currency?.sign ?? '?';
  const decimals = currency?.decimals ?? UNKNOWN_CURRENCY_DECIMALS;
  const signBefore = currency?.signBefore ?? false;
  const number = groupThousands(Math.abs(amount).toFixed(decimals));
  // Letter signs ("CHF", "Rp") need a space to stay readable; symbols ("$", "€") sit close.
  const gap = /\p{L}$/u.test(sign) ? ' ' : '';
  const body = signBefore ? `${sign}${gap}${number}` : `${number} ${sign}`;
  return amount < 0 && Number(number.replace(/ /g, '')) !== 0 ? `- ${body}` : body;
}

/**
 * An exchange rate for display: 4 decimals by default, none when exactly 1, 2 from 10, 1 from
 * 100, none from 500. Rates below 0.05 are shown inverted (1 / rate), with `inverted` set.
 */
export function formatRate(rate: number): { text: string; inverted: boolean } {
  const inverted = rate > 0 && rate < 0.05;
  const value = inverted ? 1 / rate : rate;
  let decimals = 4;
  if (value === 1) decimals = 0;
  else if (value >= 500) decimals = 0;
  else if (value >= 100) decimals = 1;
  else if (value >= 10) decimals = 2;
  return { text: groupThousands(value.toFixed(decimals)), inverted };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as yyyy.mm.dd. (local time). */
export function formatDate(date: Date): string {
  return `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}.`;
}

/** A time as HH:mm (local time). */
export function formatTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Chart abbreviation: 1000 or more with k, 1,000,000 or more with M; `decimals` places. */
export function abbreviate(value: number, decimals = 2): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs >= 1_000_000) return `${sign}${(abs / 1_000_000).toFixed(decimals)}M`;
  if (abs >= 1000) return `${sign}${(abs / 1000).toFixed(decimals)}k`;
  return `${sign}${abs.toFixed(decimals)}`;
}

/** Shortens text to at most `max` characters, the last being an ellipsis (30 by default, spec §9). */
export function ellipsis(text: string, max = 30): string {
  // Code points, not UTF-16 units: an emoji or accented letter is never cut in half.
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

import {
  abbreviate as abbreviateIn,
  dateFormats,
  DEFAULT_DATE_FORMAT,
  DEFAULT_NUMBER_FORMAT,
  formatDate as formatDateIn,
  formatDecimal as formatDecimalIn,
  formatIsoDate as formatIsoDateIn,
  formatMoney as formatMoneyIn,
  formatMoneyMinor as formatMoneyMinorIn,
  formatNumber as formatNumberIn,
  formatRate as formatRateIn,
  formatTime as formatTimeIn,
  numberFormats,
  numberMarks,
  type DateFormat,
  type NumberFormat,
} from '@kassa/money';
import { useSyncExternalStore } from 'react';

/**
 * The person's display formats (issue 36) and the spec §9 formatters bound to them: every figure
 * and date the web shows goes through here (lint forbids the unbound ones of '@kassa/money'), so
 * none can skip the preference. The formats come from account/userinfo (shared/preferences.ts);
 * the last ones are remembered in this browser, so a reload paints in them before userinfo answers.
 */
export interface DisplayFormat {
  numberFormat: NumberFormat;
  dateFormat: DateFormat;
}

export const DEFAULT_DISPLAY_FORMAT: DisplayFormat = {
  numberFormat: DEFAULT_NUMBER_FORMAT,
  dateFormat: DEFAULT_DATE_FORMAT,
};

/** Local-storage key of the last formats applied in this browser. */
export const DISPLAY_FORMAT_KEY = 'kassa.displayFormat';

const isNumberFormat = (v: unknown): v is NumberFormat => numberFormats.some((f) => f === v);
const isDateFormat = (v: unknown): v is DateFormat => dateFormats.some((f) => f === v);

/** Known formats from anything (a stored value, an older server's userinfo); the defaults for the rest. */
export function displayFormatOf(value: { numberFormat?: unknown; dateFormat?: unknown } | undefined): DisplayFormat {
  return {
    numberFormat: isNumberFormat(value?.numberFormat) ? value.numberFormat : DEFAULT_NUMBER_FORMAT,
    dateFormat: isDateFormat(value?.dateFormat) ? value.dateFormat : DEFAULT_DATE_FORMAT,
  };
}

function remembered(): DisplayFormat {
  try {
    const stored = localStorage.getItem(DISPLAY_FORMAT_KEY);
    return displayFormatOf(stored === null ? undefined : (JSON.parse(stored) as Record<string, unknown>));
  } catch {
    return DEFAULT_DISPLAY_FORMAT;
  }
}

let current: DisplayFormat = remembered();
const listeners = new Set<() => void>();

/** The formats in force. */
export const getDisplayFormat = (): DisplayFormat => current;

/** Puts formats in force (and remembers them); subscribers hear of a change only. */
export function setDisplayFormat(next: DisplayFormat): void {
  if (next.numberFormat === current.numberFormat && next.dateFormat === current.dateFormat) return;
  current = { numberFormat: next.numberFormat, dateFormat: next.dateFormat };
  try {
    localStorage.setItem(DISPLAY_FORMAT_KEY, JSON.stringify(current));
  } catch {
    // Storage full or refused: the formats still apply for this page's life.
  }
  for (const listener of listeners) listener();
}

/** Back to the spec's formats, forgotten in this browser (tests start from here). */
export function resetDisplayFormat(): void {
  setDisplayFormat(DEFAULT_DISPLAY_FORMAT);
  localStorage.removeItem(DISPLAY_FORMAT_KEY);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The formats in force, re-rendering when they change. */
export function useDisplayFormat(): DisplayFormat {
  return useSyncExternalStore(subscribe, getDisplayFormat);
}

// The spec §9 formatters in the formats in force.

/** Money as the product shows it ("1 234.50 €", "$1.234,50"), from a major-unit amount. */
export const formatMoney = (amount: number, currency: string): string =>
  formatMoneyIn(amount, currency, current.numberFormat);
/** Money from exact minor units. */
export const formatMoneyMinor = (minor: bigint, currency: string): string =>
  formatMoneyMinorIn(minor, currency, current.numberFormat);
/** An exchange rate with the spec's decimals, inverted below 0.05. */
export const formatRate = (rate: number): { text: string; inverted: boolean } =>
  formatRateIn(rate, current.numberFormat);
/** Chart abbreviation with k and M ("1.50k", "1,50k"). */
export const abbreviate = (value: number, decimals = 2): string => abbreviateIn(value, decimals, current.numberFormat);
/** A plain number with fixed decimals ("12.3", "12,3"): percentages and the like. */
export const formatNumber = (value: number, decimals: number): string =>
  formatNumberIn(value, decimals, current.numberFormat);
/** A plain decimal text ("-1234.5") with the format's marks. */
export const formatDecimal = (text: string): string => formatDecimalIn(text, current.numberFormat);
/** A count with thousands grouped ("12 345", "12,345"). */
export const formatCount = (count: number): string => formatDecimalIn(String(Math.trunc(count)), current.numberFormat);
/** The decimal mark in force ("." or ","). */
export const decimalMark = (): '.' | ',' => numberMarks(current.numberFormat).decimal;

/** Axis ticks (spec §9): k from 1000, M from 1,000,000, trailing zeros dropped ("1.5k", "2k", "250"). */
export function axisTick(value: number): string {
  // abbreviate writes 2 decimals and no thousands groups: the zeros cut are the fraction's.
  const mark = decimalMark() === '.' ? '\\.' : ',';
  return abbreviate(value, 2).replace(new RegExp(`${mark}?0+(?=[kM]?$)`), '');
}

/** A date (local time) in the date format in force ("2026.11.29.", "29.11.2026"). */
export const formatDate = (date: Date): string => formatDateIn(date, current.dateFormat);
/** An API day "2026-11-29" or month "2026-11" in the date format in force. */
export const formatIsoDate = (iso: string): string => formatIsoDateIn(iso, current.dateFormat);
/** A time as HH:mm (local time); the spec's only time format. */
export const formatTime = (date: Date): string => formatTimeIn(date);
/** Date and time ("2026.11.29. 14:05"). */
export const formatDateTime = (date: Date): string => `${formatDate(date)} ${formatTime(date)}`;

// The pickers of the Preferences tab show each format by an example, whatever is in force.

/** A number format by its example, "1 234.56" or "1.234,56". */
export const numberFormatExample = (format: NumberFormat): string => formatDecimalIn('1234.56', format);
/** `date` in a given date format, "2026.11.29." or "29.11.2026". */
export const dateFormatExample = (format: DateFormat, date: Date): string => formatDateIn(date, format);

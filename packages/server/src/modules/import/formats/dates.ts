import type { CsvDateFormat } from '@kassa/contract';

// Dates as banks write them, read into YYYY-MM-DD. D and M take one or two digits; YY is 19xx
// above 69, else 20xx (the contract's rule); a time after the date ("2026-01-31 14:05") is ignored.

interface DateLayout {
  order: 'YMD' | 'DMY' | 'MDY';
  separator: '-' | '.' | '/' | '';
  yearDigits: 2 | 4;
}

const LAYOUTS = {
  'YYYY-MM-DD': { order: 'YMD', separator: '-', yearDigits: 4 },
  'DD.MM.YYYY': { order: 'DMY', separator: '.', yearDigits: 4 },
  'DD.MM.YY': { order: 'DMY', separator: '.', yearDigits: 2 },
  'DD/MM/YYYY': { order: 'DMY', separator: '/', yearDigits: 4 },
  'MM/DD/YYYY': { order: 'MDY', separator: '/', yearDigits: 4 },
  'DD-MM-YYYY': { order: 'DMY', separator: '-', yearDigits: 4 },
  'MM-DD-YYYY': { order: 'MDY', separator: '-', yearDigits: 4 },
  'YYYY/MM/DD': { order: 'YMD', separator: '/', yearDigits: 4 },
  YYYYMMDD: { order: 'YMD', separator: '', yearDigits: 4 },
  'DD/MM/YY': { order: 'DMY', separator: '/', yearDigits: 2 },
  'MM/DD/YY': { order: 'MDY', separator: '/', yearDigits: 2 },
} as const satisfies Record<CsvDateFormat, DateLayout>;

/** A two-digit year as the contract reads it (csvDateFormats): above 69 is 19xx, else 20xx. */
export function fullYear(twoDigits: number): number {
  return twoDigits > 69 ? 1900 + twoDigits : 2000 + twoDigits;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * YYYY-MM-DD for a calendar day, or null when there is no such day (31 February, month 13). The
 * years are 100 to 9999, the days @kassa/money's dayFromIso reads (JavaScript's Date takes 0 to 99
 * as 19xx); CSV dates are held to 1000 and up by parseDate.
 */
export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 100 || year > 9999) return null;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(day) || day < 1) return null;
  const days = month === 2 && isLeap(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (day > days) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The value of a run of 1..max digits, or -1. */
function digitsValue(text: string, from: number, to: number, min: number, max: number): number {
  const length = to - from;
  if (length < min || length > max) return -1;
  let value = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    value = value * 10 + c;
  }
  return value;
}

/** The end of the date part: a time may follow after a space or a 'T'. */
function dateEnd(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === ' ' || ch === 'T') return i;
  }
  return text.length;
}

const YEAR_FIRST_SEPARATORS = new Set(['-', '/', '.']);

/**
 * The separator a date is cut with: the layout's, except that a four-digit year first leaves no
 * doubt whatever cuts it, so the year-first layouts also read 2025.12.04 (Kassa's own display)
 * and 2025/12/04; both cuts must be the same mark.
 */
function separatorOf(value: string, layout: DateLayout): string {
  if (layout.order !== 'YMD' || layout.yearDigits !== 4 || layout.separator === '') return layout.separator;
  const mark = value.charAt(4);
  return YEAR_FIRST_SEPARATORS.has(mark) ? mark : layout.separator;
}

/** The day as YYYY-MM-DD, or null when the text is no date in the format. */
export function parseDate(text: string, format: CsvDateFormat): string | null {
  const layout: DateLayout = LAYOUTS[format];
  const value = text.trim();
  const end = dateEnd(value);
  let bounds: [number, number, number, number, number, number];
  if (layout.separator === '') {
    if (end !== 8) return null;
    bounds = [0, 4, 4, 6, 6, 8];
  } else {
    const separator = separatorOf(value, layout);
    // Kassa's display (and Hungarian custom) ends a dotted day with a dot too: "2025.12.04.".
    const stop = separator === '.' && value.charAt(end - 1) === '.' ? end - 1 : end;
    const first = value.indexOf(separator);
    const second = first < 0 ? -1 : value.indexOf(separator, first + 1);
    if (second < 0 || second >= stop) return null;
    const third = value.indexOf(separator, second + 1);
    if (third >= 0 && third < stop) return null;
    bounds = [0, first, first + 1, second, second + 1, stop];
  }
  let year = -1;
  let month = -1;
  let day = -1;
  for (let i = 0; i < 3; i++) {
    const from = bounds[i * 2] ?? 0;
    const to = bounds[i * 2 + 1] ?? 0;
    const part = layout.order.charAt(i);
    if (part === 'Y') year = digitsValue(value, from, to, layout.yearDigits, layout.yearDigits);
    else if (part === 'M') month = digitsValue(value, from, to, 1, 2);
    else day = digitsValue(value, from, to, 1, 2);
  }
  if (year < 0) return null;
  if (layout.yearDigits === 2) year = fullYear(year);
  else if (year < 1000) return null;
  return isoDate(year, month, day);
}

/** Whether the text is a date in any layout Kassa reads. */
export function looksLikeDate(text: string): boolean {
  return DAY_FIRST.some((format) => parseDate(text, format) !== null);
}

// Formats in order of preference when the values fit several: the unambiguous year-first ones,
// then day-first or month-first for DD/MM against MM/DD. DD-MM-YYYY is preferred over MM-DD-YYYY
// either way: dashes with the month first are rare outside ISO.
const DAY_FIRST: readonly CsvDateFormat[] = [
  'YYYY-MM-DD',
  'YYYY/MM/DD',
  'YYYYMMDD',
  'DD.MM.YYYY',
  'DD.MM.YY',
  'DD/MM/YYYY',
  'DD/MM/YY',
  'MM/DD/YYYY',
  'MM/DD/YY',
  'DD-MM-YYYY',
  'MM-DD-YYYY',
];
const MONTH_FIRST: readonly CsvDateFormat[] = [
  'YYYY-MM-DD',
  'YYYY/MM/DD',
  'YYYYMMDD',
  'DD.MM.YYYY',
  'DD.MM.YY',
  'MM/DD/YYYY',
  'MM/DD/YY',
  'DD/MM/YYYY',
  'DD/MM/YY',
  'DD-MM-YYYY',
  'MM-DD-YYYY',
];

/**
 * The layout most of the values are written in (a day above 12 settles DD/MM against MM/DD);
 * when several fit as well, day-first if `dayFirst` (the decimal-comma world), else month-first.
 * Null when fewer than half of the non-empty values are dates in any layout.
 */
export function detectDateFormat(values: readonly string[], dayFirst: boolean): CsvDateFormat | null {
  const present = values.map((v) => v.trim()).filter((v) => v !== '');
  let best: CsvDateFormat | null = null;
  let bestCount = 0;
  for (const format of dayFirst ? DAY_FIRST : MONTH_FIRST) {
    let count = 0;
    for (const value of present) if (parseDate(value, format) !== null) count++;
    if (count > bestCount) {
      best = format;
      bestCount = count;
    }
  }
  return bestCount * 2 >= present.length && bestCount > 0 ? best : null;
}

// Plain constants without zod, importable alone as '@kassa/contract/constants' (the web's first
// load stays free of schema code).

/** API base path; every endpoint of spec §7 lives below it. */
export const API_BASE = '/api';

/** Name of the CSRF cookie the server sets and of the header non-GET requests echo it in. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

/** Product version shown in footers and returned by GET health. */
export const PRODUCT_VERSION = '1.10.8';

/**
 * The instants the ledger accepts: wide enough for any real history and plan, narrow enough to
 * catch a typo (0202, 20266) before it is stored and to keep a report over the range cheap.
 */
export const MIN_INSTANT = Date.UTC(1900, 0, 1);
export const MAX_INSTANT = Date.UTC(2200, 0, 1) - 1;

/**
 * The most rows one list answer holds (transaction/getfiltered, transaction/getallincat,
 * conversion/getbetween, fixpoint/getbetween): the largest `limit` a client may ask for, and the
 * page a request without `limit` gets (newest first). 5,000 rows keep an answer near 1.5 MB and
 * well under a second at 1M transactions, and hold every category and span a real user has.
 */
export const MAX_LIST_ROWS = 5000;

/**
 * Response header set to "true" on a list answer that stopped at its limit (asked, or
 * MAX_LIST_ROWS) while older rows match: ask again with the last row as `after` for the next page.
 */
export const MORE_ROWS_HEADER = 'x-has-more';

/** The request header naming the shared book a request works on (issue 34); absent: the user's own. */
export const BOOK_HEADER = 'Kassa-Book';

/** Minimum password length (spec §9). */
export const MIN_PASSWORD_LENGTH = 8;

/** At most this many starter categories at the initial-data step of registration. */
export const MAX_STARTER_CATEGORIES = 50;

/** The most rows one bulk operation (transaction/bulk) changes: every transaction a long history holds. */
export const MAX_BULK_IDS = 200_000;

/** How long an undo token works: the toast offers it for UNDO_TOAST_SECONDS, the server keeps it longer for a slow network. */
export const UNDO_TTL_MINUTES = 10;
export const UNDO_TOAST_SECONDS = 10;

/** Bank connections (issue 35): the consent's expiry shows this many days ahead, with a re-connect. */
export const BANK_CONSENT_WARNING_DAYS = 7;

/** The languages of Kassa's texts and mails (issue 36); English is the default. */
export const languages = ['en', 'de', 'hu', 'fr', 'es'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Each language by its own name, as a language picker lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  hu: 'Magyar',
  fr: 'Français',
  es: 'Español',
};

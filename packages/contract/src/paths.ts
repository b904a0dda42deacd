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

/** Minimum password length (spec §9). */
export const MIN_PASSWORD_LENGTH = 8;

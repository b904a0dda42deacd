// Plain constants without zod, importable alone as '@kassa/contract/constants' (the web's first
// load stays free of schema code).

/** API base path; every endpoint of spec §7 lives below it. */
export const API_BASE = '/api';

/** Name of the CSRF cookie the server sets and of the header non-GET requests echo it in. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

/** Product version shown in footers and returned by GET health. */
export const PRODUCT_VERSION = '1.10.8';

/** Minimum password length (spec §9). */
export const MIN_PASSWORD_LENGTH = 8;

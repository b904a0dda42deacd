import type { Minor } from '@kassa/money';
import { createHash } from 'node:crypto';
import { normaliseText } from '../rules/match.js';

// A row without a bank id is recognised again by its fingerprint (DESIGN §9). The fingerprint
// carries the version of the rule that made it: a later rule gets a new version, and rows stored
// under an old one are still compared under the old one (recognise-duplicates.ts), so changing
// the rule never re-imports what was imported before. A version's rule never changes once shipped
// (fingerprint.test.ts pins it).

/**
 * The fields a fingerprint is made of (the occurrence is counted per pocket and key). The pocket
 * is not hashed: links are looked up within their pocket, and a restore gives pockets new ids
 * while their rows' fingerprints must stay the same.
 */
export interface FingerprintInput {
  day: number;
  /** Signed. */
  amount: Minor;
  payee: string;
  description: string;
  /** 1-based occurrence of the same (pocket, day, amount, text) in the file: two identical coffees stay two rows. */
  occurrence: number;
}

/** The text a fingerprint and the payee history see: accents folded, lower case, digits of references kept. */
export const fingerprintText = (payee: string, description: string): string => normaliseText(`${payee} ${description}`);

/** A payee as the category history keys it. */
export const normalisePayee = (payee: string): string => normaliseText(payee);

/** The key of the occurrence count: equal keys in one file are told apart by their count. */
export const occurrenceKey = (f: Omit<FingerprintInput, 'occurrence'>): string =>
  `${f.day}|${f.amount}|${fingerprintText(f.payee, f.description)}`;

/** Each version's hash of a row's occurrence key and its occurrence number. */
const VERSIONS: Record<number, (key: string, occurrence: number) => string> = {
  1: (key, occurrence) => createHash('sha256').update(`${key}|${occurrence}`).digest('base64url').slice(0, 32),
};

/** The version new fingerprints are made with. */
export const FINGERPRINT_VERSION = 1;

/** The fingerprint under one version, from the row's occurrence key (computed once per row). */
export function fingerprintOfKey(version: number, key: string, occurrence: number): string {
  const make = VERSIONS[version];
  if (make === undefined) throw new Error(`unknown fingerprint version ${version}`);
  return `v${version}:${make(key, occurrence)}`;
}

/** Whether this server knows how to make fingerprints of a version (a newer server's rows are not compared). */
export const knownVersion = (version: number): boolean => VERSIONS[version] !== undefined;

/** The version of a stored fingerprint ("v1:…" → 1). */
export const versionOf = (stored: string): number => Number(/^v(\d+):/.exec(stored)?.[1] ?? FINGERPRINT_VERSION);

import { createHash } from 'node:crypto';
import { normaliseText } from '../rules/match.js';

// A row without a bank id is recognised again by its fingerprint (DESIGN §9). The fingerprint
// carries the version of the rule that made it: a later rule gets a new version, and rows stored
// under an old one are still compared under the old one (fingerprintsOf), so changing the rule
// never re-imports what was imported before.

/** The fields a fingerprint is made of. */
export interface FingerprintInput {
  pocketId: number;
  day: number;
  /** Signed minor units. */
  amount: number;
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
  `${f.pocketId}|${f.day}|${f.amount}|${fingerprintText(f.payee, f.description)}`;

const VERSIONS: Record<number, (f: FingerprintInput) => string> = {
  1: (f) =>
    createHash('sha256')
      .update(`${occurrenceKey(f)}|${f.occurrence}`)
      .digest('base64url')
      .slice(0, 32),
};

/** The version new fingerprints are made with. */
export const FINGERPRINT_VERSION = 1;

/** The fingerprint of a row under the current version: "v1:…". */
export const fingerprint = (f: FingerprintInput): string => fingerprintOf(FINGERPRINT_VERSION, f);

function fingerprintOf(version: number, f: FingerprintInput): string {
  const make = VERSIONS[version];
  if (make === undefined) throw new Error(`unknown fingerprint version ${version}`);
  return `v${version}:${make(f)}`;
}

/** The row's fingerprint under every version in `versions` (the ones stored rows carry). */
export function fingerprintsOf(f: FingerprintInput, versions: Iterable<number>): string[] {
  return [...new Set([FINGERPRINT_VERSION, ...versions])].map((v) => fingerprintOf(v, f));
}

/** The version of a stored fingerprint ("v1:…" → 1). */
export const versionOf = (stored: string): number => Number(/^v(\d+):/.exec(stored)?.[1] ?? FINGERPRINT_VERSION);

import type { Minor } from '@kassa/money';
import type { ImportRow } from '@kassa/contract';
import type { LinkRow } from './links-repository.js';

// A preview row as the batch stores it between preview and commit, and the keys that place it:
// its instant in the books and the key of a pair it may be one side of.

/** A preview row as stored: what the API shows, plus what commit needs without parsing again. */
export interface StoredRow extends ImportRow {
  day: number;
  /** Signed minor units. */
  minor: Minor;
  fingerprint: string;
  /** Identifies this row as one side of a pair the user may reject (rejectedPairKey). */
  pairKey: string;
  /** The pairKey of the proposed other leg. */
  matchKey?: string;
  /** The row's instant when its source gave one within its day (ParsedRow.time); else rowTime(day). */
  time?: number;
}

/** Noon UTC: a booking day stays the same day for users from UTC−11 to UTC+11. */
const ROW_HOUR_MS = 12 * 3_600_000;

/** The instant an imported row of a booking day is stored at: that day's noon UTC. */
export const rowTime = (day: number): number => day * 86_400_000 + ROW_HOUR_MS;

/** The instant a stored row is written at. */
export const storedRowTime = (row: Pick<StoredRow, 'day' | 'time'>): number => row.time ?? rowTime(row.day);

/** The key of a rejected pair: its two sides' keys in a fixed order. */
export const rejectedPairKey = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/** A side of a possible pair, for a file row and a stored link alike: pocket, day, amount and its id or fingerprint. */
export const linkPairKey = (l: Pick<LinkRow, 'pocket_id' | 'day' | 'amount' | 'external_id' | 'fingerprint'>) =>
  `${l.pocket_id}|${l.day}|${l.amount}|${l.external_id ?? l.fingerprint}`;

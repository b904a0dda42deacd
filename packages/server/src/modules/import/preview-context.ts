import type { Reminder } from '../schedules/reminders.js';
import type { LinkRow, NearbyTransaction } from './links-repository.js';

export interface PocketRef {
  id: number;
  name: string;
  currency: string;
}

/** What the preview knows of the user's books, fetched by the service. */
export interface PreviewContext {
  /** The pocket each statement account goes to (null: none chosen). */
  pocketOf: (statementAccount: string) => PocketRef | null;
  /** Import links of the pockets this file goes to. */
  links: readonly LinkRow[];
  /** Transactions of a currency within the file's days (±IMPORT_MATCH_DAYS). */
  nearby: (currency: string) => readonly NearbyTransaction[];
  /** Imported rows of other pockets still standing as transactions, within the file's days. */
  otherLegs: readonly LinkRow[];
  /** The first rule fitting a row, for its direction. */
  findRule: (text: string, minor: number, currency: string) => { id: number; categoryId: number } | null;
  /** The category most recently used for the payee, for the row's direction. */
  payeeCategory: (payee: string, isIncome: boolean) => number | null;
  /** Pairs the user rejected (rejectedPairKey). */
  rejected: ReadonlySet<string>;
  /** `minor` of `from` in minor units of `to` at the day's rate; null when a rate is missing. */
  convert: (minor: number, from: string, to: string, day: number) => number | null;
  /** Pending occurrences of `remind` schedules posting within the file's days (±IMPORT_SCHEDULE_DAYS). */
  reminders: readonly Reminder[];
}

import type { Minor } from '@kassa/money';
import type { Generated } from 'kysely';

// Import (batches, rows, links, profiles), import rules, and scheduled entries.

/** Import rules (DESIGN §9): the amount range is in minor units of `currency`. */
export interface CategoryRulesTable {
  id: Generated<number>;
  user_id: number;
  match: 'contains' | 'regex';
  pattern: string;
  category_id: number;
  /** Set exactly when min_amount or max_amount is. */
  currency: string | null;
  min_amount: Minor | null;
  max_amount: Minor | null;
  position: number;
  created_at: number;
}

export interface ImportBatchesTable {
  id: Generated<number>;
  user_id: number;
  file_name: string;
  format: string;
  /** JSON of ResolvedImportOptions. */
  options: string;
  /** JSON of ImportAccount[]. */
  accounts: string;
  status: 'preview' | 'committed' | 'undone';
  row_count: number;
  /** Characters of JSON the preview stored in import_rows (0 once committed or from before migration 0028). */
  stored_bytes: Generated<number>;
  imported: Generated<number>;
  /** JSON array of the lines proposed as a transfer or conversion leg: commit reads only their chunks up front. */
  paired_lines: string;
  /** JSON of what the commit replaced (earlier imported transactions turned into transfers, a pocket state), for undo. */
  replaced: string | null;
  /** The fixpoint the commit created from a closing balance. */
  fixpoint_id: number | null;
  created_at: number;
  expires_at: number;
  committed_at: number | null;
  undone_at: number | null;
  /** The member who previewed the file, and who committed or undid it last (migration 0035); null: not known. */
  created_by: number | null;
  updated_by: number | null;
  /** 'file', or the provider of the bank connection whose sync made it (migration 0037). */
  source: Generated<'file' | 'simplefin' | 'enablebanking'>;
  connection_id: number | null;
}

export interface ImportRowsTable {
  user_id: number;
  batch_id: number;
  /** The first line of the chunk. */
  line: number;
  /** JSON array of the stored preview rows (import/stored-row.ts StoredRow), in file order. */
  data: string;
}

export interface ImportLinksTable {
  id: Generated<number>;
  user_id: number;
  batch_id: number;
  pocket_id: number;
  line: number;
  /** The transaction the row became; null once replaced by a transfer, or for a transfer side. */
  transaction_id: number | null;
  conversion_id: number | null;
  external_id: string | null;
  /** "v<version>:<hash>" (import/fingerprint.ts). */
  fingerprint: string;
  day: number;
  /** Signed. */
  amount: Minor;
  currency: string;
  /** Normalised payee (import/fingerprint.ts normalisePayee), for category history. */
  payee: string;
  description: string;
}

export interface ImportProfilesTable {
  user_id: number;
  pocket_id: number;
  account: string;
  /** JSON of the CSV options (and encoding) confirmed for this pocket. */
  options: string;
  updated_at: number;
}

export interface ImportRejectedPairsTable {
  user_id: number;
  first: string;
  second: string;
  created_at: number;
}

/** A scheduled entry (migration 0024): a recurrence rule and the transaction or conversion it posts. */
export interface SchedulesTable {
  id: Generated<number>;
  user_id: number;
  /** RFC 5545 rule without DTSTART, as the user gave it. */
  rule: string;
  /** Calendar dates "YYYY-MM-DD". */
  start_date: string;
  end_date: string | null;
  mode: 'post' | 'remind';
  weekend: 'as-is' | 'before' | 'after';
  kind: 'transaction' | 'conversion';
  category_id: number | null;
  currency: string | null;
  /** Null = ask each time. */
  amount: Minor | null;
  is_income: number | null;
  business_type: 'invest' | 'pnl' | 'realize' | null;
  from_currency: string | null;
  from_amount: Minor | null;
  to_currency: string | null;
  to_amount: Minor | null;
  description: string;
  created_at: number;
  updated_at: number;
}

/** An occurrence of a schedule that was posted or skipped; UNIQUE (schedule_id, occurrence). */
export interface ScheduleOccurrencesTable {
  id: Generated<number>;
  user_id: number;
  schedule_id: number;
  /** The rule's date, "YYYY-MM-DD" (before the weekend rule): the idempotency key. */
  occurrence: string;
  status: 'posted' | 'skipped';
  /** The day the row was posted on (posted only). */
  posted_date: string | null;
  transaction_id: number | null;
  conversion_id: number | null;
  created_at: number;
}

import type { CsvOptions, ImportEncoding, ImportFormat, ImportTable, ResolvedImportOptions } from '@kassa/contract';

// What every file format is read into: statement accounts and rows, nothing of Kassa's books yet.
// The import service (../service.ts) maps these onto pockets, duplicates, categories and matches.

/** One booked row as the file states it. */
export interface ParsedRow {
  /** 1-based line of the file (CSV, QIF, MT940), or 1-based position of the entry (OFX, CAMT). */
  line: number;
  /** The booking day, YYYY-MM-DD; '' when it could not be read (then `error` says why). */
  date: string;
  /** Signed major units with '.' as decimal point ("-1234.5", "0.99"); '' when unreadable. */
  amount: string;
  /** ISO code the file gives for the row; '' when it gives none (the account's or pocket's currency applies). */
  currency: string;
  description: string;
  payee: string;
  /** The bank's own id of the row (OFX FITID, CAMT AcctSvcrRef or EndToEndId, MT940 bank reference, a mapped id column). */
  externalId: string | null;
  /** The statement account this row belongs to (ParsedAccount.account). */
  account: string;
  /**
   * The instant within its day, when the source knows better than noon (a bank sync's row booked
   * after an earlier sync of the same day anchored the pocket, bank-sync/sync.ts); files leave it out.
   */
  time?: number;
  /** Why the row cannot be imported, naming the line and the field: "line 12, amount: \"1,2,3\" is not a number". */
  error?: string;
  /**
   * What to look at that does not keep the row out, naming the line and the figures: "line 14,
   * balance: 1 204.10 does not follow from 1 250.00 + −40.90".
   */
  warning?: string;
}

/** A statement account in the file. */
export interface ParsedAccount {
  /** IBAN or account number as the file names it, '' when the file names none (CSV, QIF). */
  account: string;
  /** ISO currency code, '' when the file does not say. */
  currency: string;
  /** Closing (booked) balance at the end of the statement, signed major units with '.'. */
  closingBalance?: string;
  /** The closing balance's day, YYYY-MM-DD. */
  closingDate?: string;
  /**
   * Opening balance of the statement, signed major units with '.': the balance at the start of
   * `openingDate`, before the statement's first row (balances.ts says how each format's day is
   * found).
   */
  openingBalance?: string;
  /** The opening balance's day, YYYY-MM-DD: the statement's first day, never after its first row or closing day. */
  openingDate?: string;
}

/** A whole file read: its accounts (at least one) and every row in file order. */
export interface ParsedStatement {
  accounts: ParsedAccount[];
  rows: ParsedRow[];
}

/** What the caller asks for; anything absent is detected. */
export interface ParseRequest {
  format?: ImportFormat | 'auto';
  encoding?: ImportEncoding;
  csv?: CsvOptions;
}

/** A file read with the options used (as detected or given). */
export interface ParsedFile extends ParsedStatement {
  format: ImportFormat;
  encoding: ImportEncoding;
  /** CSV only: the dialect and column mapping used. */
  csv?: NonNullable<ResolvedImportOptions['csv']>;
  /** CSV only: header and first rows (at most PREVIEW_TABLE_ROWS), cut with the dialect used. */
  table?: ImportTable;
}

/** Reads a file's bytes into statement accounts and rows (formats/index.ts parseFile, or the same on a worker). */
export type ParseFile = (bytes: Uint8Array, request: ParseRequest) => Promise<ParsedFile>;

/** Rows of the raw table shown on the mapping screen. */
export const PREVIEW_TABLE_ROWS = 20;

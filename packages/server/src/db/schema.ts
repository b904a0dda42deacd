import type { Generated } from 'kysely';

// Table types of the database. Conventions shared by both dialects:
// - instants are epoch milliseconds in bigint columns (normalised to number, see postgres-types.ts);
// - flags are integers 0/1, because SQLite has no boolean and better-sqlite3 cannot bind one;
// - repositories map rows to domain objects, so these shapes never leave src/modules/*/repository.ts.

export interface UsersTable {
  id: Generated<number>;
  /** Lower-cased at write time; the unique index makes e-mail unique case-insensitively. */
  email: string;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  main_currency: string | null;
  role: Generated<'NORMAL' | 'DEMO' | 'ADMIN'>;
  email_verified: Generated<number>;
  referral_ok: Generated<number>;
  reg_complete: Generated<number>;
  /** Incremented when the password changes; tokens carry it and older ones stop working. */
  token_version: Generated<number>;
  created_at: number;
  last_login_at: number | null;
  /** When an admin disabled the user (migration 0027); null while they may sign in. */
  disabled_at: number | null;
  /** A demo visitor's (migration 0030): when the demo cleanup deletes them; null for every other user. */
  demo_expires_at: number | null;
}

export interface ExchangeRatesTable {
  /** "YYYY-MM-DD" (UTC) the rate was published for. */
  day: string;
  currency: string;
  /** Units of currency per 1 EUR, exact decimal text. */
  rate: string;
  /** Where it came from: "ecb", "currency-api", "import:<file>". */
  source: string;
  stored_at: number;
  /** The rates_version of the store that wrote the row (0: before versions were kept). */
  version: Generated<number>;
}

/** A scheduled job's tick claimed by an instance (migration 0017, jobs/once-per-tick.ts). */
export interface JobRunsTable {
  job: string;
  tick: number;
  instance: string;
  started_at: number;
}

/** The single row (id 1) counting stores of exchange rates (migration 0015). */
export interface RatesVersionTable {
  id: number;
  version: number;
  /** When the last rates refresh ran (migration 0031); null before the first. */
  refresh_at: number | null;
  /** Why it stored nothing (every feed's failure); null when it stored rates. */
  refresh_error: string | null;
  /** When a refresh last stored rates; null before the first that did. */
  refresh_ok_at: number | null;
}

export interface UserCurrenciesTable {
  user_id: number;
  code: string;
  last_used: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  type: 'real' | 'loan' | 'business' | 'external';
  description: string;
  /** 1 income, 0 expense for real categories; null for the others. */
  is_income: number | null;
  is_built_in: number;
  is_active: number;
  /** Minor units of the user's main currency; null = no limit. */
  monthly_limit: number | null;
  /** Budgets: 1 carries the month's unspent (or overspent) amount into the next (migration 0023). */
  rollover: Generated<number>;
  last_used: number;
}

/** Import rules (DESIGN §9): the amount range is in minor units of `currency`. */
export interface CategoryRulesTable {
  id: Generated<number>;
  user_id: number;
  match: 'contains' | 'regex';
  pattern: string;
  category_id: number;
  /** Set exactly when min_amount or max_amount is. */
  currency: string | null;
  min_amount: number | null;
  max_amount: number | null;
  position: number;
  created_at: number;
}

export interface PocketsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  currency: string;
  is_cash: number;
  created_at: number;
}

export interface TransactionsTable {
  id: Generated<number>;
  user_id: number;
  category_id: number;
  /** The category's type, copied so listings and sums need no join. */
  kind: 'real' | 'loan' | 'business' | 'external';
  business_type: 'invest' | 'pnl' | 'realize' | null;
  is_income: number;
  /** Minor units, positive. */
  amount: number;
  currency: string;
  description: string;
  time: number;
  /** UTC day number of time: the day whose exchange rate applies. */
  day: number;
  created_at: number;
  updated_at: number;
  /** The pocket the row belongs to; null = its currency's default (oldest) pocket (migration 0029). */
  pocket_id: number | null;
}

export interface ConversionsTable {
  id: Generated<number>;
  user_id: number;
  from_amount: number;
  from_currency: string;
  to_amount: number;
  to_currency: string;
  description: string;
  time: number;
  day: number;
  created_at: number;
  updated_at: number;
  /** The pockets the money leaves and enters; null = the currency's default pocket (migration 0029). */
  from_pocket_id: number | null;
  to_pocket_id: number | null;
}

export interface FixpointsTable {
  id: Generated<number>;
  user_id: number;
  time: number;
  created_at: number;
}

export interface PocketStatesTable {
  user_id: number;
  fixpoint_id: number;
  pocket_id: number;
  balance: number;
}

export interface DailyTotalsTable {
  user_id: number;
  day: number;
  currency: string;
  /** 0 for conversion legs. */
  category_id: number;
  kind: 'real' | 'loan' | 'business' | 'external' | 'conversion';
  /** '' unless kind is business. */
  business_type: '' | 'invest' | 'pnl' | 'realize';
  is_income: number;
  /** Sum of amounts, minor units. */
  amount: number;
  count: number;
  /** The UTC month of `day` (year × 12 + month index). */
  month: number;
  /** The amount in the user's main currency at the day's rate: whole minor units (floor) … */
  main_minor: number | null;
  /** … plus this many 10^-12 minor units (0 ≤ main_frac < 10^12); both NULL until valued. */
  main_frac: number | null;
}

/** The main-currency values of a month's daily totals per category and flow type, summed. */
export interface MonthlyMainTable {
  user_id: number;
  month: number;
  category_id: number;
  kind: DailyTotalsTable['kind'];
  business_type: DailyTotalsTable['business_type'];
  is_income: number;
  main_minor: number;
  main_frac: number;
}

/** monthly_main per currency instead of category (migration 0026): value by currency over months. */
export interface MonthlyMainCurrencyTable {
  user_id: number;
  month: number;
  currency: string;
  kind: DailyTotalsTable['kind'];
  business_type: DailyTotalsTable['business_type'];
  is_income: number;
  main_minor: number;
  main_frac: number;
}

/** A month's native flows per currency: the three measures of DESIGN §4, in minor units. */
export interface MonthlyNativeTable {
  user_id: number;
  month: number;
  currency: string;
  cash: number;
  loan: number;
  pending: number;
}

/** A day's native flows per currency: the three measures of DESIGN §4, in minor units. */
export interface DailyNativeTable {
  user_id: number;
  day: number;
  currency: string;
  cash: number;
  loan: number;
  pending: number;
}

/** A computed balance-history point: end-of-day balances in the main currency, minor units. */
export interface HistoryPointsTable {
  user_id: number;
  day: number;
  available: number;
  loaned: number;
  pending: number;
}

/** Up to which day a user's history points hold, and for which main currency. */
export interface HistoryStateTable {
  user_id: number;
  main_currency: string;
  valid_from: number | null;
  valid_through: number | null;
  version: number;
}

/** A month whose monthly_main rows are out of date; version counts the changes since listed. */
export interface DirtyMonthsTable {
  user_id: number;
  month: number;
  version: number;
}

/** Small facts about derived data, e.g. which rate table the main values were computed with. */
export interface LedgerMetaTable {
  key: string;
  value: string;
}

export interface EmailCodesTable {
  id: Generated<number>;
  user_id: number;
  code: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface ReferralCodesTable {
  code: string;
  /** Null for codes invited from the CLI. */
  created_by: number | null;
  used_by: number | null;
  invited_email: string | null;
  created_at: number;
  used_at: number | null;
}

export interface WaitlistTable {
  user_id: number;
  email: string;
  created_at: number;
  /** When an admin last mailed the address a referral code (migration 0027). */
  approved_at: number | null;
}

/** One row (id 1) the readiness check rewrites: proof that writes are stored. */
export interface HealthProbeTable {
  id: number;
  checked_at: number;
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
}

export interface ImportRowsTable {
  user_id: number;
  batch_id: number;
  /** The first line of the chunk. */
  line: number;
  /** JSON array of the stored preview rows (import/preview-rows.ts StoredRow), in file order. */
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
  /** Signed minor units. */
  amount: number;
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

/** Two-factor sign-in of a user (migration 0016); absent when never started or turned off. */
export interface TwoFactorTable {
  user_id: number;
  /** The TOTP secret, AES-256-GCM encrypted (two-factor/crypto.ts): "v1.<iv>.<ciphertext>.<tag>". */
  secret: string;
  /** Null while the enrolment waits for its confirming code. */
  enabled_at: number | null;
  /** The last 30 s time step a code was accepted for; codes of it and earlier steps are refused. */
  last_step: number | null;
  created_at: number;
}

/** Single-use recovery codes, as keyed hashes (HMAC-SHA-256, two-factor/crypto.ts). */
export interface TwoFactorRecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

/** A personal API token (migration 0018): only its SHA-256 is kept; revoking deletes the row. */
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  scope: 'read' | 'read-write';
  /** Hex SHA-256 of the whole token ("kassa_…"); unique. */
  token_hash: string;
  /** The token's first characters, for the list. */
  prefix: string;
  created_at: number;
  /** Null: never expires. */
  expires_at: number | null;
  /** Written at most once a minute per token. */
  last_used_at: number | null;
}

/** A signed-in session (migration 0019): one sign-in on one device; session JWTs carry its id. */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** "Chrome on Linux", from the User-Agent at sign-in. */
  device: string;
  /** The client address last seen. */
  ip: string;
  created_at: number;
  /** Written at most once a minute per session. */
  last_seen_at: number;
}

/** One entry of a user's security log (migration 0019); kinds are the contract's securityEventKinds. */
export interface SecurityEventsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  at: number;
  ip: string | null;
  device: string | null;
  detail: string | null;
}

/** A mailed password-reset link (migration 0021): only the token's hash is kept. */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** Hex SHA-256 of the link's token; unique. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  /** When it was used, or voided by another link's reset; null while it still works. */
  used_at: number | null;
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
  /** Minor units; null = ask each time. */
  amount: number | null;
  is_income: number | null;
  business_type: 'invest' | 'pnl' | 'realize' | null;
  from_currency: string | null;
  from_amount: number | null;
  to_currency: string | null;
  to_amount: number | null;
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

/** An undoable change (migration 0025): only the token's hash is kept; it works once, until expires_at. */
export interface UndoEntriesTable {
  id: Generated<number>;
  user_id: number;
  /** Hex SHA-256 of the token; unique. */
  token_hash: string;
  action: 'delete' | 'update';
  /** JSON of a bulk update's changes ({categoryId?, description?}); null for a delete. */
  changes: string | null;
  count: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A transaction as it was before an undoable change: every column of `transactions`, id included. */
export interface UndoTransactionsTable extends Omit<TransactionsTable, 'id'> {
  undo_id: number;
  id: number;
}

/** A conversion as it was before an undoable change: every column of `conversions`, id included. */
export interface UndoConversionsTable extends Omit<ConversionsTable, 'id'> {
  undo_id: number;
  id: number;
}

export interface DB {
  users: UsersTable;
  exchange_rates: ExchangeRatesTable;
  rates_version: RatesVersionTable;
  job_runs: JobRunsTable;
  user_currencies: UserCurrenciesTable;
  categories: CategoriesTable;
  category_rules: CategoryRulesTable;
  pockets: PocketsTable;
  transactions: TransactionsTable;
  conversions: ConversionsTable;
  fixpoints: FixpointsTable;
  pocket_states: PocketStatesTable;
  daily_totals: DailyTotalsTable;
  email_codes: EmailCodesTable;
  referral_codes: ReferralCodesTable;
  waitlist: WaitlistTable;
  health_probe: HealthProbeTable;
  ledger_meta: LedgerMetaTable;
  monthly_main: MonthlyMainTable;
  monthly_main_currency: MonthlyMainCurrencyTable;
  dirty_months: DirtyMonthsTable;
  monthly_native: MonthlyNativeTable;
  daily_native: DailyNativeTable;
  history_points: HistoryPointsTable;
  history_state: HistoryStateTable;
  import_batches: ImportBatchesTable;
  import_rows: ImportRowsTable;
  import_links: ImportLinksTable;
  import_profiles: ImportProfilesTable;
  import_rejected_pairs: ImportRejectedPairsTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  api_tokens: ApiTokensTable;
  sessions: SessionsTable;
  security_events: SecurityEventsTable;
  password_resets: PasswordResetsTable;
  schedules: SchedulesTable;
  schedule_occurrences: ScheduleOccurrencesTable;
  undo_entries: UndoEntriesTable;
  undo_transactions: UndoTransactionsTable;
  undo_conversions: UndoConversionsTable;
}

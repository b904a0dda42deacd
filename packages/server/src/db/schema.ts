// Table types of the database. Conventions shared by both dialects:
// - instants are epoch milliseconds in bigint columns (normalised to number, see postgres-types.ts);
// - flags are integers 0/1, because SQLite has no boolean and better-sqlite3 cannot bind one;
// - repositories map rows to domain objects, so these shapes never leave src/modules/*/repository.ts.

// The tables' types live in tables/, by area; this file names them for Kysely.

import type {
  ApiTokensTable,
  EmailCodesTable,
  PasswordResetsTable,
  ReferralCodesTable,
  SecurityEventsTable,
  SessionsTable,
  TwoFactorRecoveryCodesTable,
  TwoFactorTable,
  UsersTable,
  WaitlistTable,
} from './tables/accounts.js';
import type {
  CategoriesTable,
  ConversionsTable,
  FixpointsTable,
  PocketStatesTable,
  PocketsTable,
  TransactionsTable,
  UndoConversionsTable,
  UndoEntriesTable,
  UndoTransactionsTable,
  UserCurrenciesTable,
} from './tables/ledger.js';
import type {
  DailyNativeTable,
  DailyTotalsTable,
  DirtyMonthsTable,
  HistoryPointsTable,
  HistoryStateTable,
  LedgerMetaTable,
  MonthlyMainCurrencyTable,
  MonthlyMainTable,
  MonthlyNativeTable,
} from './tables/derived.js';
import type {
  CategoryRulesTable,
  ImportBatchesTable,
  ImportLinksTable,
  ImportProfilesTable,
  ImportRejectedPairsTable,
  ImportRowsTable,
  ScheduleOccurrencesTable,
  SchedulesTable,
} from './tables/features.js';
import type {
  BankAccountsTable,
  BankAuthStatesTable,
  BankConnectionsTable,
  BankPendingTable,
  BankSyncLogTable,
} from './tables/bank-sync.js';
import type { BookInvitesTable, BookMembersTable, BooksTable, SettlementsTable } from './tables/books.js';
import type {
  ExchangeRatesTable,
  HealthProbeTable,
  IdempotencyKeysTable,
  JobRunsTable,
  RatesVersionTable,
} from './tables/system.js';

export type * from './tables/accounts.js';
export type * from './tables/ledger.js';
export type * from './tables/derived.js';
export type * from './tables/features.js';
export type * from './tables/system.js';
export type * from './tables/books.js';

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
  books: BooksTable;
  book_members: BookMembersTable;
  book_invites: BookInvitesTable;
  settlements: SettlementsTable;
  bank_connections: BankConnectionsTable;
  bank_accounts: BankAccountsTable;
  bank_pending: BankPendingTable;
  bank_sync_log: BankSyncLogTable;
  bank_auth_states: BankAuthStatesTable;
  idempotency_keys: IdempotencyKeysTable;
}

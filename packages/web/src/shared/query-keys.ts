import type { IntervalInput, TransactionFilterBody } from '@kassa/contract';

/** First segment of every key whose answer a ledger write (transaction, conversion, fixpoint) may change. */
const LEDGER = 'ledger';

/**
 * Every query key of the app. Answers that a write of transactions, conversions or fixpoints can
 * change sit under ['ledger'], so one invalidation refreshes them all (ledger-refresh.ts); the
 * rest are fixed while the server runs or change only with their own writes.
 */
export const queryKeys = {
  config: ['config'],
  userInfo: ['account', 'userinfo'],
  supportedCurrencies: ['currency', 'supported'],
  externalCategories: ['category', 'external'],
  dailyRates: ['exrate', 'get-daily'],

  /**
   * Prefix of the shared books' answers (issue 34): not ledger data; membership changes them,
   * which the Members tab's writes refresh and a refused write (a role just changed) re-reads.
   */
  book: ['book'],
  /** GET book/getall: the books the user may open, their own first. */
  books: ['book', 'getall'],
  /** GET book/members: who may open the current book (the cache is reset on a switch). */
  bookMembers: ['book', 'members'],

  ledger: [LEDGER],
  // Lists in last-used order: a transaction moves its currency and category to the front.
  userCurrencies: [LEDGER, 'currencies'],
  categories: [LEDGER, 'categories'],
  category: (id: number) => [LEDGER, 'category', id] as const,
  /** Prefix of every pocket list (balances are the fixpoints' stated ones). */
  pockets: [LEDGER, 'pockets'],
  pocketGroups: [LEDGER, 'pockets', 'grouped'],
  /** GET pocket/getall: the flat list (the import screen's pocket picker). */
  pocketList: [LEDGER, 'pockets', 'all'],

  transactionPages: (filter: TransactionFilterBody) => [LEDGER, 'transactions', filter] as const,
  convertedSum: (filter: TransactionFilterBody) => [LEDGER, 'sum', filter] as const,
  transaction: (id: number) => [LEDGER, 'transaction', id] as const,
  conversion: (id: number) => [LEDGER, 'conversion', id] as const,
  conversionsBetween: (interval: IntervalInput) => [LEDGER, 'conversions', interval] as const,
  fixpointsBetween: (interval: IntervalInput) => [LEDGER, 'fixpoints', interval] as const,
  allFixpoints: [LEDGER, 'fixpoints-all'],
  lastFixpoint: [LEDGER, 'fixpoint-last'],
  fixpointBasis: [LEDGER, 'fixpoint-basis'],
  /** A fixpoint's queries share this prefix, so a delete can spare them all at once. */
  fixpoint: (id: number) => [LEDGER, 'fixpoint', id] as const,
  fixpointStates: (id: number) => [LEDGER, 'fixpoint', id, 'states'] as const,

  loanSummary: (id: number | null) => [LEDGER, 'loan', id] as const,
  businessSummary: (id: number | null) => [LEDGER, 'business', id] as const,
  categoryTransactions: (id: number | null) => [LEDGER, 'in-category', id] as const,
  /** transaction/search: the pages of one search line. */
  search: (q: string) => [LEDGER, 'search', q] as const,

  /** An analytics answer: the endpoint and what it was asked. */
  analytics: (endpoint: string, params: unknown) => [LEDGER, 'analytics', endpoint, params] as const,
  dashboardBalances: [LEDGER, 'dashboard', 'balances'],
  dashboardCashflow: [LEDGER, 'dashboard', 'cashflow'],
  /** GET account/onboarding: the dashboard checklist, ticked by ledger writes (and imports, which write the ledger). */
  onboarding: [LEDGER, 'onboarding'],
  /**
   * POST exrate/used over UTC days "YYYY-MM-DD" (issue 21, rate provenance): under ['ledger'], as
   * the answer lists the user's currencies, which a new currency changes.
   */
  usedRates: (firstDay: string, lastDay: string) => [LEDGER, 'rates-used', firstDay, lastDay] as const,
  /** Prefix of every budget answer (budget/get of a month); a category write changes them too. */
  budgets: [LEDGER, 'budget'],
  budget: (month: string) => [LEDGER, 'budget', month] as const,
  /**
   * Prefix of every schedule answer. Under ['ledger']: a posted or imported occurrence changes a
   * schedule's next date and due count, and any ledger write the projected balances of upcoming.
   */
  schedules: [LEDGER, 'schedules'],
  scheduleList: [LEDGER, 'schedules', 'all'],
  upcoming: (days: number) => [LEDGER, 'schedules', 'upcoming', days] as const,

  /**
   * Settling up a shared book (issue 34): POST analytics/settle-up of an interval. Under
   * ['ledger']: a split expense's entry or edit changes it, and so do the settlements, whose
   * writes refresh only this prefix (they move no other figure of the book).
   */
  settleUpAll: [LEDGER, 'settle-up'],
  settleUp: (interval: IntervalInput) => [LEDGER, 'settle-up', interval] as const,

  /**
   * The category rules of import, in the order they are tried. Not ledger data: they change with
   * their own writes, and when a category is deleted (its rules go with it).
   */
  rules: ['rule', 'getall'],

  /** The import batches (history), newest first; they change with import's own writes. */
  importBatches: ['import', 'getall'],

  /**
   * Bank connections (issue 35): not ledger data; they change with their own writes (connect,
   * map, sync, pause, remove) and with the server's scheduled syncs.
   */
  bank: ['bank'],
  bankConnections: ['bank', 'connections'],
  /** GET bank/connection/pending/{id}: a connection's pending rows and those that left the list. */
  bankPending: (connectionId: number) => ['bank', 'pending', connectionId] as const,
  /** Whether the self-hoster configured Enable Banking: fixed while the server runs. */
  enableBankingAvailable: ['bank', 'enablebanking', 'available'],
  /** GET bank/enablebanking/banks of a country. */
  enableBankingBanks: (country: string) => ['bank', 'enablebanking', 'banks', country] as const,
} as const;

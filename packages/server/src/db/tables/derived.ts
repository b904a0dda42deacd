// What the ledger derives from its rows (ledger/derived.ts rebuilds it): daily totals, monthly roll-ups, native measures, kept history.

import type { Minor } from '@kassa/money';

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
  /** Sum of amounts. */
  amount: Minor;
  count: number;
  /** The UTC month of `day` (year × 12 + month index). */
  month: number;
  /** The amount in the user's main currency at the day's rate: whole minor units (floor) … */
  main_minor: Minor | null;
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
  main_minor: Minor;
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
  main_minor: Minor;
  main_frac: number;
}

/** A month's native flows per currency: the three measures of DESIGN §4, in minor units. */
export interface MonthlyNativeTable {
  user_id: number;
  month: number;
  currency: string;
  cash: Minor;
  loan: Minor;
  pending: Minor;
}

/** A day's native flows per currency: the three measures of DESIGN §4, in minor units. */
export interface DailyNativeTable {
  user_id: number;
  day: number;
  currency: string;
  cash: Minor;
  loan: Minor;
  pending: Minor;
}

/** A computed balance-history point: end-of-day balances in the main currency, minor units. */
export interface HistoryPointsTable {
  user_id: number;
  day: number;
  available: Minor;
  loaned: Minor;
  pending: Minor;
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

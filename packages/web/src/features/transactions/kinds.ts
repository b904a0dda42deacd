import type { BusinessType, Category, CategoryType, Transaction } from '@kassa/contract';

/** The add-transaction tabs that record a transaction (conversion is the sixth tab, a form of its own). */
export const TRANSACTION_KINDS = ['expense', 'income', 'loan', 'business', 'external'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export interface KindRules {
  label: string;
  categType: CategoryType;
  /** IN/OUT toggle shown (loan, business, external); real kinds take the direction from the tab. */
  hasDirection: boolean;
  /** Spec §4 defaults: income → in, expense → out, loan → in, business → out, external → in. */
  defaultIncome: boolean;
}

export const KIND_RULES: Record<TransactionKind, KindRules> = {
  expense: { label: 'Expense', categType: 'real', hasDirection: false, defaultIncome: false },
  income: { label: 'Income', categType: 'real', hasDirection: false, defaultIncome: true },
  loan: { label: 'Loan', categType: 'loan', hasDirection: true, defaultIncome: true },
  business: { label: 'Business', categType: 'business', hasDirection: true, defaultIncome: false },
  external: { label: 'External', categType: 'external', hasDirection: true, defaultIncome: true },
};

export const BUSINESS_TYPES: { value: BusinessType; label: string }[] = [
  { value: 'invest', label: 'Invest' },
  { value: 'pnl', label: 'P&L' },
  { value: 'realize', label: 'Realize' },
];

/** The categories a kind's form offers: the kind's type and direction, active ones only. */
export function categoriesFor(kind: TransactionKind, categories: readonly Category[]): Category[] {
  const rules = KIND_RULES[kind];
  return categories.filter(
    (c) =>
      c.type === rules.categType && c.isActive && (rules.categType !== 'real' || c.isIncome === (kind === 'income')),
  );
}

/** The tab a stored transaction belongs to. */
export function kindOf(t: Pick<Transaction, 'categType' | 'isIncome'>): TransactionKind {
  if (t.categType === 'real') return t.isIncome ? 'income' : 'expense';
  return t.categType;
}

/** Spec §4: transactions of closed (inactive) loan and business categories can not be opened or edited. */
export function isClosedCategory(c: Category | undefined): boolean {
  return c !== undefined && c.type !== 'real' && c.type !== 'external' && !c.isActive;
}

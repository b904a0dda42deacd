import type { BusinessType, Category, CategoryType, Transaction } from '@kassa/contract';
import { t } from './i18n';

/** The add-transaction tabs that record a transaction (conversion is the sixth tab, a form of its own). */
export const TRANSACTION_KINDS = ['expense', 'income', 'loan', 'business', 'external'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export interface KindRules {
  /** The kind's name in the current language (read when shown). */
  readonly label: string;
  categType: CategoryType;
  /** IN/OUT toggle shown (loan, business, external); real kinds take the direction from the tab. */
  hasDirection: boolean;
  /** Spec §4 defaults: income → in, expense → out, loan → in, business → out, external → in. */
  defaultIncome: boolean;
}

/** A kind's rules, its label read in the current language each time it is shown. */
const kindRules = (kind: TransactionKind, categType: CategoryType, hasDirection: boolean, defaultIncome: boolean) => ({
  get label() {
    return t(`kinds.${kind}`);
  },
  categType,
  hasDirection,
  defaultIncome,
});

export const KIND_RULES: Record<TransactionKind, KindRules> = {
  expense: kindRules('expense', 'real', false, false),
  income: kindRules('income', 'real', false, true),
  loan: kindRules('loan', 'loan', true, true),
  business: kindRules('business', 'business', true, false),
  external: kindRules('external', 'external', true, true),
};

/** A business entry's types, each named in the current language when read (a Select's data). */
export const BUSINESS_TYPES: readonly { readonly value: BusinessType; readonly label: string }[] = (
  ['invest', 'pnl', 'realize'] as const
).map((value) => ({
  value,
  get label() {
    return t(`businessTypes.${value}`);
  },
}));

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

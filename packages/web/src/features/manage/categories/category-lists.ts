import type { Category } from '@kassa/contract';
import { t } from '../i18n';

/** The loan and business lists of spec §2 (also the {categType} segments of manage routes). */
export type ClosableType = 'loan' | 'business';

/** Spec §9: category descriptions in loan and business lists are shortened to 50 characters. */
export const LIST_DESCRIPTION_MAX = 50;

const byName = (a: Category, b: Category) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/** Real categories of one direction, by name (a management list is searched by eye, not by recency). */
export function realCategories(all: readonly Category[], isIncome: boolean): Category[] {
  return all.filter((c) => c.type === 'real' && c.isIncome === isIncome).sort(byName);
}

/** The built-in external categories (users can rename them, never add or remove them). */
export function externalCategories(all: readonly Category[]): Category[] {
  return all.filter((c) => c.type === 'external').sort(byName);
}

/** Loan or business categories: open ones first, then the closed ones, each by name. */
export function closableLists(all: readonly Category[], type: ClosableType): { open: Category[]; closed: Category[] } {
  const ofType = all.filter((c) => c.type === type).sort(byName);
  return { open: ofType.filter((c) => c.isActive), closed: ofType.filter((c) => !c.isActive) };
}

/** A category's kind, as its texts are keyed: income, expense, loan, business or external. */
export function kindKey(c: Pick<Category, 'type' | 'isIncome'>) {
  return c.type === 'real' ? (c.isIncome === true ? 'income' : 'expense') : c.type;
}

/** How a category's kind reads on screen. */
export const kindLabel = (c: Pick<Category, 'type' | 'isIncome'>): string => t(`category.kind.${kindKey(c)}`);

/** The manage list a category belongs to: where its editor goes back to when opened directly. */
export function listPathOf(c: Pick<Category, 'type'> | undefined): string {
  return c?.type === 'loan' || c?.type === 'business' ? `/private/manage/${c.type}` : '/private/manage/category';
}

/** Only expense categories carry a monthly limit: a budget caps spending, not income. */
export const hasMonthlyLimit = (c: Pick<Category, 'type' | 'isIncome'>) => c.type === 'real' && c.isIncome === false;

/**
 * The monthly limit as typed: empty means none; otherwise a plain non-negative decimal. The
 * contract carries it as a JSON number, so it is converted here; the server checks its decimals.
 */
export function parseMonthlyLimit(text: string): { ok: true; value: number | null } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, error: t('category.limitInvalid') };
  return { ok: true, value: Number(trimmed) };
}

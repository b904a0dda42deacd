import type { BudgetItem } from '@kassa/contract';
import type { MantineColor } from '@mantine/core';
import { currentLanguage, t } from './i18n';

/** Share of the month's budget (limit + carried) from which a budget counts as close to it. */
export const CLOSE_SHARE = 80;

/** The current month as budget/get names it: the UTC month, as the server buckets spending. */
export function currentMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** The month `delta` months after "YYYY-MM". */
export function shiftMonth(month: string, delta: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** "November 2026", in the current language. */
export function monthTitle(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return new Intl.DateTimeFormat(currentLanguage(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A history bar's label: "Nov", in the current language. */
export function monthShort(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return new Intl.DateTimeFormat(currentLanguage(), { month: 'short', timeZone: 'UTC' }).format(date);
}

/**
 * Spent as a percentage of what the month allows (limit + carried); a budget that allows nothing
 * is used up (100 %, or over it once anything is spent).
 */
export function usedShare(item: Pick<BudgetItem, 'limit' | 'carried' | 'spent'>): number {
  const allowed = item.limit + item.carried;
  if (allowed <= 0) return item.spent > 0 || allowed < 0 ? Infinity : 100;
  return (item.spent / allowed) * 100;
}

export type BudgetStatus = 'over' | 'close' | 'ok';

/** Over when less than nothing is left, close from CLOSE_SHARE % of the budget spent. */
export function budgetStatus(item: Pick<BudgetItem, 'limit' | 'carried' | 'spent' | 'left'>): BudgetStatus {
  if (item.left < 0) return 'over';
  return usedShare(item) >= CLOSE_SHARE ? 'close' : 'ok';
}

export const STATUS_COLOR: Record<BudgetStatus, MantineColor> = { over: 'red', close: 'orange', ok: 'teal' };

/** The progress bar's filling (0–100). */
export const progressValue = (item: Pick<BudgetItem, 'limit' | 'carried' | 'spent'>) =>
  Math.min(100, Math.max(0, usedShare(item)));

/** The `count` budgets closest to or over their limit, the most used first (the dashboard card). */
export function closestToLimit<T extends Pick<BudgetItem, 'limit' | 'carried' | 'spent' | 'left' | 'name'>>(
  items: readonly T[],
  count: number,
): T[] {
  return [...items]
    .sort((a, b) => {
      const shareA = usedShare(a);
      const shareB = usedShare(b);
      // Compared, not subtracted: two budgets that allow nothing both have an infinite share.
      if (shareA !== shareB) return shareB > shareA ? 1 : -1;
      return a.left - b.left || a.name.localeCompare(b.name);
    })
    .slice(0, count);
}

/** A limit as typed: a plain non-negative decimal in the main currency; empty removes the budget. */
export function parseLimit(text: string): { ok: true; value: number | null } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, error: t('limit.invalid') };
  return { ok: true, value: Number(trimmed) };
}

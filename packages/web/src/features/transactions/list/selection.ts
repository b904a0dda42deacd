import type { Category, Transaction } from '@kassa/contract';
import { t } from '../i18n';

// Row selection of the transaction list (bulk edit, issue 20): pure, so the click rules are tested
// without a browser. Only transactions are selected; conversions and fixpoints have no bulk actions.

/** The selected transactions by id; the rows tell which categories fit them all. */
export type Selection = ReadonlyMap<number, Transaction>;

export interface Clicked {
  selection: Selection;
  /** The row a later Shift-click ranges from. */
  anchor: number;
}

/**
 * A click on a row's checkbox: the row toggles. With Shift and an anchor among the visible rows,
 * every row from the anchor to the clicked one (either direction) takes the clicked row's new
 * state, as in a mail client. `visible` is the selectable rows in list order.
 */
export function clickRow(
  selection: Selection,
  visible: readonly Transaction[],
  row: Transaction,
  shift: boolean,
  anchor: number | undefined,
): Clicked {
  const next = new Map(selection);
  const select = !selection.has(row.id);
  const to = visible.findIndex((t) => t.id === row.id);
  const from = shift && anchor !== undefined ? visible.findIndex((t) => t.id === anchor) : -1;
  const range = from < 0 || to < 0 ? [row] : visible.slice(Math.min(from, to), Math.max(from, to) + 1);
  for (const t of range) {
    if (select) next.set(t.id, t);
    else next.delete(t.id);
  }
  return { selection: next, anchor: row.id };
}

/** The header checkbox: every visible row when some are not selected yet, else none of them. */
export function toggleVisible(selection: Selection, visible: readonly Transaction[]): Selection {
  const next = new Map(selection);
  if (visibleState(selection, visible) === 'all') for (const t of visible) next.delete(t.id);
  else for (const t of visible) next.set(t.id, t);
  return next;
}

/** How much of the visible rows is selected, for the header checkbox (checked, indeterminate, empty). */
export function visibleState(selection: Selection, visible: readonly Transaction[]): 'all' | 'some' | 'none' {
  const count = visible.filter((t) => selection.has(t.id)).length;
  return count === 0 ? 'none' : count === visible.length ? 'all' : 'some';
}

/**
 * The categories a bulk change may move every selected row to, as the server checks them: an
 * active category of the rows' own kind, and for income and expenses of their direction. Rows of
 * different kinds or directions have none in common.
 */
export function fittingCategories(rows: Iterable<Transaction>, categories: Iterable<Category>): Category[] {
  const kinds = new Set<string>();
  for (const t of rows) kinds.add(t.categType === 'real' ? `real:${String(t.isIncome)}` : t.categType);
  if (kinds.size !== 1) return [];
  const [kind] = kinds;
  return [...categories].filter(
    (c) => c.isActive && (c.type === 'real' ? `real:${String(c.isIncome)}` : c.type) === kind,
  );
}

/** The toast after a bulk change ("12 transactions deleted", "Category changed on 12 transactions"). */
export function bulkMessage(action: 'delete' | 'category' | 'description', count: number): string {
  if (action === 'delete') return t('bulk.deleted', { count });
  return action === 'category' ? t('bulk.categoryChanged', { count }) : t('bulk.descriptionChanged', { count });
}

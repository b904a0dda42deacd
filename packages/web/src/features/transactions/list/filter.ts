import type { ExportKind, TransactionFilterBody } from '@kassa/contract';
import { toApiInterval, type DayInterval } from '../../../components/interval';

/** The filter panel's choices (spec §2 filter panel). */
export interface FilterState {
  enabled: boolean;
  incomeCategories: number[];
  expenseCategories: number[];
  loanBusinessCategories: number[];
  currencies: string[];
  /** true = income (IN), false = expense (OUT). */
  directions: boolean[];
  interval: DayInterval;
}

/** Turning the panel off clears every selection (spec §2). */
export function clearedFilter(state: FilterState, enabled: boolean): FilterState {
  return {
    ...state,
    enabled,
    incomeCategories: [],
    expenseCategories: [],
    loanBusinessCategories: [],
    currencies: [],
    directions: [],
  };
}

/** Whether any selection narrows the list: then conversions and fixpoints are hidden. */
export function hasSelection(s: FilterState): boolean {
  return (
    s.enabled &&
    s.incomeCategories.length +
      s.expenseCategories.length +
      s.loanBusinessCategories.length +
      s.currencies.length +
      s.directions.length >
      0
  );
}

/** The transaction filter the API takes; with the panel off, everything. */
export function toListFilter(s: FilterState): TransactionFilterBody {
  if (!s.enabled) return { categoryIds: [], currencies: [], directions: [], types: [] };
  return {
    interval: toApiInterval(s.interval),
    categoryIds: [...s.incomeCategories, ...s.expenseCategories, ...s.loanBusinessCategories],
    currencies: s.currencies,
    directions: s.directions,
    types: [],
  };
}

/** Spec §2: the sum row appears only when exactly one direction is filtered. */
export function showsSum(s: FilterState): boolean {
  return s.enabled && s.directions.length === 1;
}

/** Every row kind but conversions: what the list shows while a selection narrows it. */
const TRANSACTION_KINDS: readonly ExportKind[] = ['real', 'loan', 'business', 'external'];

/**
 * GET export/csv's query for what the list shows (exportCsvQuerySchema): the interval, categories,
 * currencies and directions of the panel; with a selection the list hides conversions, so the
 * export leaves them out too. The panel off exports everything.
 */
export function toExportQuery(s: FilterState): string {
  const params = new URLSearchParams();
  if (!s.enabled) return '';
  const { start, end } = toApiInterval(s.interval);
  params.set('start', start);
  params.set('end', end);
  const categoryIds = [...s.incomeCategories, ...s.expenseCategories, ...s.loanBusinessCategories];
  if (categoryIds.length > 0) params.set('categoryIds', categoryIds.join(','));
  if (s.currencies.length > 0) params.set('currencies', s.currencies.join(','));
  if (s.directions.length > 0) params.set('directions', s.directions.map((d) => (d ? 'in' : 'out')).join(','));
  if (hasSelection(s)) params.set('types', TRANSACTION_KINDS.join(','));
  return params.toString();
}

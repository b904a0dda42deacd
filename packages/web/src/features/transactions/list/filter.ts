import type { ExportKind, TransactionFilterBody } from '@kassa/contract';
import { toApiInterval, type DayInterval } from '../../../components/interval';
import { endOfDay, parseLocal, startOfDay, toLocalDateValue } from '../../../lib/local-time';

/** The filter panel's choices (spec §2 filter panel). */
export interface FilterState {
  enabled: boolean;
  incomeCategories: number[];
  expenseCategories: number[];
  loanBusinessCategories: number[];
  currencies: string[];
  /** true = income (IN), false = expense (OUT). */
  directions: boolean[];
  /** The members who entered the rows (a shared book, issue 34). */
  enteredBy: number[];
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
    enteredBy: [],
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
      s.directions.length +
      s.enteredBy.length >
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
    // Only when chosen: the request of a book nobody else enters rows in stays as it was.
    ...(s.enteredBy.length > 0 ? { enteredBy: s.enteredBy } : {}),
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
 * currencies, directions and who entered the rows; with a selection the list hides conversions, so the
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
  if (s.enteredBy.length > 0) params.set('enteredBy', s.enteredBy.join(','));
  if (hasSelection(s)) params.set('types', TRANSACTION_KINDS.join(','));
  return params.toString();
}

const ids = (value: string | null): number[] =>
  (value ?? '')
    .split(',')
    .filter((v) => /^\d+$/.test(v))
    .map(Number);
const codes = (value: string | null): string[] => (value ?? '').split(',').filter((v) => /^[A-Z]{3}$/.test(v));

/**
 * The filter as the list's URL query (issue 22): an edit or delete goes back in history to the
 * same list, and a link or reload shows it again. Only what is chosen is written; the panel off is
 * no query at all.
 */
export function toSearch(s: FilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (!s.enabled) return params;
  params.set('from', toLocalDateValue(s.interval.start));
  params.set('to', toLocalDateValue(s.interval.end));
  const list = (key: string, values: readonly (number | string)[]) => {
    if (values.length > 0) params.set(key, values.join(','));
  };
  list('income', s.incomeCategories);
  list('expense', s.expenseCategories);
  list('loanbusiness', s.loanBusinessCategories);
  list('currency', s.currencies);
  list(
    'direction',
    s.directions.map((d) => (d ? 'in' : 'out')),
  );
  list('by', s.enteredBy);
  return params;
}

/**
 * The filter a URL query stands for: the panel is on when the query has an interval; unreadable
 * parts are dropped (a hand-edited link still opens the list). `fallback` is the interval
 * turning the panel on starts with.
 */
export function fromSearch(params: URLSearchParams, fallback: DayInterval): FilterState {
  const start = parseLocal(params.get('from') ?? '');
  const end = parseLocal(params.get('to') ?? '');
  const enabled = start !== undefined && end !== undefined && start <= end;
  const state: FilterState = {
    enabled: false,
    incomeCategories: [],
    expenseCategories: [],
    loanBusinessCategories: [],
    currencies: [],
    directions: [],
    enteredBy: [],
    interval: fallback,
  };
  if (!enabled) return state;
  const directions = (params.get('direction') ?? '').split(',');
  return {
    enabled: true,
    incomeCategories: ids(params.get('income')),
    expenseCategories: ids(params.get('expense')),
    loanBusinessCategories: ids(params.get('loanbusiness')),
    currencies: codes(params.get('currency')),
    directions: [...(directions.includes('in') ? [true] : []), ...(directions.includes('out') ? [false] : [])],
    enteredBy: ids(params.get('by')),
    interval: { start: startOfDay(start), end: endOfDay(end) },
  };
}

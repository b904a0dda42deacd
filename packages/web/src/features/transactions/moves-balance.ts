// Spec §5 asks before changes dated at or before the last fixpoint, because they move that
// fixpoint's error. A change of category (within the same kind and direction) or description
// moves no balance (issue 32: fixing the categories of imported history is not dangerous), so it
// asks nothing; amount, currency, time, direction and business type keep the question.

/** The fields whose change moves a balance, for transactions and conversions alike. */
const BALANCE_FIELDS = ['amount', 'currency', 'type', 'fromAmount', 'fromCurrency', 'toAmount', 'toCurrency'] as const;

/** A decimal written as the API reads it ("12.50", 12.5), compared without trailing zeros. */
function decimalText(value: unknown): string {
  const text = String(value).trim();
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (m === null) return text;
  const whole = (m[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  const sign = whole === '0' && fraction === '' ? '' : (m[1] ?? '');
  return `${sign}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

function same(field: (typeof BALANCE_FIELDS)[number], before: unknown, after: unknown): boolean {
  if (before === undefined || after === undefined) return before === after || after === undefined;
  if (field.endsWith('mount')) return decimalText(before) === decimalText(after);
  return (before ?? null) === (after ?? null);
}

/** A category's direction: true income, false expense, null for kinds whose rows carry their own; undefined when unknown. */
export type DirectionOf = (categoryId: unknown) => boolean | null | undefined;

/**
 * Whether the row's direction changes: a real transaction is sent without one (its category
 * gives it), so a new category of the other direction moves the balance; an unknown category
 * counts as moving it whenever the category changed.
 */
function directionChanges(before: Record<string, unknown>, after: Record<string, unknown>, directionOf?: DirectionOf) {
  if (typeof after.isIncome === 'boolean') return before.isIncome !== undefined && after.isIncome !== before.isIncome;
  if (after.categoryId === undefined || after.categoryId === before.categoryId) return false;
  const direction = directionOf?.(after.categoryId);
  if (direction === undefined) return true;
  return direction !== null && direction !== before.isIncome;
}

/** Whether saving `after` over `before` moves any balance (and so any fixpoint's error). */
export function movesBalance(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  directionOf?: DirectionOf,
): boolean {
  if (new Date(String(before.time)).getTime() !== new Date(String(after.time)).getTime()) return true;
  if (directionChanges(before, after, directionOf)) return true;
  return BALANCE_FIELDS.some((field) => !same(field, before[field], after[field]));
}

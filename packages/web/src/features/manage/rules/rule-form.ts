import type { Category, Rule, RuleInputBody, RuleMatch, UpdateRuleBody } from '@kassa/contract';
import { amountFieldText, amountForServer } from '../../../components/amount-value';
import { formatMoney } from '../../../lib/display-format';
import { fieldMessage } from '../../../lib/errors';
import { realCategories } from '../categories/category-lists';
import { t } from '../i18n';

/** The contract's MAX_RULE_PATTERN (a value import of the contract would load zod into the page). */
export const MAX_PATTERN = 200;

/** How a match kind reads in the list and in the form's switch. */
export const matchLabel = (match: RuleMatch): string => t(`rule.matchKind.${match}`);

/** The fields of the rule form as typed: amounts are text (numbers or expressions, the server evaluates them). */
export interface RuleDraft {
  match: RuleMatch;
  pattern: string;
  categoryId: string | null;
  minAmount: string;
  maxAmount: string;
  currency: string | null;
}

/** The input fields of a rule, as the server names them in its 400 messages ("pattern: …"). */
export type RuleField = 'match' | 'pattern' | 'categoryId' | 'minAmount' | 'maxAmount' | 'currency';
export type FieldErrors = Partial<Record<RuleField, string>>;

const amountText = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : amountFieldText(v));

/** The form's starting values: a stored rule, a prefill (e.g. from an import row), or blank. */
export function draftOf(from: Partial<RuleInputBody> | undefined): RuleDraft {
  return {
    match: from?.match === 'regex' ? 'regex' : 'contains',
    pattern: from?.pattern ?? '',
    categoryId: from?.categoryId === undefined ? null : String(from.categoryId),
    minAmount: amountText(from?.minAmount),
    maxAmount: amountText(from?.maxAmount),
    currency: from?.currency ?? null,
  };
}

const PLAIN_NUMBER = /^\d+(\.\d+)?$/;

/**
 * Checks what the form can know without the server (the server checks again and names the field
 * of anything else): a pattern, a category, a currency with a bound, plain-number bounds above
 * zero and min ≤ max, and with `regexProblem` (regex-check.ts, loaded when needed) a regular
 * expression RE2 runs. Gives the body to send, or the fields' messages.
 * The currency goes only with a bound: without one the server refuses it.
 */
export function checkDraft(
  d: RuleDraft,
  regexProblem?: (pattern: string) => string | null,
): { ok: true; body: RuleInputBody } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const pattern = d.pattern.trim();
  // Bounds typed in the person's number format, read into the product's notation.
  const min = amountForServer(d.minAmount);
  const max = amountForServer(d.maxAmount);
  const hasRange = min !== '' || max !== '';
  if (pattern === '') errors.pattern = d.match === 'regex' ? t('rule.error.regexMissing') : t('rule.error.textMissing');
  else if (d.match === 'regex') {
    const problem = regexProblem?.(pattern) ?? null;
    if (problem !== null) errors.pattern = problem;
  }
  if (d.categoryId === null) errors.categoryId = t('rule.error.category');
  if (hasRange && d.currency === null) errors.currency = t('rule.error.currency');
  if (PLAIN_NUMBER.test(min) && Number(min) === 0) errors.minAmount = t('rule.error.moreThanZero');
  if (PLAIN_NUMBER.test(max) && Number(max) === 0) errors.maxAmount = t('rule.error.moreThanZero');
  else if (PLAIN_NUMBER.test(min) && PLAIN_NUMBER.test(max) && Number(min) > Number(max))
    errors.maxAmount = t('rule.error.belowMin');
  if (Object.keys(errors).length > 0 || d.categoryId === null) return { ok: false, errors };
  return {
    ok: true,
    body: {
      match: d.match,
      pattern,
      categoryId: Number(d.categoryId),
      minAmount: min === '' ? null : min,
      maxAmount: max === '' ? null : max,
      currency: hasRange ? d.currency : null,
    },
  };
}

const RULE_FIELDS: readonly RuleField[] = ['match', 'pattern', 'categoryId', 'minAmount', 'maxAmount', 'currency'];

/** Where a refusal of the server belongs: under the rule field it names, else above the buttons. */
export function serverError(message: string): { field: RuleField | null; text: string } {
  return fieldMessage(message, RULE_FIELDS);
}

/** The amount range of a rule as the list shows it, or null for any amount. */
export function rangeText(rule: Pick<Rule, 'minAmount' | 'maxAmount' | 'currency'>): string | null {
  const { minAmount: min, maxAmount: max, currency } = rule;
  if (currency === null || (min === null && max === null)) return null;
  if (min !== null && max !== null) return `${formatMoney(min, currency)} – ${formatMoney(max, currency)}`;
  if (min !== null) return t('rule.atLeast', { amount: formatMoney(min, currency) });
  return t('rule.atMost', { amount: formatMoney(max ?? 0, currency) });
}

/** The body of rule/update that keeps a rule as it is but for its position. */
export function withPosition(rule: Rule, position: number): UpdateRuleBody {
  return {
    id: rule.id,
    match: rule.match,
    pattern: rule.pattern,
    categoryId: rule.categoryId,
    minAmount: rule.minAmount,
    maxAmount: rule.maxAmount,
    currency: rule.currency,
    position,
  };
}

/**
 * The updates that move the rule at `index` of `rules` (in the server's order: position, then id)
 * one place up (-1) or down (+1). The two rules swap their positions when that gives the new order
 * (the usual case: two updates); when positions repeat and a swap would not, every rule is
 * numbered from 0 in the new order and only the changed ones are sent.
 */
export function positionsAfterMove(rules: readonly Rule[], index: number, delta: -1 | 1): UpdateRuleBody[] {
  const other = index + delta;
  const moving = rules[index];
  const swapped = rules[other];
  if (moving === undefined || swapped === undefined) return [];
  const order = [...rules];
  order[index] = swapped;
  order[other] = moving;
  const slots = rules.map((r) => r.position);
  const sortsRight = order.every((r, k) => {
    const next = order[k + 1];
    const at = slots[k] ?? 0;
    const nextAt = slots[k + 1] ?? 0;
    return next === undefined || at < nextAt || (at === nextAt && r.id < next.id);
  });
  const positions = sortsRight ? slots : order.map((_r, k) => k);
  return order.flatMap((r, k) => {
    const position = positions[k] ?? k;
    return r.position === position ? [] : [withPosition(r, position)];
  });
}

/**
 * The choices of the category picker: active income and expense categories, each group by name.
 * `keep` (the edited rule's category) is offered even when inactive, so the picker can show it.
 */
export function categoryChoices(all: readonly Category[], keep: number | null) {
  const choice = (c: Category) => ({
    value: String(c.id),
    label: c.isActive ? c.name : t('rule.inactiveChoice', { name: c.name }),
  });
  const offered = (isIncome: boolean) =>
    realCategories(all, isIncome)
      .filter((c) => c.isActive || c.id === keep)
      .map(choice);
  return [
    { group: t('rule.expense'), items: offered(false) },
    { group: t('rule.income'), items: offered(true) },
  ].filter((g) => g.items.length > 0);
}

import type { RuleMatch } from '@kassa/contract';

/** A rule as matching sees it: the range is in minor units of `currency` (set with a bound). */
export interface MatchRule {
  match: RuleMatch;
  pattern: string;
  categoryId: number;
  currency: string | null;
  minAmount: number | null;
  maxAmount: number | null;
}

/** An import row: its text (payee, memo…) and signed amount in minor units of its currency. */
export interface MatchRow {
  text: string;
  amountMinor: number;
  currency: string;
}

/** Longest text a rule is tried on: bounds the work a regular expression can do per row. */
export const MAX_MATCH_TEXT = 1000;

const MARKS = /\p{M}/gu;
const SPACES = /\s+/gu;

/** Accents folded: NFKD, then combining marks dropped ("Café" → "Cafe"). */
export const foldAccents = (text: string): string => text.normalize('NFKD').replace(MARKS, '');

/** Text as rules see it: accents folded, lower case, whitespace collapsed, trimmed. */
export const normaliseText = (text: string): string => foldAccents(text).toLowerCase().replace(SPACES, ' ').trim();

/**
 * The regular expression of a regex rule: case-insensitive, no other flags (no user flags, no
 * sticky or global state), its accents folded like the text it is tried on. Throws on a pattern
 * that does not compile.
 */
export const compileRegex = (pattern: string): RegExp => new RegExp(foldAccents(pattern), 'i');

function inRange(rule: MatchRule, row: MatchRow): boolean {
  if (rule.minAmount === null && rule.maxAmount === null) return true;
  if (rule.currency !== row.currency) return false;
  const size = Math.abs(row.amountMinor);
  return (rule.minAmount === null || size >= rule.minAmount) && (rule.maxAmount === null || size <= rule.maxAmount);
}

/** Compiles rules once (in order) into a function giving the first rule that fits a row, or null. */
export function compileRuleFinder<R extends MatchRule>(rules: readonly R[]): (row: MatchRow) => R | null {
  if (rules.length === 0) return () => null; // no text to normalise for nobody's rules
  const tests = rules.map((rule) => {
    if (rule.match === 'contains') {
      const needle = normaliseText(rule.pattern);
      return (text: string) => text.includes(needle);
    }
    let regex: RegExp;
    try {
      regex = compileRegex(rule.pattern);
    } catch {
      return () => false; // stored before a change of engine; never matches rather than failing an import
    }
    return (text: string) => regex.test(text);
  });
  return (row) => {
    const text = normaliseText(row.text).slice(0, MAX_MATCH_TEXT);
    for (const [i, rule] of rules.entries()) {
      if (inRange(rule, row) && tests[i]?.(text) === true) return rule;
    }
    return null;
  };
}

/** Compiles rules once (in order) into a function giving a row's category id, or null. */
export function compileRules(rules: readonly MatchRule[]): (row: MatchRow) => number | null {
  const find = compileRuleFinder(rules);
  return (row) => find(row)?.categoryId ?? null;
}

/** The category of the first rule (in the order given) that fits the row; null when none does. */
export function ruleFor(rules: readonly MatchRule[], row: MatchRow): number | null {
  return compileRules(rules)(row);
}

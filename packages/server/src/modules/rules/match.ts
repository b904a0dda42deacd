import type { Minor } from '@kassa/money';
import type { RuleMatch } from '@kassa/contract';
import { RE2JS, RE2JSSyntaxException } from 're2js';

/** A rule as matching sees it: the range is in minor units of `currency` (set with a bound). */
export interface MatchRule {
  match: RuleMatch;
  pattern: string;
  categoryId: number;
  currency: string | null;
  minAmount: Minor | null;
  maxAmount: Minor | null;
}

/** An import row: its text (payee, memo…) and signed amount in minor units of its currency. */
export interface MatchRow {
  text: string;
  amountMinor: Minor;
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
 * Largest compiled program (RE2's `programSize`) a regex rule may have. RE2 matches in time linear
 * in the text, but the factor is the program: `.{1,1000}` is 2000 steps for each of a row's up to
 * 1000 characters. Hand-written rules stay far below (`^(lidl|aldi)\s+\d+$` is about 20).
 */
export const MAX_RULE_PROGRAM = 1000;

/** A pattern Kassa refuses; the message reads after "pattern: " (rule/add, rule/update). */
export class RulePatternError extends Error {}

const unsupported = (reason: string, detail: string) =>
  new RulePatternError(`is not a regular expression Kassa can run (${reason}): ${detail}`);

/**
 * Roughly how many atoms a pattern expands to once its counted repeats are written out: each
 * `{n,m}` multiplies what it repeats by max(n, m), so nested counts multiply. It only has to be
 * cheap and not far below the compiled size: compiling `\w{1,1000}` eighteen times over takes
 * RE2 a quarter of a second, and this lets such a pattern be refused without compiling it.
 */
function expandedSize(pattern: string): number {
  const outer: number[] = []; // the size of each enclosing group before its "("
  let size = 0;
  let last = 0; // the size of the last atom, which a quantifier repeats
  const atom = (n: number) => {
    size += n;
    last = n;
  };
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === 'Q') {
        // \Q…\E: every quoted character is an atom
        const end = pattern.indexOf('\\E', i + 2);
        const stop = end === -1 ? pattern.length : end;
        atom(Math.max(stop - i - 2, 0));
        i = end === -1 ? stop : stop + 2;
        continue;
      }
      // \p{Greek}, \x{263a}: the braces belong to the escape
      const braced = (next === 'p' || next === 'P' || next === 'x') && pattern[i + 2] === '{';
      const close = braced ? pattern.indexOf('}', i + 3) : -1;
      i = close === -1 ? i + 2 : close + 1;
      atom(1);
      continue;
    }
    if (c === '[') {
      // A class is one atom, however long: skip to its "]" (one right after "[" or "[^" is literal).
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') {
        if (pattern[j] === '\\') j++;
        else if (pattern.startsWith('[:', j)) j = Math.max(pattern.indexOf(':]', j + 2) + 1, j);
        j++;
      }
      i = j + 1;
      atom(1);
      continue;
    }
    if (c === '(') {
      outer.push(size);
      size = 0;
      i++;
      continue;
    }
    if (c === ')') {
      const inner = size;
      size = outer.pop() ?? 0;
      atom(inner);
      i++;
      continue;
    }
    if (c === '{') {
      const repeat = /^\{(\d+)(?:,(\d*))?\}/.exec(pattern.slice(i, i + 24));
      if (repeat !== null) {
        const count = Math.max(Number(repeat[1]), Number(repeat[2] ?? 0), 1);
        size += last * (count - 1);
        last *= count;
        i += repeat[0].length;
        continue;
      }
    }
    // "*", "+", "?" and "|" add no copies; anything else is a literal character.
    if (c !== '*' && c !== '+' && c !== '?' && c !== '|') atom(1);
    i++;
  }
  return outer.reduce((sum, n) => sum + n, size);
}

/** Why RE2 refused a pattern, from its parser's error code and the piece it names. */
function refusal(err: unknown, pattern: string): RulePatternError {
  if (!(err instanceof RE2JSSyntaxException)) {
    return new RulePatternError(`not a valid regular expression: ${err instanceof Error ? err.message : 'invalid'}`);
  }
  const code = err.getDescription();
  // The case-insensitive flag reaches RE2 as a "(?i)" prefix, which the user did not write.
  const raw = err.getPattern() ?? '';
  const piece = raw === `(?i)${pattern}` ? pattern : raw;
  const detail = piece === '' ? code : `${code}: \`${piece}\``;
  if (code === 'invalid escape sequence' && /^\\([1-9]|k)/.test(piece))
    return unsupported('backreferences are not supported', detail);
  if (code === 'invalid or unsupported Perl syntax' && /^\(\?[=!]/.test(piece))
    return unsupported('lookahead is not supported', detail);
  if (code === 'invalid named capture' && /^\(\?<[=!]/.test(piece))
    return unsupported('lookbehind is not supported', detail);
  if (code === 'invalid or unsupported Perl syntax' && piece.startsWith('(?>'))
    return unsupported('atomic groups are not supported', detail);
  if (code === 'invalid nested repetition operator' && piece.endsWith('+'))
    return unsupported('possessive quantifiers are not supported', detail);
  if (code === 'invalid repeat count') {
    const counts = /^\{(\d+),(\d+)\}$/.exec(piece);
    if (counts === null || Number(counts[1]) <= Number(counts[2]))
      return unsupported('a repeat count is at most 1000, nested counts multiplied', detail);
  }
  if (code === 'expression too large') return unsupported(`too large: at most ${MAX_RULE_PROGRAM} steps`, detail);
  if (code === 'invalid escape sequence' && piece === '\\u')
    return unsupported('\\u escapes are not supported, write \\x{00e9}', detail);
  return new RulePatternError(`not a valid regular expression: ${detail}`);
}

/**
 * The regular expression of a regex rule, in RE2 (linear time, no backtracking: no
 * backreferences or lookaround): case-insensitive, no other flags, its accents folded like the
 * text it is tried on. Throws a RulePatternError, saying why, on a pattern RE2 refuses or that
 * is too large to try on every row (MAX_RULE_PROGRAM).
 */
export function compileRegex(pattern: string): RE2JS {
  const folded = foldAccents(pattern);
  const tooLarge = (steps: string) =>
    unsupported(`too large: ${steps}, at most ${MAX_RULE_PROGRAM}`, 'use smaller repeat counts');
  const expanded = expandedSize(folded);
  // Twice the cap: a program is rarely under half its expansion (alternatives of single
  // characters, which RE2 merges into one class, are the exception), so this refuses almost only
  // patterns the size check below would refuse too, before paying for compiling them.
  if (expanded > 2 * MAX_RULE_PROGRAM) throw tooLarge(`its repeats expand to about ${expanded} steps`);
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(folded, RE2JS.CASE_INSENSITIVE);
  } catch (err) {
    throw refusal(err, folded);
  }
  const steps = regex.programSize();
  if (steps > MAX_RULE_PROGRAM) throw tooLarge(`it compiles to ${steps} steps`);
  return regex;
}

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
    let regex: RE2JS;
    try {
      regex = compileRegex(rule.pattern);
    } catch {
      // Stored before rules ran in RE2 (a backreference, lookaround, an outsize count): it never
      // matches rather than failing an import, and rule/update says why when it is next saved.
      return () => false;
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

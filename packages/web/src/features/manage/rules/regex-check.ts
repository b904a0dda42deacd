import { RE2JS, RE2JSSyntaxException } from 're2js';
import { t } from '../i18n';

// The form's check of a regular expression, in a module of its own: RE2 (re2js, about 45 kB
// gzipped) loads only when someone saves a regex rule, not with the Rules and Import screens.

/** The server's MAX_RULE_PROGRAM: the largest compiled RE2 program a regex rule may have. */
const MAX_PROGRAM = 1000;

/** What RE2 refuses that another engine would run, by RE2's error and the piece it names. */
const UNSUPPORTED: [RegExp, Unsupported][] = [
  [/^invalid escape sequence: \\([1-9]|k)/, 'backreferences'],
  [/^invalid or unsupported Perl syntax: \(\?[=!]/, 'lookahead'],
  [/^invalid named capture: \(\?<[=!]/, 'lookbehind'],
  [/^invalid or unsupported Perl syntax: \(\?>/, 'atomic'],
  [/^invalid nested repetition operator: .*\+$/, 'possessive'],
  [/^invalid repeat count: \{\d+(,\d*)?\}$/, 'repeat'],
  [/^expression too large/, 'tooLarge'],
];
type Unsupported = 'backreferences' | 'lookahead' | 'lookbehind' | 'atomic' | 'possessive' | 'repeat' | 'tooLarge';

/** "Not a regular expression Kassa can run", and why. */
const cannotRun = (why: Unsupported) => t('rule.error.unsupported', { reason: t(`rule.error.${why}`) });

/**
 * Why the server would refuse a regex rule, or null: rules run in RE2 (linear time, so a rule
 * cannot stall an import), which has no backreferences or lookaround, counts to 1000 at most
 * and a program of MAX_PROGRAM steps. The server checks again and says the same in its 400.
 */
export function regexProblem(pattern: string): string | null {
  let steps: number;
  try {
    steps = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE).programSize();
  } catch (err) {
    if (!(err instanceof RE2JSSyntaxException)) return t('rule.error.invalid');
    const piece = err.getPattern() ?? '';
    // The case-insensitive flag reaches RE2 as a "(?i)" prefix, which the user did not write.
    const error = `${err.getDescription()}: ${piece === `(?i)${pattern}` ? pattern : piece}`;
    const counts = /^invalid repeat count: \{(\d+),(\d+)\}$/.exec(error);
    const backwards = counts !== null && Number(counts[1]) > Number(counts[2]); // {2,1}: wrong anywhere
    const reason = backwards ? undefined : UNSUPPORTED.find(([re]) => re.test(error))?.[1];
    return reason === undefined ? t('rule.error.invalidBecause', { reason: err.getDescription() }) : cannotRun(reason);
  }
  return steps > MAX_PROGRAM ? cannotRun('tooLarge') : null;
}

import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { compileRegex, MAX_RULE_PROGRAM, normaliseText, ruleFor, type MatchRule } from './match.js';

const rule = (r: Partial<MatchRule> & Pick<MatchRule, 'pattern' | 'categoryId'>): MatchRule => ({
  match: 'contains',
  currency: null,
  minAmount: null,
  maxAmount: null,
  ...r,
});

const row = (text: string, amountMinor = -500, currency = 'EUR') => ({ text, amountMinor, currency });

describe('ruleFor', () => {
  it('normalises text: accents folded, lower case, whitespace collapsed', () => {
    expect(normaliseText('  CAFÉ\t  Crème\n ')).toBe('cafe creme');
  });

  it('matches contains case- and accent-insensitively on normalised text', () => {
    const rules = [rule({ pattern: 'Café  de Flore', categoryId: 1 })];
    expect(ruleFor(rules, row('PAYMENT cafe DE   flore Paris'))).toBe(1);
    expect(ruleFor(rules, row('Café Flore'))).toBeNull();
  });

  it('matches regex rules case-insensitively, accents folded', () => {
    const rules = [rule({ match: 'regex', pattern: '^(lidl|aldi)\\s+\\d+$', categoryId: 2 })];
    expect(ruleFor(rules, row('LIDL   1234'))).toBe(2);
    expect(ruleFor(rules, row('xLIDL 1234'))).toBeNull();
    expect(ruleFor([rule({ match: 'regex', pattern: 'crème', categoryId: 3 })], row('CREME brulee'))).toBe(3);
  });

  it('takes the first rule that fits, in the order given', () => {
    const rules = [rule({ pattern: 'shop', categoryId: 1 }), rule({ pattern: 'shop', categoryId: 2 })];
    expect(ruleFor(rules, row('Shop'))).toBe(1);
    expect(ruleFor([], row('Shop'))).toBeNull();
  });

  it('checks the amount range on the size of the amount, in its currency only', () => {
    const big = rule({ pattern: 'amazon', categoryId: 1, currency: 'EUR', minAmount: 10000 });
    const small = rule({ pattern: 'amazon', categoryId: 2, currency: 'EUR', minAmount: 100, maxAmount: 9999 });
    const any = rule({ pattern: 'amazon', categoryId: 3 });
    const rules = [big, small, any];
    expect(ruleFor(rules, row('Amazon', -10000))).toBe(1);
    expect(ruleFor(rules, row('Amazon', 9999))).toBe(2);
    expect(ruleFor(rules, row('Amazon', -100))).toBe(2);
    expect(ruleFor(rules, row('Amazon', -99))).toBe(3);
    expect(ruleFor(rules, row('Amazon', -20000, 'USD'))).toBe(3);
  });

  it('never matches an invalid stored regex and ignores text past the limit', () => {
    expect(ruleFor([rule({ match: 'regex', pattern: '(', categoryId: 1 })], row('('))).toBeNull();
    const rules = [rule({ pattern: 'tail', categoryId: 1 })];
    expect(ruleFor(rules, row(`${'a'.repeat(1000)}tail`))).toBeNull();
    expect(ruleFor(rules, row(`${'a'.repeat(990)}tail`))).toBe(1);
  });
});

describe('regex rules run in RE2 (linear time)', () => {
  const regex = (pattern: string, categoryId = 1) => rule({ match: 'regex', pattern, categoryId });

  it('compiles to the RE2 engine, not to a backtracking RegExp', () => {
    expect(compileRegex('(a+)+$')).toBeInstanceOf(RE2JS);
    expect(compileRegex('(a+)+$')).not.toBeInstanceOf(RegExp);
  });

  it('answers catastrophic-backtracking patterns at once, on the longest text too', () => {
    // Under a backtracking engine each of these takes longer than the test run (2^40 steps and up).
    const started = performance.now();
    expect(ruleFor([regex('(a+)+$')], row(`${'a'.repeat(40)}!`))).toBeNull();
    expect(ruleFor([regex('(a+)+$')], row(`${'a'.repeat(999)}!`))).toBeNull();
    expect(ruleFor([regex('(a+)+$')], row('a'.repeat(1000)))).toBe(1);
    expect(ruleFor([regex('(.*a){20}!')], row('a'.repeat(1000)))).toBeNull();
    expect(ruleFor([regex('(.*a){20}')], row(`${'ba'.repeat(20)}!`))).toBe(1);
    expect(ruleFor([regex('((a|aa)+)*(x+x+)+y')], row(`${'a'.repeat(500)}${'x'.repeat(499)}`))).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('keeps the semantics rules had: anchors, classes, alternation, named groups, case and accents', () => {
    expect(ruleFor([regex('^rewe\\b')], row('REWE Markt 0302'))).toBe(1);
    expect(ruleFor([regex('^rewe\\b')], row('Rewer'))).toBeNull();
    expect(ruleFor([regex('(?<shop>lidl|aldi) \\d{4}$')], row('ALDI 1234'))).toBe(1);
    expect(ruleFor([regex('stadtwerke m[uü]nchen')], row('Stadtwerke München'))).toBe(1);
    expect(ruleFor([regex('Crème\\s+BRÛLÉE')], row('creme brulee'))).toBe(1);
    expect(ruleFor([regex('\\p{L}+ 42')], row('Ωmega 42'))).toBe(1);
  });

  it('refuses what RE2 cannot run, naming the feature', () => {
    const refusal = (pattern: string) => {
      try {
        compileRegex(pattern);
      } catch (err) {
        return err instanceof Error ? err.message : String(err);
      }
      return 'compiled';
    };
    expect(refusal('(a)\\1')).toMatch(
      /^is not a regular expression Kassa can run \(backreferences are not supported\)/,
    );
    expect(refusal('(?<n>a)\\k<n>')).toContain('(backreferences are not supported)');
    expect(refusal('rewe(?= markt)')).toContain('(lookahead is not supported)');
    expect(refusal('rewe(?! markt)')).toContain('(lookahead is not supported)');
    expect(refusal('(?<=card )rewe')).toContain('(lookbehind is not supported)');
    expect(refusal('(?<!card )rewe')).toContain('(lookbehind is not supported)');
    expect(refusal('a++b')).toContain('(possessive quantifiers are not supported)');
    expect(refusal('(?>a+)b')).toContain('(atomic groups are not supported)');
    expect(refusal('a{1001}')).toContain('(a repeat count is at most 1000');
    expect(refusal('(unclosed')).toBe('not a valid regular expression: missing closing ): `(unclosed`');
    expect(refusal('[z-a]')).toBe('not a valid regular expression: invalid character class range: `z-a`');
    expect(refusal('(a)\\1')).toBe(
      'is not a regular expression Kassa can run (backreferences are not supported): invalid escape sequence: `\\1`',
    );
  });

  it('refuses a pattern whose compiled program is too large to try on every row', () => {
    // Linear in the text, but the factor is the program: 1000 characters × 2000 steps a row.
    expect(() => compileRegex('.{1,1000}')).toThrow('(too large:');
    // Counted repeats that would expand past the cap are refused before they are compiled.
    const huge = '\\w{1,1000}'.repeat(18);
    const started = performance.now();
    expect(() => compileRegex(huge)).toThrow('(too large:');
    expect(performance.now() - started).toBeLessThan(50);
    expect(compileRegex('.{1,250}').programSize()).toBeLessThanOrEqual(MAX_RULE_PROGRAM);
  });

  it('never matches a stored pattern RE2 refuses, and does not fail the other rules', () => {
    const rules = [regex('(a)\\1', 1), regex('(?=a)a', 2), regex('.{1,1000}', 3), regex('a', 4)];
    expect(ruleFor(rules, row('aa'))).toBe(4);
  });
});

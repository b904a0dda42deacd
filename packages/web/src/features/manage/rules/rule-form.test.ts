import type { Rule } from '@kassa/contract';
import { describe, expect, it } from 'vitest';
import { category } from '../test/fixtures';
import { regexProblem } from './regex-check';
import { categoryChoices, checkDraft, draftOf, positionsAfterMove, rangeText, serverError } from './rule-form';

const rule = (id: number, position: number): Rule => ({
  id,
  match: 'contains',
  pattern: `p${id}`,
  categoryId: 1,
  minAmount: null,
  maxAmount: null,
  currency: null,
  position,
});

/** The ids and positions the moved rules get, as "id@position". */
const moved = (rules: Rule[], index: number, delta: -1 | 1) =>
  positionsAfterMove(rules, index, delta).map((u) => `${u.id}@${u.position ?? '?'}`);

describe('positionsAfterMove', () => {
  it('swaps the positions of two neighbours', () => {
    const rules = [rule(1, 0), rule(2, 1), rule(3, 2)];
    expect(moved(rules, 2, -1)).toEqual(['3@1', '2@2']);
    expect(moved(rules, 0, 1)).toEqual(['2@0', '1@1']);
  });

  it('keeps gaps between positions', () => {
    expect(moved([rule(1, 0), rule(2, 5), rule(3, 9)], 1, 1)).toEqual(['3@5', '2@9']);
  });

  it('numbers the rules anew when repeated positions would keep the old order', () => {
    // Same position: the older rule (smaller id) comes first, so a swap would change nothing.
    expect(moved([rule(1, 0), rule(2, 0), rule(3, 1)], 1, -1)).toEqual(['1@1', '3@2']);
    // A swap would give rule 3 position 0, putting it before rule 5 too (same position, smaller id).
    expect(moved([rule(5, 0), rule(6, 0), rule(3, 1)], 2, -1)).toEqual(['6@2']);
  });

  it('moves nothing past either end', () => {
    const rules = [rule(1, 0), rule(2, 1)];
    expect(moved(rules, 0, -1)).toEqual([]);
    expect(moved(rules, 1, 1)).toEqual([]);
  });
});

describe('checkDraft', () => {
  const draft = { ...draftOf({ pattern: 'x', categoryId: 7 }) };

  it('sends the currency only with a bound', () => {
    expect(checkDraft({ ...draft, currency: 'EUR' })).toEqual({
      ok: true,
      body: { match: 'contains', pattern: 'x', categoryId: 7, minAmount: null, maxAmount: null, currency: null },
    });
    expect(checkDraft({ ...draft, maxAmount: ' 20+5 ', currency: 'EUR' })).toMatchObject({
      ok: true,
      body: { maxAmount: '20+5', currency: 'EUR' },
    });
  });

  it('names what is wrong: a bound without currency, a bad regular expression, min above max, a zero bound', () => {
    expect(checkDraft({ ...draft, minAmount: '1' })).toEqual({
      ok: false,
      errors: { currency: 'Choose the currency of the amount range' },
    });
    expect(checkDraft({ ...draft, match: 'regex', pattern: '(unclosed' }, regexProblem)).toEqual({
      ok: false,
      errors: { pattern: 'Not a valid regular expression: missing closing )' },
    });
    // Without RE2 loaded the server is left to say it.
    expect(checkDraft({ ...draft, match: 'regex', pattern: '(unclosed' }).ok).toBe(true);
    expect(checkDraft({ ...draft, minAmount: '30', maxAmount: '4.5', currency: 'EUR' })).toEqual({
      ok: false,
      errors: { maxAmount: 'Must not be less than the minimum' },
    });
    expect(checkDraft({ ...draft, minAmount: '0.00', maxAmount: '0', currency: 'EUR' })).toEqual({
      ok: false,
      errors: { minAmount: 'Must be more than zero', maxAmount: 'Must be more than zero' },
    });
  });
});

describe('checkDraft: regular expressions as the server runs them (RE2)', () => {
  const draft = { match: 'regex' as const, pattern: '', categoryId: '1', minAmount: '', maxAmount: '', currency: null };
  const patternError = (pattern: string) => {
    const checked = checkDraft({ ...draft, pattern }, regexProblem);
    return checked.ok ? null : (checked.errors.pattern ?? null);
  };

  it('says before sending what RE2 cannot run, as the server would', () => {
    const cannot = 'Not a regular expression Kassa can run:';
    expect(patternError('(a)\\1')).toBe(`${cannot} backreferences are not supported`);
    expect(patternError('(?<n>a)\\k<n>')).toBe(`${cannot} backreferences are not supported`);
    expect(patternError('rewe(?= markt)')).toBe(`${cannot} lookahead is not supported`);
    expect(patternError('(?<!card )rewe')).toBe(`${cannot} lookbehind is not supported`);
    expect(patternError('a++')).toBe(`${cannot} possessive quantifiers are not supported`);
    expect(patternError('(?>a)')).toBe(`${cannot} atomic groups are not supported`);
    expect(patternError('a{1001}')).toBe(`${cannot} a repeat count is at most 1000`);
    expect(patternError('.{1,1000}')).toBe(`${cannot} too large, use smaller repeat counts`);
    expect(patternError('a{2,1}')).toBe('Not a valid regular expression: invalid repeat count');
  });

  it('lets through what RE2 runs, hostile-looking patterns too (they run in linear time)', () => {
    for (const pattern of ['^(lidl|aldi)\\b', '(a+)+$', '(.*a){20}', '\\p{L}+ \\d{4}', '(?<shop>rewe) markt'])
      expect(patternError(pattern), pattern).toBeNull();
  });
});

describe('serverError, rangeText, categoryChoices', () => {
  it('puts a message naming a field under that field', () => {
    expect(serverError('pattern: not a valid regular expression (x)')).toEqual({
      field: 'pattern',
      text: 'Not a valid regular expression (x)',
    });
    expect(serverError('Rule 9 not found')).toEqual({ field: null, text: 'Rule 9 not found' });
  });

  it('reads ranges with their currency', () => {
    expect(rangeText({ minAmount: null, maxAmount: null, currency: null })).toBeNull();
    expect(rangeText({ minAmount: 1, maxAmount: 2, currency: 'USD' })).toBe('$1.00 – $2.00');
    expect(rangeText({ minAmount: null, maxAmount: 2, currency: 'EUR' })).toBe('at most 2.00 €');
  });

  it('offers active real categories by group, and an inactive one only when the rule has it', () => {
    const all = [
      category({ id: 1, name: 'Rent', type: 'real', isIncome: false }),
      category({ id: 2, name: 'Bonus', type: 'real', isIncome: true }),
      category({ id: 3, name: 'Old', type: 'real', isIncome: false, isActive: false }),
      category({ id: 4, name: 'Car', type: 'business' }),
    ];
    expect(categoryChoices(all, null)).toEqual([
      { group: 'Expense', items: [{ value: '1', label: 'Rent' }] },
      { group: 'Income', items: [{ value: '2', label: 'Bonus' }] },
    ]);
    expect(categoryChoices(all, 3)[0]?.items).toEqual([
      { value: '3', label: 'Old (inactive)' },
      { value: '1', label: 'Rent' },
    ]);
  });
});

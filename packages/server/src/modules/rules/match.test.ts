import { describe, expect, it } from 'vitest';
import { normaliseText, ruleFor, type MatchRule } from './match.js';

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

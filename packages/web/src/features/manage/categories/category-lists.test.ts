import { describe, expect, it } from 'vitest';
import { category } from '../test/fixtures';
import { closableLists, listPathOf, parseMonthlyLimit, realCategories } from './category-lists';

describe('category lists', () => {
  it('splits real categories by direction, by name, leaving other types out', () => {
    const all = [
      category({ name: 'rent', type: 'real', isIncome: false }),
      category({ name: 'Salary', type: 'real', isIncome: true }),
      category({ name: 'Food', type: 'real', isIncome: false }),
      category({ name: 'Ann', type: 'loan' }),
      category({ name: 'Untracked accounts', type: 'external', isBuiltIn: true }),
    ];
    expect(realCategories(all, false).map((c) => c.name)).toEqual(['Food', 'rent']);
    expect(realCategories(all, true).map((c) => c.name)).toEqual(['Salary']);
  });

  it('puts closed loan or business categories apart from the open ones', () => {
    const all = [
      category({ name: 'Zed', type: 'loan' }),
      category({ name: 'Old', type: 'loan', isActive: false }),
      category({ name: 'Alf', type: 'loan' }),
      category({ name: 'Shop', type: 'business' }),
    ];
    const { open, closed } = closableLists(all, 'loan');
    expect(open.map((c) => c.name)).toEqual(['Alf', 'Zed']);
    expect(closed.map((c) => c.name)).toEqual(['Old']);
  });

  it('reads a monthly limit as a plain non-negative decimal, empty meaning none', () => {
    expect(parseMonthlyLimit(' ')).toEqual({ ok: true, value: null });
    expect(parseMonthlyLimit('250.50')).toEqual({ ok: true, value: 250.5 });
    expect(parseMonthlyLimit('-3').ok).toBe(false);
    expect(parseMonthlyLimit('12,5').ok).toBe(false);
    expect(parseMonthlyLimit('1e3').ok).toBe(false);
  });

  it('sends an editor opened directly back to the list of its type', () => {
    expect(listPathOf({ type: 'loan' })).toBe('/private/manage/loan');
    expect(listPathOf({ type: 'business' })).toBe('/private/manage/business');
    expect(listPathOf({ type: 'external' })).toBe('/private/manage/category');
    expect(listPathOf(undefined)).toBe('/private/manage/category');
  });
});

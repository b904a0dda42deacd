import { describe, expect, it } from 'vitest';
import { movesBalance } from './moves-balance';

const row = {
  id: 7,
  isIncome: false,
  amount: 12.5,
  currency: 'EUR',
  categoryId: 3,
  description: 'REWE',
  time: '2026-02-03T12:00:00.000Z',
  type: null,
};

describe('which edits move a balance (issue 32)', () => {
  it('a new category or description moves none', () => {
    expect(movesBalance(row, { ...row, categoryId: 9, description: 'Groceries' })).toBe(false);
    // The form sends amounts as text and times with an offset: the same figures.
    expect(movesBalance(row, { ...row, amount: '12.50', time: '2026-02-03T13:00:00+01:00' })).toBe(false);
  });

  it('amount, currency, time, direction or business type do', () => {
    expect(movesBalance(row, { ...row, amount: '12.51' })).toBe(true);
    expect(movesBalance(row, { ...row, currency: 'USD' })).toBe(true);
    expect(movesBalance(row, { ...row, time: '2026-02-04T12:00:00.000Z' })).toBe(true);
    expect(movesBalance(row, { ...row, isIncome: true })).toBe(true);
    expect(movesBalance(row, { ...row, type: 'realize' })).toBe(true);
  });

  it('a real transaction is sent without a direction: its new category gives it', () => {
    const directionOf = (id: unknown) => (id === 3 || id === 9 ? false : id === 4 ? true : undefined);
    const sent = { ...row, amount: '12.5', isIncome: null };
    expect(movesBalance(row, { ...sent, categoryId: 9 }, directionOf)).toBe(false);
    expect(movesBalance(row, { ...sent, categoryId: 4 }, directionOf)).toBe(true);
    // A category the editor does not know: asked, to be safe.
    expect(movesBalance(row, { ...sent, categoryId: 5 }, directionOf)).toBe(true);
    expect(movesBalance(row, { ...sent, description: 'Groceries' }, directionOf)).toBe(false);
  });

  it('a conversion moves a balance with either leg', () => {
    const c = {
      fromAmount: 100,
      fromCurrency: 'EUR',
      toAmount: 108.2,
      toCurrency: 'USD',
      description: '',
      time: row.time,
    };
    expect(movesBalance(c, { ...c, description: 'at the airport' })).toBe(false);
    expect(movesBalance(c, { ...c, toAmount: '108.20' })).toBe(false);
    expect(movesBalance(c, { ...c, toAmount: '108.3' })).toBe(true);
    expect(movesBalance(c, { ...c, fromCurrency: 'CHF' })).toBe(true);
  });
});

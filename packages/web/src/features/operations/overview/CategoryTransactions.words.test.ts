import type { Transaction } from '@kassa/contract';
import { describe, expect, it } from 'vitest';
import { balancesBefore, newestFirst, plainWords } from './CategoryTransactions';

const loan = (id: number, day: number, isIncome: boolean, amount: number): Transaction => ({
  id,
  version: 1,
  isIncome,
  amount,
  currency: 'EUR',
  categoryId: 1,
  description: '',
  time: `2026-01-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  categType: 'loan',
  type: null,
  rowType: 'loan',
});

describe('a loan’s rows in plain words (issue 22)', () => {
  it('says lent, was repaid, borrowed and repaid from the balance before each row', () => {
    // Lent 100, got 100 back, borrowed 50, paid 50 back: the balance today is 0.
    const rows = newestFirst([
      loan(1, 1, false, 100),
      loan(2, 2, true, 100),
      loan(3, 3, true, 50),
      loan(4, 4, false, 50),
    ]);
    const before = balancesBefore(rows, [{ amount: 0, currency: 'EUR' }]);
    expect(rows.map((t) => plainWords(t, before.get(t.id) ?? 0n))).toEqual([
      'I repaid',
      'I borrowed',
      'I was repaid',
      'I lent',
    ]);
  });

  it('works from today’s balance when only the newest rows are loaded', () => {
    // Someone owes 30 after being repaid 70 of 100: only the repayment is loaded.
    const rows = [loan(2, 2, true, 70)];
    const before = balancesBefore(rows, [{ amount: 30, currency: 'EUR' }]);
    expect(plainWords(rows[0] as Transaction, before.get(2) ?? 0n)).toBe('I was repaid');
  });
});

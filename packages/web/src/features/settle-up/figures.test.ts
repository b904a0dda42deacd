import type { SettleUpMember } from '@kassa/contract';
import { describe, expect, it } from 'vitest';
import { allTime, balanceWords, currencyLines, namesOf, paymentText, recordTime, settlementInstant } from './figures';

const member = (figures: Partial<SettleUpMember>): SettleUpMember => ({
  userId: 1,
  name: 'Anna Kovács',
  isMember: true,
  paid: [],
  share: [],
  settled: [],
  balance: [],
  main: { paid: 0, share: 0, settled: 0, balance: 0 },
  ...figures,
});

describe('settle-up in words (issue 34)', () => {
  it('says who is owed, who owes and who is settled up', () => {
    expect(balanceWords(23.4, 'EUR')).toEqual({ text: 'is owed 23.40 €', color: 'teal' });
    expect(balanceWords(-23.4, 'EUR')).toEqual({ text: 'owes 23.40 €', color: 'red' });
    expect(balanceWords(0, 'EUR')).toEqual({ text: 'is settled up', color: undefined });
  });

  it('names a suggested payment by the people of the answer', () => {
    const names = namesOf([
      { userId: 1, name: 'Anna Kovács' },
      { userId: 2, name: 'Mia Berg' },
    ]);
    expect(paymentText({ fromUserId: 2, toUserId: 1, amount: 23.4, currency: 'EUR' }, names)).toBe(
      'Mia Berg pays Anna Kovács 23.40 €',
    );
    expect(paymentText({ fromUserId: 9, toUserId: 1, amount: 1, currency: 'USD' }, names)).toBe(
      'Someone pays Anna Kovács $1.00',
    );
  });

  it('lines up a member’s figures per currency and leaves out a currency of zeros', () => {
    const lines = currencyLines(
      member({
        paid: [{ currency: 'USD', amount: 30 }],
        share: [
          { currency: 'USD', amount: 15 },
          { currency: 'EUR', amount: 10 },
        ],
        settled: [{ currency: 'HUF', amount: 0 }],
        balance: [
          { currency: 'USD', amount: 15 },
          { currency: 'EUR', amount: -10 },
        ],
      }),
    );
    expect(lines).toEqual([
      { currency: 'USD', paid: 30, share: 15, settled: 0, balance: 15 },
      { currency: 'EUR', paid: 0, share: 10, settled: 0, balance: -10 },
    ]);
  });

  it('dates a recorded payment now, or at the end of an interval that ended before now', () => {
    const now = new Date(2026, 10, 20, 9, 30);
    const thisMonth = { start: new Date(2026, 10, 1), end: new Date(2026, 10, 30, 23, 59, 59) };
    const lastMonth = { start: new Date(2026, 9, 1), end: new Date(2026, 9, 31, 23, 59, 59) };
    expect(recordTime(thisMonth, now)).toBe(now);
    expect(recordTime(lastMonth, now)).toEqual(lastMonth.end);
  });

  it('dates a settlement entered by day: now for today, else the middle of that day', () => {
    const now = new Date(2026, 10, 20, 9, 30);
    expect(settlementInstant('2026-11-20', now)).toBe(now);
    expect(settlementInstant('2026-11-02', now)).toEqual(new Date(2026, 10, 2, 12));
    expect(settlementInstant('', now)).toBeUndefined();
    expect(settlementInstant('2026-02-30', now)).toBeUndefined();
  });

  it('opens on all of time: from 2000 to the end of today', () => {
    expect(allTime(new Date(2026, 10, 20, 9))).toEqual({
      start: new Date(2000, 0, 1),
      end: new Date(2026, 10, 20, 23, 59, 59),
    });
  });
});

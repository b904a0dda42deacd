import type { Category, Schedule } from '@kassa/contract';
import { describe, expect, it } from 'vitest';
import { newScheduleLink, prefillFrom, prefillOf } from '../../shared/schedule-prefill';
import { checkDraft, draftOf, newDraft, serverError, type ScheduleDraft } from './schedule-form';

const category = (id: number, over: Partial<Category>): Category => ({
  id,
  name: `C${id}`,
  type: 'real',
  description: '',
  isIncome: false,
  isBuiltIn: false,
  isActive: true,
  monthlyLimit: null,
  rollover: false,
  lastUsed: '2026-11-01T10:00:00.000Z',
  ...over,
});
const CATEGORIES = [
  category(1, { name: 'Rent' }),
  category(2, { name: 'Salary', isIncome: true }),
  category(3, { name: 'Bob', type: 'loan', isIncome: null }),
];

const schedule = (over: Partial<Schedule>): Schedule => ({
  id: 9,
  rule: 'FREQ=MONTHLY;BYMONTHDAY=1',
  start: '2026-12-01',
  end: null,
  mode: 'remind',
  weekend: 'as-is',
  payload: {
    kind: 'transaction',
    amount: 950,
    currency: 'EUR',
    categoryId: 1,
    description: 'Rent',
    isIncome: false,
    type: null,
  },
  next: '2026-12-01',
  due: 0,
  ...over,
});

const expense = (over: Partial<ScheduleDraft> = {}): ScheduleDraft => ({
  ...newDraft('2026-11-30'),
  amount: '950',
  currency: 'EUR',
  categoryId: '1',
  ...over,
});

describe('the schedule form', () => {
  it('starts a new schedule monthly on the start’s day, reminding, without an end', () => {
    const d = newDraft('2026-11-30');
    expect(d).toMatchObject({ repeat: 'monthly-day', day: '30', weekday: 'MO', month: '11', yearDay: '30' });
    expect(d).toMatchObject({ start: '2026-11-30', ends: 'never', mode: 'remind', weekend: 'as-is', kind: 'expense' });
  });

  it('builds the body of schedule/add from plain terms', () => {
    expect(checkDraft(expense({ description: ' Rent ', day: '30', ends: 'after', count: '12' }))).toEqual({
      ok: true,
      body: {
        rule: 'FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1;COUNT=12',
        start: '2026-11-30',
        end: null,
        mode: 'remind',
        weekend: 'as-is',
        payload: {
          kind: 'transaction',
          amount: '950',
          currency: 'EUR',
          categoryId: 1,
          description: 'Rent',
          isIncome: null,
          type: null,
        },
      },
    });
    const weekly = checkDraft(
      expense({ repeat: 'weekly', every: '2', weekday: 'FR', ends: 'on', endDate: '2027-06-30', mode: 'post' }),
    );
    expect(weekly.ok && weekly.body).toMatchObject({
      rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR',
      end: '2027-06-30',
      mode: 'post',
    });
  });

  it('sends no amount to ask each time, a direction for loans, and both amounts of a conversion or neither', () => {
    const ask = checkDraft(expense({ ask: true, amount: '' }));
    expect(ask.ok && ask.body.payload).toMatchObject({ amount: null });
    const loan = checkDraft(expense({ kind: 'loan', categoryId: '3', isIncome: true }));
    expect(loan.ok && loan.body.payload).toMatchObject({ isIncome: true, type: null });
    const business = checkDraft(expense({ kind: 'business', categoryId: '3', type: 'pnl' }));
    expect(business.ok && business.body.payload).toMatchObject({ type: 'pnl' });
    const conversion = { kind: 'conversion', fromCurrency: 'EUR', toCurrency: 'USD' } as const;
    const both = checkDraft(expense({ ...conversion, fromAmount: '100', toAmount: '110' }));
    expect(both.ok && both.body.payload).toEqual({
      kind: 'conversion',
      fromAmount: '100',
      fromCurrency: 'EUR',
      toAmount: '110',
      toCurrency: 'USD',
      description: '',
    });
    const neither = checkDraft(expense({ ...conversion, ask: true, fromAmount: '100' }));
    expect(neither.ok && neither.body.payload).toMatchObject({ fromAmount: null, toAmount: null });
  });

  it('names the fields it can check itself', () => {
    const check = (over: Partial<ScheduleDraft>) => {
      const r = checkDraft(expense(over));
      return r.ok ? {} : r.errors;
    };
    expect(check({ amount: ' ' })).toEqual({ amount: 'Enter an amount, or ask each time' });
    expect(check({ day: '32' })).toEqual({ day: 'Enter a day from 1 to 31' });
    expect(check({ repeat: 'weekly', every: '0' })).toEqual({ every: 'Enter a number of weeks from 1 to 52' });
    expect(check({ repeat: 'yearly', month: '4', yearDay: '31' })).toEqual({ yearDay: 'Enter a day from 1 to 30' });
    expect(check({ repeat: 'custom', custom: '' })).toEqual({ rule: 'Enter a rule, e.g. FREQ=MONTHLY;BYMONTHDAY=1' });
    expect(check({ repeat: 'custom', custom: 'FREQ=DAILY', ends: 'after' })).toEqual({
      count: 'A rule typed as text sets its own COUNT',
    });
    expect(check({ start: '2026-02-30' })).toEqual({ start: 'Enter the first day, e.g. 2026-12-01' });
    expect(check({ ends: 'on', endDate: '2026-11-01' })).toEqual({ end: 'Must not be before the start' });
    expect(check({ ends: 'after', count: 'x' })).toEqual({ count: 'Enter how many times, from 1 to 9999' });
    expect(
      check({ kind: 'conversion', fromCurrency: 'EUR', toCurrency: 'EUR', fromAmount: '1', toAmount: '' }),
    ).toEqual({ toCurrency: 'Choose another currency than the first', toAmount: 'Enter an amount, or ask each time' });
  });

  it('shows a stored schedule in the same plain terms, or its raw rule', () => {
    expect(
      draftOf(schedule({ rule: 'FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1;COUNT=6' }), CATEGORIES),
    ).toMatchObject({
      kind: 'expense',
      repeat: 'monthly-day',
      day: '30',
      ends: 'after',
      count: '6',
      amount: '950',
      categoryId: '1',
    });
    expect(draftOf(schedule({ rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR', end: '2027-01-31' }), CATEGORIES)).toMatchObject(
      {
        repeat: 'weekly',
        every: '2',
        weekday: 'FR',
        ends: 'on',
        endDate: '2027-01-31',
      },
    );
    expect(draftOf(schedule({ rule: 'FREQ=DAILY;INTERVAL=3' }), CATEGORIES)).toMatchObject({
      repeat: 'custom',
      custom: 'FREQ=DAILY;INTERVAL=3',
    });
    const salary = schedule({
      payload: { ...schedule({}).payload, categoryId: 2, amount: null, isIncome: true } as Schedule['payload'],
    });
    expect(draftOf(salary, CATEGORIES)).toMatchObject({ kind: 'income', ask: true, amount: '' });
    // What the form reads back, it writes again unchanged.
    const round = checkDraft(
      draftOf(schedule({ rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1' }), CATEGORIES),
    );
    expect(round.ok && round.body.rule).toBe('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1');
  });

  it('puts a refusal of the server under the field it names, payload fields included', () => {
    expect(serverError('payload.amount: must be more than zero')).toEqual({
      field: 'amount',
      text: 'Must be more than zero',
    });
    expect(serverError('rule: not a recurrence rule')).toEqual({ field: 'rule', text: 'Not a recurrence rule' });
    expect(serverError('end: must not be before start')).toEqual({ field: 'end', text: 'Must not be before start' });
    expect(serverError('Something else')).toEqual({ field: null, text: 'Something else' });
  });
});

describe('make this a schedule', () => {
  it('carries a transaction or conversion to the new form through the URL', () => {
    const tx = {
      id: 5,
      isIncome: true,
      amount: 12.5,
      currency: 'EUR',
      categoryId: 3,
      description: 'Bob & co: rent',
      time: new Date(2026, 10, 20, 12, 0).toISOString(),
      categType: 'loan',
      type: null,
      rowType: 'loan',
      version: 1,
    } as const;
    const prefill = prefillFrom(tx);
    expect(prefill).toEqual({
      kind: 'transaction',
      amount: 12.5,
      currency: 'EUR',
      categoryId: 3,
      isIncome: true,
      type: null,
      description: 'Bob & co: rent',
      start: '2026-11-20',
    });
    const link = newScheduleLink(prefill);
    expect(link.startsWith('/private/manage/schedules?new=transaction&')).toBe(true);
    expect(prefillOf(new URL(link, 'http://x').searchParams)).toEqual(prefill);
    expect(newDraft('2026-12-01', prefill, CATEGORIES)).toMatchObject({
      kind: 'loan',
      amount: '12.5',
      categoryId: '3',
      isIncome: true,
      description: 'Bob & co: rent',
      start: '2026-11-20',
      day: '20',
    });

    const conversion = prefillFrom({
      id: 7,
      version: 1,
      userId: 1,
      fromAmount: 100,
      fromCurrency: 'EUR',
      toAmount: 110,
      toCurrency: 'USD',
      description: '',
      time: new Date(2026, 0, 31, 9, 0).toISOString(),
    });
    expect(prefillOf(new URL(newScheduleLink(conversion), 'http://x').searchParams)).toEqual(conversion);
    expect(newDraft('2026-12-01', conversion)).toMatchObject({ kind: 'conversion', day: '31', start: '2026-01-31' });
  });

  it('ignores a URL without a usable prefill', () => {
    expect(prefillOf(new URLSearchParams(''))).toBeUndefined();
    expect(prefillOf(new URLSearchParams('new=transaction&start=2026-11-20'))).toBeUndefined();
    expect(prefillOf(new URLSearchParams('new=other&start=2026-11-20'))).toBeUndefined();
  });
});

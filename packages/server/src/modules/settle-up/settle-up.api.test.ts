import { expect, it } from 'vitest';
import { sharedBook } from '../../test/books.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';

// Settling up in a shared book (issue 34): split expenses in several currencies, each member's
// paid, share and balance per currency and in the main currency at each expense's day's rate,
// the fewest payments, and settlements that bring the balances to 0 and move no currency total.

type Figure = { currency: string; amount: number };
type Member = {
  userId: number;
  name: string;
  isMember: boolean;
  paid: Figure[];
  share: Figure[];
  settled: Figure[];
  balance: Figure[];
  main: { paid: number; share: number; settled: number; balance: number };
};
type SettleUp = {
  mainCurrency: string;
  expenses: number;
  members: Member[];
  transfers: { fromUserId: number; toUserId: number; amount: number; currency: string }[];
  settlements: { id: number; amount: number; currency: string; convertedAmount: number }[];
};
type Tx = {
  id: number;
  convertedAmount?: number;
  paidBy?: number | null;
  shares?: { userId: number; weight: number }[] | null;
};

const cents = (amount: number) => Math.round(amount * 100);
const october = { interval: { start: '2026-10-01T00:00:00Z', end: '2026-10-31T23:59:59Z' } };

describeEachDatabase('settling up a shared book across currencies (issue 34)', (ctx) => {
  it('splits expenses exactly, in each currency and the main one, and settlements bring the balances to 0', async () => {
    const anna = await newUser(ctx, 'settle-anna@example.com');
    const bob = await newUser(ctx, 'settle-bob@example.com');
    const book = await sharedBook(ctx, anna, bob, 'settle-bob@example.com');
    okJson(await anna.client.post('/api/currency/add', { currency: 'USD', items: [] }));
    const groceries = okJson<{ id: number }>(
      await anna.client.post('/api/category/add', { name: 'Groceries', type: 'real', isIncome: false }),
    ).id;
    const expense = (amount: number, currency: string, day: string, extra: object) => ({
      amount,
      currency,
      categoryId: groceries,
      time: `2026-10-${day}T10:00:00Z`,
      ...extra,
    });
    const equal = [
      { userId: anna.userId, weight: 1 },
      { userId: bob.userId, weight: 1 },
    ];
    // Bob pays 90 EUR for both (paidBy defaults to who enters it); Anna 30 USD, a third hers.
    const eur = okJson<Tx>(
      await bob.client.post('/api/transaction/add', expense(90, 'EUR', '02', { shares: equal }), book),
    );
    expect(eur).toMatchObject({ paidBy: bob.userId, shares: equal });
    const usd = okJson<Tx>(
      await anna.client.post(
        '/api/transaction/add',
        expense(30, 'USD', '03', {
          paidBy: anna.userId,
          shares: [
            { userId: anna.userId, weight: 1 },
            { userId: bob.userId, weight: 2 },
          ],
        }),
      ),
    );
    // Anna's own expense, not split: not part of settling up.
    okJson(await anna.client.post('/api/transaction/add', expense(50, 'EUR', '04', {})));
    const usdInEur = cents(usd.convertedAmount ?? Number.NaN);
    expect(Number.isInteger(usdInEur)).toBe(true);

    const result = okJson<SettleUp>(await bob.client.post('/api/analytics/settle-up', october, book));
    expect(result.mainCurrency).toBe('EUR');
    expect(result.expenses).toBe(2);
    const of = (s: SettleUp, userId: number) => {
      const m = s.members.find((x) => x.userId === userId);
      if (m === undefined) throw new Error(`member ${userId} missing`);
      return m;
    };
    expect(of(result, bob.userId)).toMatchObject({
      isMember: true,
      paid: [{ currency: 'EUR', amount: 90 }],
      share: [
        { currency: 'EUR', amount: 45 },
        { currency: 'USD', amount: 20 },
      ],
      balance: [
        { currency: 'EUR', amount: 45 },
        { currency: 'USD', amount: -20 },
      ],
    });
    expect(of(result, anna.userId)).toMatchObject({
      paid: [{ currency: 'USD', amount: 30 }],
      share: [
        { currency: 'EUR', amount: 45 },
        { currency: 'USD', amount: 10 },
      ],
    });
    // In EUR: the USD expense converted once at 3 October's rate, then split 1:2 to the cent;
    // the leftover cent goes to the larger remainder (DECISIONS "Settling up").
    const bobUsdShare = Math.floor((usdInEur * 2) / 3) + ((usdInEur * 2) % 3 === 2 ? 1 : 0);
    const annaUsdShare = usdInEur - bobUsdShare;
    expect(cents(of(result, bob.userId).main.share)).toBe(4500 + bobUsdShare);
    expect(cents(of(result, anna.userId).main.share)).toBe(4500 + annaUsdShare);
    const bobBalance = 9000 - 4500 - bobUsdShare;
    expect(cents(of(result, bob.userId).main.balance)).toBe(bobBalance);
    expect(cents(of(result, anna.userId).main.balance)).toBe(-bobBalance);
    const [transfer] = result.transfers;
    expect(result.transfers).toHaveLength(1);
    expect(transfer).toEqual(
      bobBalance > 0
        ? { fromUserId: anna.userId, toUserId: bob.userId, amount: bobBalance / 100, currency: 'EUR' }
        : { fromUserId: bob.userId, toUserId: anna.userId, amount: -bobBalance / 100, currency: 'EUR' },
    );
    // Anna sees the same figures as Bob.
    expect(okJson<SettleUp>(await anna.client.post('/api/analytics/settle-up', october))).toEqual(result);

    // Recording the suggested payment settles everyone and moves no currency total of the book.
    const balances = async () =>
      okJson(
        await anna.client.post('/api/analytics/balances', '"2026-10-31"', {
          headers: { 'content-type': 'application/json' },
        }),
      );
    const before = await balances();
    if (transfer === undefined) throw new Error('no transfer');
    okJson(
      await bob.client.post(
        '/api/settlement/add',
        { ...transfer, time: '2026-10-10T12:00:00Z', description: 'Groceries, October' },
        book,
      ),
    );
    expect(await balances()).toEqual(before);
    const settled = okJson<SettleUp>(await anna.client.post('/api/analytics/settle-up', october));
    expect(settled.members.map((m) => m.main.balance)).toEqual([0, 0]);
    expect(settled.transfers).toEqual([]);
    expect(settled.settlements).toHaveLength(1);

    // A settlement in another currency counts at its own day's rate, exactly.
    const inUsd = okJson<{ id: number; convertedAmount: number }>(
      await anna.client.post('/api/settlement/add', {
        fromUserId: anna.userId,
        toUserId: bob.userId,
        amount: 10,
        currency: 'USD',
        time: '2026-10-12T12:00:00Z',
      }),
    );
    const after = okJson<SettleUp>(await anna.client.post('/api/analytics/settle-up', october));
    expect(cents(of(after, anna.userId).main.balance)).toBe(cents(inUsd.convertedAmount));
    expect(of(after, anna.userId).settled).toContainEqual({ currency: 'USD', amount: 10 });
    expect(after.transfers).toEqual([
      { fromUserId: bob.userId, toUserId: anna.userId, amount: inUsd.convertedAmount, currency: 'EUR' },
    ]);
    expect((await anna.client.delete(`/api/settlement/delete/${inUsd.id}`)).statusCode).toBe(204);
    expectError(
      await anna.client.delete(`/api/settlement/delete/${inUsd.id}`),
      404,
      `Settlement ${inUsd.id} not found`,
    );
    expect(okJson<SettleUp>(await anna.client.post('/api/analytics/settle-up', october)).transfers).toEqual([]);
  });

  it('keeps a split through edits and undo, and refuses splits and settlements that do not fit', async () => {
    const anna = await newUser(ctx, 'split-anna@example.com');
    const bob = await newUser(ctx, 'split-bob@example.com');
    const stranger = await newUser(ctx, 'split-stranger@example.com');
    const book = await sharedBook(ctx, anna, bob, 'split-bob@example.com');
    const categories = okJson<{ id: number; name: string }[]>(await anna.client.get('/api/category/getall?type=real'));
    const expenseId = categories.find((c) => c.name === 'Other expense')?.id ?? 0;
    const incomeId = categories.find((c) => c.name === 'Other income')?.id ?? 0;
    const shares = [
      { userId: anna.userId, weight: 3 },
      { userId: bob.userId, weight: 1 },
    ];
    const entry = { amount: 40, currency: 'EUR', categoryId: expenseId, time: '2026-10-05T10:00:00Z' };
    const added = okJson<Tx>(await bob.client.post('/api/transaction/add', { ...entry, shares }, book));

    // An edit that names neither keeps the split; shares: null ends it.
    const edited = okJson<Tx>(
      await anna.client.post('/api/transaction/update', { ...entry, id: added.id, amount: 44 }),
    );
    expect(edited).toMatchObject({ paidBy: bob.userId, shares });
    const { undo } = okJson<{ undo: string }>(await anna.client.delete(`/api/transaction/delete/${added.id}`));
    okJson(await anna.client.post(`/api/undo/${undo}`, {}));
    expect(okJson<Tx>(await anna.client.get(`/api/transaction/getbyid/${added.id}`))).toMatchObject({
      paidBy: bob.userId,
      shares,
    });
    const unsplit = okJson<Tx>(
      await anna.client.post('/api/transaction/update', { ...entry, id: added.id, shares: null }),
    );
    expect(unsplit.shares).toBeUndefined();
    expect(okJson<SettleUp>(await anna.client.post('/api/analytics/settle-up', october)).expenses).toBe(0);

    // Refusals name the field, and write nothing.
    expectError(
      await anna.client.post('/api/transaction/add', {
        ...entry,
        shares: [...shares, { userId: stranger.userId, weight: 1 }],
      }),
      400,
      `shares.2.userId: user ${stranger.userId} is not a member of this book`,
    );
    expectError(
      await anna.client.post('/api/transaction/add', { ...entry, paidBy: stranger.userId, shares }),
      400,
      'paidBy: user',
    );
    expectError(
      await anna.client.post('/api/transaction/add', { ...entry, categoryId: incomeId, shares }),
      400,
      'shares: only an expense',
    );
    expectError(
      await anna.client.post('/api/transaction/add', { ...entry, paidBy: bob.userId }),
      400,
      'paidBy: only a split',
    );
    expectError(
      await anna.client.post('/api/transaction/add', { ...entry, shares: [shares[0], shares[0]] }),
      400,
      'each member once',
    );
    expectError(
      await anna.client.post('/api/transaction/add', { ...entry, shares: [{ userId: anna.userId, weight: 0 }] }),
      400,
      'weight',
    );
    const settlement = {
      fromUserId: anna.userId,
      toUserId: bob.userId,
      amount: 5,
      currency: 'EUR',
      time: '2026-10-06T10:00:00Z',
    };
    expectError(
      await anna.client.post('/api/settlement/add', { ...settlement, toUserId: anna.userId }),
      400,
      'toUserId',
    );
    expectError(
      await anna.client.post('/api/settlement/add', { ...settlement, toUserId: stranger.userId }),
      400,
      `toUserId: user ${stranger.userId} is not a member of this book`,
    );
    expectError(await anna.client.post('/api/settlement/add', { ...settlement, amount: -5 }), 400, 'amount');
    expectError(await anna.client.post('/api/settlement/add', { ...settlement, currency: 'XQQ' }), 400, 'currency');
    expect(okJson<Tx[]>(await anna.client.post('/api/transaction/getfiltered', {})).map((t) => t.id)).toEqual([
      added.id,
    ]);
    expect(okJson<SettleUp>(await anna.client.post('/api/analytics/settle-up', october)).settlements).toEqual([]);
    // A stranger's settle-up is their own book's: empty of Anna's.
    const own = okJson<SettleUp>(await stranger.client.post('/api/analytics/settle-up', october));
    expect(own.members.map((m) => m.userId)).toEqual([stranger.userId]);
  });
});

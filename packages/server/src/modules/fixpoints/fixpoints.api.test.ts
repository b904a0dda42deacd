import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';

interface Line {
  currency: string;
  stated: number;
  calculated: number;
  error: number;
}
interface Detail {
  id: number;
  time: string;
  errors: Line[];
}

describeEachDatabase('fixpoints', (ctx) => {
  it('computes errors from the previous fixpoint and the flows after it, to the instant', async () => {
    const { client } = await newUser(ctx, 'fix@example.com', 'EUR');
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const pockets = okJson<{ pocketId: number; currency: string }[]>(await client.get('/api/pocket/getall'));
    const eurPocket = pockets.find((p) => p.currency === 'EUR')?.pocketId ?? 0;
    const usdPocket = pockets.find((p) => p.currency === 'USD')?.pocketId ?? 0;
    const cats = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall'));
    const expense = cats.find((c) => c.name === 'Other expense')?.id ?? 0;
    const income = cats.find((c) => c.name === 'Other income')?.id ?? 0;
    const loan = okJson<{ id: number }>(await client.post('/api/category/add', { name: 'Bob', type: 'loan' })).id;
    const biz = okJson<{ id: number }>(await client.post('/api/category/add', { name: 'Shop', type: 'business' })).id;
    const tx = (amount: number, categoryId: number, time: string, currency = 'EUR', extra: object = {}) =>
      client.post('/api/transaction/add', { amount, currency, categoryId, time, ...extra });

    const t0 = '2026-10-01T00:00:00.000Z';
    okJson(await tx(10, expense, t0)); // exactly at the fixpoint: before it
    const first = okJson<Detail>(
      await client.post(`/api/fixpoint/set?time=${t0}`, [
        { pocketId: eurPocket, balance: 1000 },
        { pocketId: usdPocket, balance: 0 },
      ]),
    );
    expect(first.time).toBe(t0);
    expect(first.errors).toEqual([
      { currency: 'EUR', stated: 1000, calculated: -10, error: 1010 },
      { currency: 'USD', stated: 0, calculated: 0, error: 0 },
    ]);

    okJson(await tx(5, income, '2026-10-01T08:00:00Z')); // same day, after the fixpoint
    const edited = okJson<{ id: number }>(await tx(100, expense, '2026-10-05T10:00:00Z'));
    okJson(await tx(50, income, '2026-10-10T12:00:00Z'));
    okJson(await tx(30, loan, '2026-10-12T09:00:00Z', 'USD', { isIncome: false }));
    okJson(await tx(999, biz, '2026-10-13T09:00:00Z', 'EUR', { isIncome: true, type: 'realize' })); // no cash
    okJson(
      await client.post('/api/conversion/add', {
        fromAmount: 200,
        fromCurrency: 'EUR',
        toAmount: 210,
        toCurrency: 'USD',
        time: '2026-10-15T09:00:00Z',
      }),
    );
    okJson(await tx(7, expense, '2026-10-20T18:00:00Z')); // after the second fixpoint's instant

    const t2 = '2026-10-20T12:00:00.000Z';
    const statement = [
      { pocketId: eurPocket, balance: '600+40' },
      { pocketId: usdPocket, balance: 180 },
    ];
    // EUR: 1000 + 5 - 100 + 50 - 200 = 755; USD: 0 - 30 + 210 = 180
    const review = okJson<Line[]>(await client.post(`/api/fixpoint/calcerror?time=${t2}`, statement));
    expect(review).toEqual([
      { currency: 'EUR', stated: 640, calculated: 755, error: -115 },
      { currency: 'USD', stated: 180, calculated: 180, error: 0 },
    ]);
    const second = okJson<Detail>(await client.post(`/api/fixpoint/set?time=${t2}`, statement));
    expect(second.errors).toEqual(review);
    const listed = okJson<{ time: string; beforeFix?: boolean }[]>(
      await client.post('/api/transaction/getfiltered', {}),
    );
    expect(listed.map((r) => r.beforeFix)).toEqual(listed.map((r) => r.time <= t2));
    expect(new Set(listed.map((r) => r.beforeFix))).toEqual(new Set([true, false]));
    expect(okJson<{ id: number; time: string }>(await client.get('/api/fixpoint/getlast'))).toMatchObject({
      id: second.id,
      time: t2,
    });
    expect(
      okJson<{ id: number }[]>(
        await client.post('/api/fixpoint/getbetween', { start: '2026-09-01T00:00:00Z', end: '2026-12-01T00:00:00Z' }),
      ).map((f) => f.id),
    ).toEqual([second.id, first.id]);
    const states = okJson<{ currency: string; items: { pocketId: number; balance: number }[] }[]>(
      await client.get(`/api/fixpoint/getstates/${second.id}`),
    );
    expect(states.map((g) => [g.currency, g.items.map((i) => i.balance)])).toEqual([
      ['EUR', [640]],
      ['USD', [180]],
    ]);
    expect(
      okJson<{ pocketId: number; balance: number }[]>(await client.get('/api/pocket/getall')).find(
        (p) => p.pocketId === eurPocket,
      )?.balance,
    ).toBe(640);

    // Correcting a stated balance, then editing a transaction before the fixpoint, moves its error.
    expect(
      (await client.post('/api/pocketstate/update', [{ fixpointId: second.id, pocketId: eurPocket, balance: 755 }]))
        .statusCode,
    ).toBe(204);
    expect(okJson<Detail>(await client.get(`/api/fixpoint/getbyid/${second.id}`)).errors[0]).toEqual({
      currency: 'EUR',
      stated: 755,
      calculated: 755,
      error: 0,
    });
    okJson(
      await client.post('/api/transaction/update', {
        id: edited.id,
        amount: 90,
        currency: 'EUR',
        categoryId: expense,
        time: '2026-10-05T10:00:00Z',
      }),
    );
    expect(okJson<Detail>(await client.get(`/api/fixpoint/getbyid/${second.id}`)).errors[0]?.error).toBe(-10);

    // Without the first fixpoint, the second is calculated from every flow up to its instant:
    // EUR -10 + 5 - 90 + 50 - 200 = -245
    expect((await client.delete(`/api/fixpoint/delete/${first.id}`)).statusCode).toBe(204);
    expect(okJson<Detail>(await client.get(`/api/fixpoint/getbyid/${second.id}`)).errors[0]).toEqual({
      currency: 'EUR',
      stated: 755,
      calculated: -245,
      error: 1000,
    });
  });

  it('refuses incomplete, duplicate, future and foreign statements, writing nothing', async () => {
    const { client } = await newUser(ctx, 'fixbad@example.com', 'EUR');
    const [pocket] = okJson<{ pocketId: number }[]>(await client.get('/api/pocket/getall'));
    const id = pocket?.pocketId ?? 0;
    const extra = okJson<{ pocketId: number }>(
      await client.post('/api/pocket/add', { name: 'Cash', currency: 'EUR', isCash: true }),
    ).pocketId;
    const other = await newUser(ctx, 'fixbad-other@example.com', 'EUR');
    const [otherPocket] = okJson<{ pocketId: number }[]>(await other.client.get('/api/pocket/getall'));
    const saved = okJson<Detail>(
      await client.post('/api/fixpoint/set?time=2026-01-01T00:00:00Z', [
        { pocketId: id, balance: 1 },
        { pocketId: extra, balance: -2.5 },
      ]),
    );
    // The user's first fixpoint: where the EUR books start (issue 32 names it an opening).
    expect(saved.errors).toEqual([{ currency: 'EUR', stated: -1.5, calculated: 0, error: -1.5, opening: true }]);

    const before = await snapshotTables(ctx.database);
    expectError(await client.post('/api/fixpoint/set', [{ pocketId: id, balance: 1 }]), 400, 'missing: Cash');
    expectError(
      await client.post('/api/fixpoint/set', [
        { pocketId: id, balance: 1 },
        { pocketId: id, balance: 1 },
      ]),
      400,
      '1.pocketId: pocket',
    );
    expectError(
      await client.post('/api/fixpoint/set', [
        { pocketId: id, balance: 1.001 },
        { pocketId: extra, balance: 0 },
      ]),
      400,
      '0.balance: must have at most 2 decimals',
    );
    expectError(await client.post('/api/fixpoint/set', [{ pocketId: otherPocket?.pocketId, balance: 1 }]), 404);
    expectError(
      await client.post('/api/fixpoint/set?time=2199-01-01T00:00:00Z', [
        { pocketId: id, balance: 1 },
        { pocketId: extra, balance: 0 },
      ]),
      400,
      'time: a fixpoint cannot be in the future',
    );
    expectError(await client.post('/api/fixpoint/set?time=yesterday', []), 400, 'time: must be an ISO 8601');
    expectError(
      await client.post('/api/fixpoint/set?time=2026-01-01T00:00:00Z', [
        { pocketId: id, balance: 1 },
        { pocketId: extra, balance: 0 },
      ]),
      409,
      'already a fixpoint',
    );
    expectError(await other.client.get(`/api/fixpoint/getbyid/${saved.id}`), 404);
    expectError(await other.client.get(`/api/fixpoint/getstates/${saved.id}`), 404);
    expectError(await other.client.delete(`/api/fixpoint/delete/${saved.id}`), 404);
    expectError(
      await other.client.post('/api/pocketstate/update', [{ fixpointId: saved.id, pocketId: id, balance: 5 }]),
      404,
    );
    expectError(
      await client.post('/api/pocketstate/update', [
        { fixpointId: saved.id, pocketId: otherPocket?.pocketId, balance: 5 },
      ]),
      404,
    );
    expectError(
      await client.post('/api/pocketstate/update', [{ fixpointId: saved.id, pocketId: id, balance: 'x' }]),
      400,
      '0.balance',
    );
    expect(await snapshotTables(ctx.database)).toEqual(before);
    expect(await other.client.get('/api/fixpoint/getlast').then((r) => r.body)).toBe('null');
  });
});

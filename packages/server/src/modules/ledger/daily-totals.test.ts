import { findCurrency } from '@kassa/money';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { CategoriesService } from '../categories/service.js';
import { ConversionsService } from '../conversions/service.js';
import { bundledRates } from '../rates/bundle.js';
import { RatesRepository } from '../rates/repository.js';
import { RatesService } from '../rates/service.js';
import { TransactionsService } from '../transactions/service.js';
import { DailyTotalsRepository } from './daily-totals.js';
import { MEASURES } from './flows.js';
import { LedgerReader } from './reader.js';
import { PocketsService } from '../pockets/service.js';
import { prng } from '../../util/prng.js';

describeEachDatabase('daily totals', (ctx) => {
  it('always equal a from-scratch recomputation after random writes, edits and deletes', async () => {
    const user = await ctx.createUser({ email: 'totals@example.com', password: 'password-1', mainCurrency: 'EUR' });
    const owner = { id: user.id, mainCurrency: 'EUR' };
    const db = ctx.database.db;
    for (const code of ['USD', 'JPY']) await new PocketsService(db).addCurrency(user.id, { currency: code, items: [] });
    const categories = new CategoriesService(db);
    const rates = new RatesService(new RatesRepository(db), bundledRates());
    const transactions = new TransactionsService(db, categories, rates, new LedgerReader(db));
    const conversions = new ConversionsService(db);
    const cats = await categories.list(user.id, 'EUR', {});
    const loan = await categories.add(user.id, 'EUR', {
      name: 'L',
      type: 'loan',
      description: '',
      isActive: true,
      monthlyLimit: null,
    });
    const biz = await categories.add(user.id, 'EUR', {
      name: 'B',
      type: 'business',
      description: '',
      isActive: true,
      monthlyLimit: null,
    });
    const categoryIds = [...cats.map((c) => c.id), loan.id, biz.id];
    const totals = new DailyTotalsRepository(db);

    const random = prng(99);
    const codes = ['EUR', 'USD', 'JPY'];
    const txIds: number[] = [];
    const convIds: number[] = [];
    const txInput = () => {
      const categoryId = categoryIds[random(categoryIds.length)] ?? 0;
      const currency = codes[random(3)] ?? 'EUR';
      return {
        amount: (findCurrency(currency)?.decimals ?? 2) === 0 ? 1 + random(9999) : (1 + random(99999)) / 100,
        currency,
        categoryId,
        description: '',
        time: Date.UTC(2026, random(3), 1 + random(28), random(24)),
        isIncome: random(2) === 1,
        type: categoryId === biz.id ? (['invest', 'pnl', 'realize'] as const)[random(3)] : null,
      };
    };
    const convInput = () => {
      const from = codes[random(3)] ?? 'EUR';
      const to = codes.filter((c) => c !== from)[random(2)] ?? 'USD';
      return {
        fromAmount: 1 + random(500),
        fromCurrency: from,
        toAmount: 1 + random(500),
        toCurrency: to,
        description: '',
        time: Date.UTC(2026, random(3), 1 + random(28)),
      };
    };

    for (let step = 0; step < 300; step++) {
      const op = random(10);
      if (op < 4 || txIds.length === 0) txIds.push((await transactions.add(owner, txInput())).id);
      else if (op < 6) await transactions.update(owner, txIds[random(txIds.length)] ?? 0, txInput());
      else if (op < 7) await transactions.delete(owner, txIds.splice(random(txIds.length), 1)[0] ?? 0);
      else if (op < 8 || convIds.length === 0) convIds.push((await conversions.add(user.id, convInput())).id);
      else if (op < 9) await conversions.update(user.id, convIds[random(convIds.length)] ?? 0, convInput());
      else await conversions.delete(user.id, convIds.splice(random(convIds.length), 1)[0] ?? 0);
    }
    const maintained = await totals.all(user.id);
    expect(maintained.length).toBeGreaterThan(20);
    const fresh = await totals.recompute(user.id);
    expect(maintained).toEqual(fresh);

    // The monthly native measures, kept in step with the same writes, match the measures summed
    // in SQL (flows.ts MEASURES) over the (verified) daily totals.
    const summed = await db
      .selectFrom('daily_totals')
      .select(['month', 'currency', MEASURES.cash.as('cash'), MEASURES.loan.as('loan'), MEASURES.pending.as('pending')])
      .where('user_id', '=', user.id)
      .groupBy(['month', 'currency'])
      .execute();
    const expected = new Map(
      summed.map((r) => [
        `${r.month}|${r.currency}`,
        { cash: Number(r.cash), loan: Number(r.loan), pending: Number(r.pending) },
      ]),
    );
    const nonZero = (m: { cash: number; loan: number; pending: number }) =>
      m.cash !== 0 || m.loan !== 0 || m.pending !== 0;
    const kept = await db.selectFrom('monthly_native').selectAll().where('user_id', '=', user.id).execute();
    expect(
      new Map(
        kept
          .filter(nonZero)
          .map((r) => [`${r.month}|${r.currency}`, { cash: r.cash, loan: r.loan, pending: r.pending }]),
      ),
    ).toEqual(new Map([...expected].filter(([, m]) => nonZero(m))));
    expect(new Set(kept.map((r) => r.month)).size).toBe(3);
    const byDay = await db
      .selectFrom('daily_totals')
      .select(['day', 'currency', MEASURES.cash.as('cash'), MEASURES.loan.as('loan'), MEASURES.pending.as('pending')])
      .where('user_id', '=', user.id)
      .groupBy(['day', 'currency'])
      .execute();
    const keptByDay = await db.selectFrom('daily_native').selectAll().where('user_id', '=', user.id).execute();
    expect(
      new Map(
        keptByDay
          .filter(nonZero)
          .map((r) => [`${r.day}|${r.currency}`, { cash: r.cash, loan: r.loan, pending: r.pending }]),
      ),
    ).toEqual(
      new Map(
        byDay
          .map((r) => ({
            key: `${r.day}|${r.currency}`,
            cash: Number(r.cash),
            loan: Number(r.loan),
            pending: Number(r.pending),
          }))
          .filter(nonZero)
          .map(({ key, ...m }) => [key, m]),
      ),
    );
    expect(kept.some((r) => r.loan !== 0) && kept.some((r) => r.pending !== 0)).toBe(true);
  }, 120_000);
});

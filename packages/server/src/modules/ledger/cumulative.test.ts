import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { prng } from '../../util/prng.js';
import { CategoriesService } from '../categories/service.js';
import { ConversionsService } from '../conversions/service.js';
import { PocketsService } from '../pockets/service.js';
import { bundledRates } from '../rates/bundle.js';
import { RatesRepository } from '../rates/repository.js';
import { RatesService } from '../rates/service.js';
import { TransactionsService } from '../transactions/service.js';
import { measuresAt, measuresBetween, subtractSums, type MeasureSums } from './cumulative.js';
import { LedgerReader } from './reader.js';

const DAY = 86_400_000;

describeEachDatabase('running totals of the ledger (measuresAt)', (ctx) => {
  it('equal the sums of the raw rows at any instant and over any range', async () => {
    const db = ctx.database.db;
    const rates = new RatesService(new RatesRepository(db), bundledRates());
    const ledger = new LedgerReader(db, () => rates.fingerprint());
    const categories = new CategoriesService(db);
    const transactions = new TransactionsService(db, categories, rates, ledger);
    const conversions = new ConversionsService(db);
    const user = await ctx.createUser({ email: 'running@example.com', password: 'password-1', mainCurrency: 'EUR' });
    const owner = { id: user.id, mainCurrency: 'EUR' };
    await new PocketsService(db).addCurrency(user.id, { currency: 'USD', items: [] });
    const add = (name: string, type: 'loan' | 'business') =>
      categories.add(user.id, 'EUR', { name, type, description: '', isActive: true, monthlyLimit: null });
    const loan = (await add('L', 'loan')).id;
    const business = (await add('B', 'business')).id;
    const real = (await categories.list(user.id, 'EUR', {})).filter((c) => c.type === 'real').map((c) => c.id);
    const random = prng(99);
    const base = Date.UTC(2024, 10, 1);
    const instant = () => base + random(420) * DAY + random(86_400) * 1000;
    for (let i = 0; i < 300; i++) {
      const currency = random(2) === 0 ? 'EUR' : 'USD';
      const pick = random(10);
      if (pick < 1) {
        await conversions.add(user.id, {
          fromAmount: 1 + random(500),
          fromCurrency: currency,
          toAmount: 1 + random(500),
          toCurrency: currency === 'EUR' ? 'USD' : 'EUR',
          description: '',
          time: instant(),
        });
        continue;
      }
      const type = pick < 4 ? ((['invest', 'pnl', 'realize'] as const)[random(3)] ?? 'invest') : null;
      await transactions.add(owner, {
        amount: (1 + random(99_999)) / 100,
        currency,
        categoryId: type !== null ? business : pick < 6 ? loan : (real[random(real.length)] ?? 0),
        description: '',
        time: instant(),
        isIncome: random(2) === 1,
        type,
      });
    }
    const tx = await db.selectFrom('transactions').selectAll().where('user_id', '=', user.id).execute();
    const conv = await db.selectFrom('conversions').selectAll().where('user_id', '=', user.id).execute();
    const bruteForce = (t: number): MeasureSums => {
      const sums: MeasureSums = { cash: new Map(), loan: new Map(), pending: new Map() };
      const add = (m: keyof MeasureSums, c: string, v: bigint) => {
        if (v !== 0n) sums[m].set(c, (sums[m].get(c) ?? 0n) + v);
      };
      for (const r of tx) {
        if (r.time > t) continue;
        const signed = r.is_income === 1 ? BigInt(r.amount) : -BigInt(r.amount);
        if (r.business_type !== 'realize') add('cash', r.currency, signed);
        if (r.kind === 'loan') add('loan', r.currency, -signed);
        if (r.business_type === 'invest') add('pending', r.currency, -signed);
        if (r.business_type === 'realize') add('pending', r.currency, signed);
      }
      for (const c of conv) {
        if (c.time > t) continue;
        add('cash', c.from_currency, -BigInt(c.from_amount));
        add('cash', c.to_currency, BigInt(c.to_amount));
      }
      return sums;
    };
    const withoutZeros = (s: MeasureSums) =>
      Object.fromEntries(
        Object.entries(s).map(([m, map]) => [m, Object.fromEntries([...map].filter(([, v]) => v !== 0n).sort())]),
      );
    // Instants on month edges, day edges, rows' own times and anywhere.
    const instants = [
      base - 1,
      Date.UTC(2025, 0, 1),
      Date.UTC(2025, 0, 1) - 1,
      Date.UTC(2025, 5, 30, 23, 59, 59, 999),
      ...tx.slice(0, 20).map((r) => r.time),
      ...Array.from({ length: 40 }, instant),
    ];
    const running = await measuresAt(db, user.id, instants);
    instants.forEach((t, i) =>
      expect(withoutZeros(running[i] ?? { cash: new Map(), loan: new Map(), pending: new Map() })).toEqual(
        withoutZeros(bruteForce(t)),
      ),
    );
    // Ranges (a, b] read from a's month on agree with the differences of the totals.
    for (let k = 0; k < 30; k++) {
      const [a, b] = [instant(), instant()].sort((x, y) => x - y) as [number, number];
      expect(withoutZeros(await measuresBetween(db, user.id, a, b))).toEqual(
        withoutZeros(subtractSums(bruteForce(b), bruteForce(a))),
      );
    }
  });
});

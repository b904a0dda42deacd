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
import type { PerCurrency } from './flows.js';
import { cashOver } from './range-reads.js';
import { LedgerReader } from './reader.js';

const DAY = 86_400_000;

describeEachDatabase('cash of many ranges at once (cashOver)', (ctx) => {
  it('equals a walk over the rows, a currency listed exactly when a row moved cash in it', async () => {
    const db = ctx.database.db;
    const rates = new RatesService(new RatesRepository(db), bundledRates());
    const ledger = new LedgerReader(db, () => rates.fingerprint());
    const categories = new CategoriesService(db);
    const transactions = new TransactionsService(db, categories, rates, ledger);
    const conversions = new ConversionsService(db);
    const user = await ctx.createUser({ email: 'ranges@example.com', password: 'password-1', mainCurrency: 'EUR' });
    const owner = { id: user.id, mainCurrency: 'EUR' };
    await new PocketsService(db).addCurrency(user.id, { currency: 'USD', items: [] });
    const business = (
      await categories.add(user.id, 'EUR', {
        name: 'B',
        type: 'business',
        description: '',
        isActive: true,
        monthlyLimit: null,
      })
    ).id;
    const real = (await categories.list(user.id, 'EUR', {})).filter((c) => c.type === 'real').map((c) => c.id);
    const random = prng(33);
    const base = Date.UTC(2024, 10, 1);
    const instant = () => base + random(60) * DAY + random(86_400) * 1000;
    for (let i = 0; i < 150; i++) {
      const currency = random(2) === 0 ? 'EUR' : 'USD';
      const pick = random(10);
      if (pick < 2) {
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
      // Realize often, so some ranges hold nothing else.
      const type = pick < 6 ? ((['invest', 'pnl', 'realize', 'realize'] as const)[random(4)] ?? 'invest') : null;
      await transactions.add(owner, {
        amount: (1 + random(99_999)) / 100,
        currency,
        categoryId: type !== null ? business : (real[random(real.length)] ?? 0),
        description: '',
        time: instant(),
        isIncome: random(2) === 1,
        type,
      });
    }
    const tx = await db.selectFrom('transactions').selectAll().where('user_id', '=', user.id).execute();
    const conv = await db.selectFrom('conversions').selectAll().where('user_id', '=', user.id).execute();
    const walk = (after: number, until: number): PerCurrency => {
      const out: PerCurrency = new Map();
      const add = (time: number, currency: string, v: bigint) => {
        if (time > after && time <= until && v !== 0n) out.set(currency, (out.get(currency) ?? 0n) + v);
      };
      for (const r of tx)
        if (r.business_type !== 'realize')
          add(r.time, r.currency, r.is_income === 1 ? BigInt(r.amount) : -BigInt(r.amount));
      for (const c of conv) {
        add(c.time, c.from_currency, -BigInt(c.from_amount));
        add(c.time, c.to_currency, BigInt(c.to_amount));
      }
      return out;
    };
    // Ranges between sorted instants (some empty, some ending on a row's own time), each realize
    // row alone in a range of its own, listed out of order.
    const realize = tx
      .filter((r, i) => r.business_type === 'realize' && !tx.slice(0, i).some((o) => o.time === r.time))
      .slice(0, 10);
    const edges = [...new Set([...Array.from({ length: 30 }, instant), ...tx.slice(0, 10).map((r) => r.time)])]
      .filter((t) => !realize.some((r) => Math.abs(r.time - t) <= 1))
      .sort((a, b) => a - b);
    const ranges: [number, number][] = realize.map((r) => [r.time - 1, r.time]);
    for (let i = 0; i + 1 < edges.length; i += 2) {
      const [a = 0, b = 0] = [edges[i], edges[i + 1]];
      if (!realize.some((r) => r.time > a && r.time <= b)) ranges.push(random(5) === 0 ? [b, b] : [a, b]);
    }
    ranges.reverse();
    const got = await cashOver(db, user.id, ranges);
    expect(got).toEqual(ranges.map(([after, until]) => walk(after, until)));
    expect(await ledger.cashOver(user.id, [])).toEqual([]);
  });
});

import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { prng } from '../../util/prng.js';
import { CategoriesService } from '../categories/service.js';
import { ConversionsService } from '../conversions/service.js';
import { FixpointsService } from '../fixpoints/service.js';
import { HistoryPointsRepository, invalidateHistory } from '../ledger/history-points.js';
import { followRates } from '../ledger/follow-rates.js';
import { LedgerReader } from '../ledger/reader.js';
import { PocketsService } from '../pockets/service.js';
import { bundledRates } from '../rates/bundle.js';
import { RatesRepository } from '../rates/repository.js';
import { RatesService } from '../rates/service.js';
import { TransactionsService } from '../transactions/service.js';
import { AnalyticsService } from './service.js';

const DAY = 86_400_000;
const BASE = Date.UTC(2025, 0, 1);

describeEachDatabase('kept balance-history points', (ctx) => {
  it('always equal a from-scratch computation after random writes, fixpoints, rate changes and reports', async () => {
    const db = ctx.database.db;
    const rates = new RatesService(new RatesRepository(db), bundledRates());
    const ledger = new LedgerReader(db, () => rates.fingerprint());
    followRates(rates, ledger);
    const categories = new CategoriesService(db);
    const transactions = new TransactionsService(db, categories, rates, ledger);
    const conversions = new ConversionsService(db);
    const fixpoints = new FixpointsService(db, ledger, () => BASE + 400 * DAY);
    const analytics = new AnalyticsService(db, ledger, rates);

    const user = await ctx.createUser({ email: 'kept@example.com', password: 'password-1', mainCurrency: 'EUR' });
    const owner = { id: user.id, mainCurrency: 'EUR' };
    for (const code of ['USD', 'JPY']) await new PocketsService(db).addCurrency(user.id, { currency: code, items: [] });
    const pockets = await new PocketsService(db).list(user.id);
    const loan = (
      await categories.add(user.id, 'EUR', {
        name: 'L',
        type: 'loan',
        description: '',
        isActive: true,
        monthlyLimit: null,
      })
    ).id;
    const real = (await categories.list(user.id, 'EUR', {})).filter((c) => c.type === 'real').map((c) => c.id);
    const random = prng(1123);
    const codes = ['EUR', 'USD', 'JPY'];
    const amount = (code: string) => (code === 'JPY' ? String(1 + random(90_000)) : (1 + random(99_999)) / 100);
    const instant = () => BASE + random(300) * DAY + random(24) * 3_600_000;
    const txIds: number[] = [];
    const convIds: number[] = [];
    const fixIds: number[] = [];
    const usedFixTimes = new Set<number>();
    let reports = 0;

    const check = async () => {
      // Mostly the whole year (every kept point is compared), else windows that start at the
      // kept range's start (kept points get extended) or elsewhere (the kept range is replaced).
      const pick = random(4);
      const start = pick === 0 ? BASE + random(200) * DAY : BASE;
      const end = pick < 2 ? start + (1 + random(200)) * DAY - 1 : BASE + 301 * DAY - 1;
      const mainCurrency = random(8) === 0 ? 'USD' : 'EUR';
      const kept = await analytics.balanceHistory({ ...owner, mainCurrency }, start, end);
      await db.deleteFrom('history_points').where('user_id', '=', user.id).execute();
      await db.deleteFrom('history_state').where('user_id', '=', user.id).execute();
      const fresh = await analytics.balanceHistory({ ...owner, mainCurrency }, start, end);
      expect(kept).toEqual(fresh);
      reports++;
    };

    for (let step = 0; step < 200; step++) {
      // A report after most steps, so kept points are there for the next change to touch.
      if (random(3) > 0) await check();
      const op = random(14);
      const currency = codes[random(3)] ?? 'EUR';
      const txInput = () => ({
        amount: amount(currency),
        currency,
        categoryId: random(4) === 0 ? loan : (real[random(real.length)] ?? 0),
        description: '',
        time: instant(),
        isIncome: random(2) === 1,
        type: null,
      });
      if (op < 5) txIds.push((await transactions.add(owner, txInput())).id);
      else if (op < 7 && txIds.length > 0)
        await transactions.update(owner, txIds[random(txIds.length)] ?? 0, txInput());
      else if (op < 8 && txIds.length > 0)
        await transactions.delete(owner, txIds.splice(random(txIds.length), 1)[0] ?? 0);
      else if (op < 9) {
        const to = codes.filter((c) => c !== currency)[random(2)] ?? 'EUR';
        convIds.push(
          (
            await conversions.add(user.id, {
              fromAmount: amount(currency),
              fromCurrency: currency,
              toAmount: amount(to),
              toCurrency: to,
              description: '',
              time: instant(),
            })
          ).id,
        );
      } else if (op < 10 && convIds.length > 0) await conversions.delete(user.id, convIds.pop() ?? 0);
      else if (op < 11) {
        const time = instant();
        if (usedFixTimes.has(time)) continue;
        usedFixTimes.add(time);
        const balances = pockets.map((p) => ({ pocketId: p.pocketId, balance: amount(p.currency) }));
        fixIds.push((await fixpoints.set(user.id, balances, time)).id);
      } else if (op < 12 && fixIds.length > 0) {
        const fixpointId = fixIds[random(fixIds.length)] ?? 0;
        const pocket = pockets[random(pockets.length)];
        if (pocket !== undefined)
          await fixpoints.updateStates(user.id, [
            { fixpointId, pocketId: pocket.pocketId, balance: String(amount(pocket.currency)) },
          ]);
      } else if (op < 13 && fixIds.length > 0)
        await fixpoints.delete(user.id, fixIds.splice(random(fixIds.length), 1)[0] ?? 0);
      else if (op < 14) {
        // A corrected rate for a past day changes every point from that day on.
        const day = Math.floor(instant() / DAY);
        const rate = `${1 + random(9)}.${random(100)}`;
        await rates.store([{ day, currency: random(2) === 0 ? 'USD' : 'JPY', rate, source: 'test' }], {
          keepImports: false,
        });
      }
    }
    await check();
    expect(reports).toBeGreaterThan(100);
    expect(txIds.length).toBeGreaterThan(20);
  }, 300_000);

  it('are not kept when a write came in while they were computed', async () => {
    const db = ctx.database.db;
    const user = await ctx.createUser({ email: 'race@example.com', password: 'password-1', mainCurrency: 'EUR' });
    const kept = new HistoryPointsRepository(db);
    const point = { day: 20_000, available: 1n, loaned: 0n, pending: 0n };
    const before = await kept.state(user.id);
    // A write lands between reading the state and publishing what was computed from it.
    await invalidateHistory(db, user.id, 19_000);
    expect(await kept.publish(user.id, before, 'EUR', 20_000, [point])).toBe(false);
    expect(await kept.points(user.id, 0, 30_000)).toEqual([]);
    const now = await kept.state(user.id);
    expect(await kept.publish(user.id, now, 'EUR', 20_000, [point])).toBe(true);
    expect(await kept.points(user.id, 0, 30_000)).toEqual([point]);
    // A later write before the point leaves nothing valid.
    await invalidateHistory(db, user.id, 19_999);
    expect(await kept.state(user.id)).toMatchObject({ validFrom: 20_000, validThrough: 19_998 });
  });
});

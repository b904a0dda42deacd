import { isoFromDay } from '@kassa/money';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { CategoriesService } from '../categories/service.js';
import { ConversionsService } from '../conversions/service.js';
import { FixpointsService } from '../fixpoints/service.js';
import { LedgerReader } from '../ledger/reader.js';
import { PocketsService } from '../pockets/service.js';
import { bundledRates } from '../rates/bundle.js';
import { RatesRepository } from '../rates/repository.js';
import { RatesService } from '../rates/service.js';
import { TransactionsService } from '../transactions/service.js';
import { AnalyticsService } from './service.js';

const DAY = 86_400_000;
const BASE = Date.UTC(2025, 0, 1);

type Op =
  | {
      op: 'tx';
      kind: 'income' | 'expense' | 'loan' | 'business' | 'external';
      btype: 'invest' | 'pnl' | 'realize';
      currency: number;
      minor: number;
      at: number;
      isIncome: boolean;
    }
  | { op: 'conv'; from: number; to: number; fromMinor: number; toMinor: number; at: number }
  | { op: 'fix'; at: number; balances: number[] };

const at = fc.integer({ min: 0, max: 120 * 24 }).map((h) => BASE + h * 3_600_000);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('tx' as const),
      kind: fc.constantFrom(
        'income' as const,
        'expense' as const,
        'loan' as const,
        'business' as const,
        'external' as const,
      ),
      btype: fc.constantFrom('invest' as const, 'pnl' as const, 'realize' as const),
      currency: fc.nat(2),
      minor: fc.integer({ min: 1, max: 500_000 }),
      at,
      isIncome: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('conv' as const),
      from: fc.nat(2),
      to: fc.nat(2),
      fromMinor: fc.integer({ min: 1, max: 300_000 }),
      toMinor: fc.integer({ min: 1, max: 300_000 }),
      at,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('fix' as const),
      at,
      balances: fc.array(fc.integer({ min: -100_000, max: 1_000_000 }), { minLength: 3, maxLength: 3 }),
    }),
  },
);

const major = (minor: number, decimals: number) => (decimals === 0 ? String(minor) : (minor / 100).toFixed(2));

describeEachDatabase('analytics identities over random ledgers', (ctx) => {
  it('cashflow adds up to the cent, balances agree with holdings and history, one currency never revalues', async () => {
    const db = ctx.database.db;
    const rates = new RatesService(new RatesRepository(db), bundledRates());
    const categories = new CategoriesService(db);
    const ledger = new LedgerReader(db);
    const transactions = new TransactionsService(db, categories, rates, ledger);
    const conversions = new ConversionsService(db);
    const fixpoints = new FixpointsService(db, ledger, () => BASE + 400 * DAY);
    const analytics = new AnalyticsService(db, ledger, rates);
    let n = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 3, maxLength: 25 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 60 }),
        async (ops, oneCurrency, startDay, length) => {
          n += 1;
          const user = await ctx.createUser({
            email: `prop${n}@example.com`,
            password: 'password-1',
            mainCurrency: 'EUR',
          });
          const owner = { id: user.id, mainCurrency: 'EUR' };
          const codes = oneCurrency ? ['EUR', 'EUR', 'EUR'] : ['EUR', 'USD', 'JPY'];
          if (!oneCurrency)
            for (const code of ['USD', 'JPY'])
              await new PocketsService(db).addCurrency(user.id, { currency: code, items: [] });
          const cats = await categories.list(user.id, 'EUR', {});
          const catId = (name: string) => cats.find((c) => c.name === name)?.id ?? 0;
          const loan = (
            await categories.add(user.id, 'EUR', {
              name: 'L',
              type: 'loan',
              description: '',
              isActive: true,
              monthlyLimit: null,
            })
          ).id;
          const biz = (
            await categories.add(user.id, 'EUR', {
              name: 'B',
              type: 'business',
              description: '',
              isActive: true,
              monthlyLimit: null,
            })
          ).id;
          const pockets = await new PocketsService(db).list(user.id);
          const usedFixTimes = new Set<number>();

          for (const o of ops) {
            if (o.op === 'tx') {
              const currency = codes[o.currency] ?? 'EUR';
              const categoryId = {
                income: catId('Other income'),
                expense: catId('Other expense'),
                loan,
                business: biz,
                external: catId('Untracked accounts'),
              }[o.kind];
              const real = o.kind === 'income' || o.kind === 'expense';
              await transactions.add(owner, {
                amount: major(o.minor, currency === 'JPY' ? 0 : 2),
                currency,
                categoryId,
                description: '',
                time: o.at,
                isIncome: real ? null : o.isIncome,
                type: o.kind === 'business' ? o.btype : null,
              });
            } else if (o.op === 'conv') {
              const from = codes[o.from] ?? 'EUR';
              const to = codes[o.to] ?? 'EUR';
              if (from === to) continue;
              await conversions.add(user.id, {
                fromAmount: major(o.fromMinor, from === 'JPY' ? 0 : 2),
                fromCurrency: from,
                toAmount: major(o.toMinor, to === 'JPY' ? 0 : 2),
                toCurrency: to,
                description: '',
                time: o.at,
              });
            } else {
              if (usedFixTimes.has(o.at)) continue;
              usedFixTimes.add(o.at);
              const balances = pockets.map((p, i) => ({
                pocketId: p.pocketId,
                balance: major(o.balances[i] ?? 0, p.currency === 'JPY' ? 0 : 2),
              }));
              await fixpoints.set(user.id, balances, o.at);
            }
          }

          const start = BASE + startDay * DAY;
          const end = start + length * DAY - 1;
          const cf = new Map(
            (await analytics.cashflow(owner, start, end)).map((x) => [x.name, Math.round(x.asset.amount * 100)]),
          );
          const v = (name: string) => cf.get(name) ?? Number.NaN;
          const flows =
            v('income') +
            v('expense') -
            v('realized') +
            v('loanin') +
            v('loanout') +
            v('businessin') +
            v('businessout') +
            v('convin') +
            v('convout') +
            v('externalin') +
            v('externalout') +
            v('fixpointerror');
          expect(v('end') - v('start')).toBe(flows + v('revaluation'));
          expect(v('tempin')).toBe(v('loanin') + v('businessin'));
          if (oneCurrency) expect(v('revaluation')).toBe(0);

          const b = new Map(
            (await analytics.balances(owner, end)).map((x) => [x.name, Math.round(x.asset.amount * 100)]),
          );
          const bv = (name: string) => b.get(name) ?? Number.NaN;
          expect(bv('outstanding')).toBe(bv('loaned') + bv('businesspending'));
          expect(bv('networth')).toBe(bv('available') + bv('outstanding'));
          expect(bv('available')).toBe(v('end'));
          const holdings = await analytics.holdings(owner, end);
          expect(holdings.reduce((sum, h) => sum + Math.round((h.convertedAmount ?? h.amount) * 100), 0)).toBe(
            bv('available'),
          );
          expect(b.get('availablenominalmain')).toBe(
            Math.round((holdings.find((h) => h.currency === 'EUR')?.amount ?? 0) * 100),
          );

          const history = await analytics.balanceHistory(owner, start, end);
          expect(history.dates.at(-1)).toBe(isoFromDay(Math.floor(end / DAY)));
          expect(Math.round((history.networth.at(-1) ?? Number.NaN) * 100)).toBe(bv('networth'));
        },
      ),
      { numRuns: 200, seed: 20261121 },
    );
  }, 600_000);
});

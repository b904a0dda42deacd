import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { AnalyticsService } from '../analytics/service.js';
import { CategoriesService } from '../categories/service.js';
import { ConversionsService } from '../conversions/service.js';
import { FixpointsService } from '../fixpoints/service.js';
import { LedgerReader } from '../ledger/reader.js';
import { PocketsService } from '../pockets/service.js';
import { bundledRates } from '../rates/bundle.js';
import { RatesRepository } from '../rates/repository.js';
import { RatesService } from '../rates/service.js';
import { TransactionsService } from '../transactions/service.js';
import { InsightsService } from './service.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

type TxKind = 'income' | 'expense' | 'loan' | 'business' | 'external';
type Op =
  | {
      op: 'tx';
      kind: TxKind;
      btype: 'invest' | 'pnl' | 'realize';
      currency: number;
      minor: number;
      at: number;
      isIncome: boolean;
    }
  | { op: 'conv'; from: number; to: number; fromMinor: number; toMinor: number; at: number }
  | { op: 'fix'; at: number; balances: number[] };

// Hours from the ledger's base; the base itself is drawn from eight years of bundled rates, so
// the runs meet many different rate days (and weekends, when the last business day's rate serves).
const at = fc.integer({ min: 0, max: 150 * 24 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('tx' as const),
      kind: fc.constantFrom<TxKind>('income', 'expense', 'loan', 'business', 'external'),
      btype: fc.constantFrom('invest' as const, 'pnl' as const, 'realize' as const),
      currency: fc.nat(3),
      minor: fc.integer({ min: 1, max: 500_000 }),
      at,
      isIncome: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('conv' as const),
      from: fc.nat(3),
      to: fc.nat(3),
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
      balances: fc.array(fc.integer({ min: -100_000, max: 1_000_000 }), { minLength: 4, maxLength: 4 }),
    }),
  },
);
/** What is moved between holdings of one currency after the first bridge: lent, repaid, invested. */
const moveArb = fc.record({
  kind: fc.constantFrom('loan' as const, 'business' as const),
  isIncome: fc.boolean(),
  currency: fc.nat(3),
  minor: fc.integer({ min: 1, max: 400_000 }),
  offsetHours: fc.nat(24 * 400),
});

const decimalsOf = (code: string) => (code === 'JPY' ? 0 : 2);
const major = (minor: number, code: string) => (decimalsOf(code) === 0 ? String(minor) : (minor / 100).toFixed(2));
const cents = (amount: number) => Math.round(amount * 100);

describeEachDatabase('networth-bridge over random multi-currency ledgers', (ctx) => {
  it('parts sum to the net-worth change to the cent; lending, repaying and investing change no part', async () => {
    const db = ctx.database.db;
    const rates = new RatesService(new RatesRepository(db), bundledRates());
    const categories = new CategoriesService(db);
    const ledger = new LedgerReader(db);
    const transactions = new TransactionsService(db, categories, rates, ledger);
    const conversions = new ConversionsService(db);
    const analytics = new AnalyticsService(db, ledger, rates);
    const insights = new InsightsService(ledger, rates);
    const pocketsService = new PocketsService(db);
    let n = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 3, maxLength: 30 }),
        fc.constantFrom('EUR', 'USD'),
        fc.integer({ min: 0, max: 8 * 365 }),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 90 }),
        moveArb,
        async (ops, mainCurrency, baseDay, startDay, length, move) => {
          n += 1;
          const base = Date.UTC(2018, 0, 1) + baseDay * DAY;
          const fixpoints = new FixpointsService(db, ledger, () => base + 400 * DAY);
          const user = await ctx.createUser({ email: `bridge${n}@example.com`, password: 'password-1', mainCurrency });
          const owner = { id: user.id, mainCurrency };
          const codes = [mainCurrency, ...['EUR', 'USD', 'JPY', 'GBP'].filter((c) => c !== mainCurrency)].slice(0, 4);
          for (const code of codes.slice(1)) await pocketsService.addCurrency(user.id, { currency: code, items: [] });
          const cats = await categories.list(user.id, mainCurrency, {});
          const catId = (name: string) => cats.find((c) => c.name === name)?.id ?? 0;
          const newCategory = async (name: string, type: 'loan' | 'business') =>
            (
              await categories.add(user.id, mainCurrency, {
                name,
                type,
                description: '',
                isActive: true,
                monthlyLimit: null,
              })
            ).id;
          const loan = await newCategory('L', 'loan');
          const biz = await newCategory('B', 'business');
          const pockets = await pocketsService.list(user.id);
          const usedFixTimes = new Set<number>();
          const addTx = (o: Omit<Extract<Op, { op: 'tx' }>, 'op'>, time = base + o.at * HOUR) => {
            const currency = codes[o.currency] ?? mainCurrency;
            const real = o.kind === 'income' || o.kind === 'expense';
            return transactions.add(owner, {
              amount: major(o.minor, currency),
              currency,
              categoryId: {
                income: catId('Other income'),
                expense: catId('Other expense'),
                loan,
                business: biz,
                external: catId('Untracked accounts'),
              }[o.kind],
              description: '',
              time,
              isIncome: real ? null : o.isIncome,
              type: o.kind === 'business' ? o.btype : null,
            });
          };

          for (const o of ops) {
            if (o.op === 'tx') await addTx(o);
            else if (o.op === 'conv') {
              const from = codes[o.from] ?? mainCurrency;
              const to = codes[o.to] ?? mainCurrency;
              if (from === to) continue;
              await conversions.add(user.id, {
                fromAmount: major(o.fromMinor, from),
                fromCurrency: from,
                toAmount: major(o.toMinor, to),
                toCurrency: to,
                description: '',
                time: base + o.at * HOUR,
              });
            } else {
              if (usedFixTimes.has(o.at)) continue;
              usedFixTimes.add(o.at);
              await fixpoints.set(
                user.id,
                pockets.map((p) => ({
                  pocketId: p.pocketId,
                  balance: major(o.balances[codes.indexOf(p.currency)] ?? 0, p.currency),
                })),
                base + o.at * HOUR,
              );
            }
          }

          const start = base + startDay * DAY;
          const end = start + length * DAY - 1;
          const networth = async (instant: number) =>
            cents((await analytics.balances(owner, instant)).find((b) => b.name === 'networth')?.asset.amount ?? NaN);
          const bridge = await insights.networthBridge(owner, start, end);
          const before = await networth(start - 1);
          const after = await networth(end);
          expect(cents(bridge.start)).toBe(before);
          expect(cents(bridge.end)).toBe(after);
          expect(before + bridge.parts.reduce((sum, p) => sum + cents(p.amount), 0)).toBe(after);
          expect(bridge.parts.filter((p) => p.name === 'fx').every((p) => p.currency !== mainCurrency)).toBe(true);
          // The bridge's conversion costs are those of conversion-costs, rounded from the same sum.
          const costs = await insights.conversionCosts(owner, start, end);
          expect(cents(bridge.parts.find((p) => p.name === 'conversioncost')?.amount ?? NaN)).toBe(
            0 - cents(costs.total),
          );

          // Exposure: each point is holdings at the end of its day (daily here, weekly over 400+ days).
          for (const from of [start, end - 420 * DAY]) {
            const exposure = await insights.exposure(owner, from, end);
            expect(exposure.step).toBe(from === start ? 'day' : 'week');
            for (const i of [exposure.dates.length - 1, Math.floor(exposure.dates.length / 2), 0]) {
              const date = exposure.dates[i] ?? '';
              const held = await analytics.holdings(owner, Date.parse(`${date}T23:59:59.999Z`));
              const value = (code: string) => {
                const h = held.find((x) => x.currency === code);
                return cents(h?.convertedAmount ?? h?.amount ?? 0);
              };
              for (const series of exposure.series)
                expect(cents(series.values[i] ?? NaN), date).toBe(value(series.currency));
              for (const h of held)
                if (h.amount !== 0) expect(exposure.series.map((x) => x.currency)).toContain(h.currency);
            }
          }

          // Lend, be repaid or invest inside the interval: value moves between holdings of one
          // currency, so no part changes. Net worth itself may move by a cent where balances rounds
          // available and loans (or pending) of a currency separately; then exactly that cent shows
          // in that currency's fx, and nothing else moves.
          // After the last fixpoint inside the interval: a fixpoint after the move would state
          // balances that do not know of it, and its error would change by the amount moved.
          const fixInside = [...usedFixTimes].map((h) => base + h * HOUR).filter((x) => x >= start && x <= end);
          const from = Math.max(start, ...fixInside.map((x) => x + 1));
          const hours = Math.floor((end - from) / HOUR);
          if (hours < 1) return;
          await addTx(
            {
              kind: move.kind,
              btype: 'invest',
              currency: move.currency,
              minor: move.minor,
              at: 0,
              isIncome: move.isIncome,
            },
            from + (move.offsetHours % hours) * HOUR,
          );
          const moved = await insights.networthBridge(owner, start, end);
          const drift = cents(moved.end) - cents(bridge.end);
          const movedCurrency = codes[move.currency] ?? mainCurrency;
          expect(cents(moved.start)).toBe(cents(bridge.start));
          expect(cents(moved.end)).toBe(await networth(end));
          if (movedCurrency === mainCurrency) expect(drift).toBe(0);
          const fxOf = (parts: typeof bridge.parts, code: string) =>
            parts.find((p) => p.name === 'fx' && p.currency === code)?.amount ?? 0;
          const key = (p: (typeof bridge.parts)[number]) => `${p.name}|${p.currency ?? ''}`;
          for (const p of new Set([...bridge.parts, ...moved.parts].map(key))) {
            const [name, code = ''] = p.split('|');
            const was = bridge.parts.find((q) => key(q) === p)?.amount ?? 0;
            const now = moved.parts.find((q) => key(q) === p)?.amount ?? 0;
            if (name === 'fx' && code === movedCurrency) expect(cents(now) - cents(was)).toBe(drift);
            else expect(cents(now), p).toBe(cents(was));
          }
          expect(cents(fxOf(moved.parts, movedCurrency)) - cents(fxOf(bridge.parts, movedCurrency))).toBe(
            movedCurrency === mainCurrency ? 0 : drift,
          );
        },
      ),
      { numRuns: 60, seed: 20261126 },
    );
  }, 600_000);
});

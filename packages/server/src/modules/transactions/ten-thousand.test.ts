import { MAX_LIST_ROWS, type Transaction } from '@kassa/contract';
import { findCurrency, utcDayOf, type CurrencyInfo } from '@kassa/money';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { CategoriesService } from '../categories/service.js';
import { LedgerReader } from '../ledger/reader.js';
import { PocketsService } from '../pockets/service.js';
import { bundledRates } from '../rates/bundle.js';
import { RatesRepository } from '../rates/repository.js';
import { RatesService } from '../rates/service.js';
import { TransactionsService } from './service.js';
import { prng } from '../../util/prng.js';

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** Exact rational sum rounded half to even: an independent check of the service's ExactSum. */
function roundedRationalSum(terms: { num: bigint; den: bigint }[]): bigint {
  let num = 0n;
  let den = 1n;
  for (const t of terms) {
    const g = gcd(den, t.den);
    num = num * (t.den / g) + t.num * (den / g);
    den = (den / g) * t.den;
    const r = gcd(num, den);
    if (r > 1n) [num, den] = [num / r, den / r];
  }
  const q = num / den;
  const rem = num - q * den;
  const twice = (rem < 0n ? -rem : rem) * 2n;
  return twice > den || (twice === den && q % 2n !== 0n) ? q + (num < 0n ? -1n : 1n) : q;
}

describeEachDatabase('10,000 transactions through the service', (ctx) => {
  it('lists them newest first, filters them and sums them exactly per currency', async () => {
    const user = await ctx.createUser({ email: 'tenk@example.com', password: 'password-1', mainCurrency: 'HUF' });
    const owner = { id: user.id, mainCurrency: 'HUF' };
    const db = ctx.database.db;
    const currencies = new PocketsService(db);
    for (const code of ['EUR', 'USD', 'JPY']) await currencies.addCurrency(user.id, { currency: code, items: [] });
    const categories = new CategoriesService(db);
    const rates = new RatesService(new RatesRepository(db), bundledRates());
    await rates.load();
    const service = new TransactionsService(db, categories, rates, new LedgerReader(db));
    const all = await categories.list(user.id, 'HUF', {});
    const expense = all.find((c) => c.name === 'Other expense')?.id ?? 0;
    const income = all.find((c) => c.name === 'Other income')?.id ?? 0;
    const loan = (
      await categories.add(user.id, 'HUF', {
        name: 'Loan',
        type: 'loan',
        description: '',
        isActive: true,
        monthlyLimit: null,
      })
    ).id;

    const random = prng(2026);
    const codes = ['HUF', 'EUR', 'USD', 'JPY'];
    const start = Date.UTC(2026, 0, 1);
    type Made = { id: number; categoryId: number; currency: string; minor: bigint; isIncome: boolean; time: number };
    const made: Made[] = [];
    for (let i = 0; i < 10_000; i++) {
      const currency = codes[random(codes.length)] ?? 'HUF';
      const decimals = (findCurrency(currency) as CurrencyInfo).decimals;
      const minor = BigInt(1 + random(500_000));
      const categoryId = [expense, income, loan][random(3)] ?? expense;
      const loanDirection = random(2) === 1;
      // 20 days, whole minutes: many transactions share a time, so the id must break ties.
      const time = start + random(20 * 24 * 60) * 60_000;
      const amount =
        decimals === 0 ? minor.toString() : `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
      const tx = await service.add(owner, {
        amount,
        currency,
        categoryId,
        description: `t${i}`,
        time,
        isIncome: categoryId === loan ? loanDirection : null,
        type: null,
      });
      const isIncome = categoryId === income || (categoryId === loan && loanDirection);
      expect(tx.isIncome).toBe(isIncome);
      made.push({ id: tx.id, categoryId, currency, minor, isIncome, time });
    }

    // Without a limit the list stops at MAX_LIST_ROWS and says there is more; `after` walks on.
    const everyFilter = { categoryIds: [], currencies: [], directions: [], types: [], enteredBy: [] };
    const first = await service.filtered(owner, everyFilter);
    expect(first.rows).toHaveLength(MAX_LIST_ROWS);
    expect(first.more).toBe(true);
    const listed = [...first.rows];
    for (let page = first; page.more;) {
      const tail = page.rows.at(-1) as Transaction;
      page = await service.filtered(owner, { ...everyFilter, after: { time: Date.parse(tail.time), id: tail.id } });
      listed.push(...page.rows);
    }
    const expectedOrder = [...made].sort((a, b) => b.time - a.time || b.id - a.id).map((m) => m.id);
    expect(listed.map((t) => t.id)).toEqual(expectedOrder);

    const week = { start: Date.UTC(2026, 0, 5), end: Date.UTC(2026, 0, 11, 23, 59, 59) };
    const filter = {
      interval: week,
      categoryIds: [expense, loan],
      currencies: ['USD', 'JPY'],
      directions: [false],
      types: [],
      enteredBy: [],
    };
    const matching = made.filter(
      (m) =>
        m.time >= week.start &&
        m.time <= week.end &&
        [expense, loan].includes(m.categoryId) &&
        ['USD', 'JPY'].includes(m.currency) &&
        !m.isIncome,
    );
    expect((await service.filtered(owner, filter)).rows.map((t) => t.id)).toEqual(
      [...matching].sort((a, b) => b.time - a.time || b.id - a.id).map((m) => m.id),
    );

    const huf = findCurrency('HUF') as CurrencyInfo;
    const converter = rates.converter(huf);
    for (const code of codes) {
      const rows = made.filter((m) => m.currency === code);
      // Native: the main currency's own sum is plain integer arithmetic.
      const native = rows.reduce((s, m) => s + (m.isIncome ? m.minor : -m.minor), 0n);
      const terms = rows.map((m) => {
        const f = converter.fraction(m.minor, findCurrency(code) as CurrencyInfo, utcDayOf(m.time));
        return { num: m.isIncome ? f.num : -f.num, den: f.den };
      });
      const sum = await service.convertedSum(owner, {
        categoryIds: [],
        currencies: [code],
        directions: [],
        types: [],
        enteredBy: [],
      });
      const expectedMinor = code === 'HUF' ? native : roundedRationalSum(terms);
      expect(Math.round(sum.amount * 100)).toBe(Number(expectedMinor));
    }
  }, 300_000);
});

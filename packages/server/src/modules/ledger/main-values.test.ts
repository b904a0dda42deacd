import { currencyInfo, ExactSum, findCurrency, minorToMajor } from '@kassa/money';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { prng } from '../../util/prng.js';
import { CategoriesService } from '../categories/service.js';
import { PocketsService } from '../pockets/service.js';
import { bundledRates } from '../rates/bundle.js';
import { RatesRepository } from '../rates/repository.js';
import { RatesService } from '../rates/service.js';
import { FixpointsService } from '../fixpoints/service.js';
import { TransactionsService } from '../transactions/service.js';
import { followRates } from './follow-rates.js';
import { joinScaled, roundScaled, scaledValue, splitScaled } from './main-values.js';
import { LedgerReader } from './reader.js';
import { convertedSums, mainSums as mainSumsOf, type MainSum, type MainSumOptions } from './main-sums.js';

describeEachDatabase('main-currency values of the daily totals', (ctx) => {
  const setup = async (email: string) => {
    const user = await ctx.createUser({ email, password: 'password-1', mainCurrency: 'EUR' });
    const owner = { id: user.id, mainCurrency: 'EUR' };
    const db = ctx.database.db;
    for (const code of ['USD', 'JPY']) await new PocketsService(db).addCurrency(user.id, { currency: code, items: [] });
    const categories = new CategoriesService(db);
    const rates = new RatesService(new RatesRepository(db), bundledRates());
    const ledger = new LedgerReader(db, () => rates.fingerprint());
    followRates(rates, ledger);
    const transactions = new TransactionsService(db, categories, rates, ledger);
    const categoryIds = (await categories.list(user.id, 'EUR', {})).map((c) => c.id);
    return { owner, db, rates, ledger, transactions, categoryIds };
  };

  /** The sum recomputed from the rows: grouped as daily totals, each valued, summed, rounded once. */
  const fromScratch = async (db: typeof ctx.database.db, rates: RatesService, userId: number) => {
    const converter = rates.requireMainConverter('EUR');
    const rows = await db.selectFrom('transactions').selectAll().where('user_id', '=', userId).execute();
    const groups = new Map<string, { day: number; currency: string; amount: bigint; sign: bigint }>();
    const exact = new ExactSum();
    for (const r of rows) {
      const key = [r.day, r.currency, r.category_id, r.business_type, r.is_income].join('|');
      const g = groups.get(key) ?? { day: r.day, currency: r.currency, amount: 0n, sign: r.is_income ? 1n : -1n };
      g.amount += BigInt(r.amount);
      groups.set(key, g);
      const { num, den } = converter.fraction(BigInt(r.amount), currencyInfo(r.currency), r.day);
      exact.add(r.is_income === 1 ? num : -num, den);
    }
    let scaled = 0n;
    for (const g of groups.values()) scaled += g.sign * scaledValue(converter, g.amount, g.currency, g.day);
    return { rounded: minorToMajor(roundScaled(scaled), 2), exact: minorToMajor(exact.rounded(), 2) };
  };

  it('agree with a from-scratch recomputation after random writes, edits, deletes and reports', async () => {
    const { owner, db, rates, transactions, categoryIds } = await setup('values@example.com');
    const random = prng(2026);
    const codes = ['EUR', 'USD', 'JPY'];
    const ids: number[] = [];
    const input = () => {
      const currency = codes[random(3)] ?? 'EUR';
      return {
        amount: (findCurrency(currency)?.decimals ?? 2) === 0 ? 1 + random(99_999) : (1 + random(999_999)) / 100,
        currency,
        categoryId: categoryIds[random(categoryIds.length)] ?? 0,
        description: '',
        time: Date.UTC(2025, random(12), 1 + random(28), random(24)),
        isIncome: random(2) === 1,
        type: null,
      };
    };
    for (let step = 0; step < 250; step++) {
      const op = random(10);
      if (op < 5 || ids.length === 0) ids.push((await transactions.add(owner, input())).id);
      else if (op < 7) await transactions.update(owner, ids[random(ids.length)] ?? 0, input());
      else if (op < 8) await transactions.delete(owner, ids.splice(random(ids.length), 1)[0] ?? 0);
      // Reports in between value some totals, which later writes change again.
      else
        expect(
          (
            await transactions.convertedSum(owner, {
              categoryIds: [],
              currencies: [],
              directions: [],
              types: [],
              enteredBy: [],
            })
          ).currency,
        ).toBe('EUR');
    }
    const sum = await transactions.convertedSum(owner, {
      categoryIds: [],
      currencies: [],
      directions: [],
      types: [],
      enteredBy: [],
    });
    const expected = await fromScratch(db, rates, owner.id);
    expect(sum.amount).toBe(expected.rounded);
    // The stored values round exactly as summing every row's exact value does (to the cent).
    expect(sum.amount).toBe(expected.exact);

    // Every month was rebuilt, and holds exactly the sum of its daily totals' values.
    expect(await db.selectFrom('dirty_months').selectAll().where('user_id', '=', owner.id).execute()).toEqual([]);
    const monthly = await db.selectFrom('monthly_main').selectAll().where('user_id', '=', owner.id).execute();
    const expectedMonthly = new Map<string, bigint>();
    for (const t of await db.selectFrom('daily_totals').selectAll().where('user_id', '=', owner.id).execute()) {
      const key = [t.month, t.category_id, t.kind, t.business_type, t.is_income].join('|');
      expectedMonthly.set(key, (expectedMonthly.get(key) ?? 0n) + joinScaled(t.main_minor ?? 0, t.main_frac ?? 0));
    }
    expect(
      new Map(
        monthly.map((m) => [
          [m.month, m.category_id, m.kind, m.business_type, m.is_income].join('|'),
          joinScaled(m.main_minor, m.main_frac),
        ]),
      ),
    ).toEqual(expectedMonthly);
    // The same per currency (monthly_main_currency, migration 0026).
    const byCurrency = new Map<string, bigint>();
    for (const t of await db.selectFrom('daily_totals').selectAll().where('user_id', '=', owner.id).execute()) {
      const key = [t.month, t.currency, t.kind, t.business_type, t.is_income].join('|');
      byCurrency.set(key, (byCurrency.get(key) ?? 0n) + joinScaled(t.main_minor ?? 0, t.main_frac ?? 0));
    }
    const monthlyByCurrency = await db
      .selectFrom('monthly_main_currency')
      .selectAll()
      .where('user_id', '=', owner.id)
      .execute();
    expect(
      new Map(
        monthlyByCurrency.map((m) => [
          [m.month, m.currency, m.kind, m.business_type, m.is_income].join('|'),
          joinScaled(m.main_minor, m.main_frac),
        ]),
      ),
    ).toEqual(byCurrency);

    // Every stored value is the one its total has now.
    const converter = rates.requireMainConverter('EUR');
    const stored = await db.selectFrom('daily_totals').selectAll().where('user_id', '=', owner.id).execute();
    expect(stored.length).toBeGreaterThan(50);
    for (const t of stored) {
      const { minor, frac } = splitScaled(scaledValue(converter, BigInt(t.amount), t.currency, t.day));
      expect([t.main_minor, t.main_frac].map(Number)).toEqual([Number(minor), Number(frac)]);
    }
  }, 120_000);

  it('roll up a month that a write changes between the check and the rebuild (found under load on PostgreSQL)', async () => {
    // On PostgreSQL (read committed) a write may commit after the roll-up found every total of a
    // month valued and before it sums them: a trigger on monthly_main plays that write here, a new
    // unvalued total of the month and its month's version moved on, exactly where it lands.
    const { owner, db, transactions, categoryIds } = await setup('rollup-race@example.com');
    const time = Date.UTC(2025, 2, 10, 12);
    const base = { currency: 'EUR', description: '', time, isIncome: false, type: null };
    await transactions.add(owner, { ...base, amount: 10, categoryId: categoryIds[0] ?? 0 });
    const all = { categoryIds: [], currencies: [], directions: [], types: [], enteredBy: [] };
    expect((await transactions.convertedSum(owner, all)).amount).toBe(-10);
    await transactions.add(owner, { ...base, amount: 5, categoryId: categoryIds[0] ?? 0 });
    const total = await db
      .selectFrom('daily_totals')
      .selectAll()
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const month = total.month;
    const newTotal = `insert into daily_totals (user_id, day, month, currency, category_id, kind, business_type, is_income, amount, count, main_minor, main_frac)
      select ${owner.id}, ${total.day + 1}, ${month}, 'USD', ${categoryIds[1] ?? 0}, '${total.kind}', '${total.business_type}', 0, 700, 1, null, null
      where not exists (select 1 from daily_totals where user_id = ${owner.id} and currency = 'USD')`;
    const bump = `update dirty_months set version = version + 1 where user_id = ${owner.id} and month = ${month}`;
    if (ctx.dialect === 'postgres') {
      await sql
        .raw(
          `create function race_write() returns trigger language plpgsql as $$ begin ${newTotal}; ${bump}; return null; end $$`,
        )
        .execute(db);
      await sql
        .raw('create trigger race after delete on monthly_main for each statement execute function race_write()')
        .execute(db);
    } else {
      await sql.raw(`create trigger race after delete on monthly_main begin ${newTotal}; ${bump}; end`).execute(db);
    }
    try {
      // The report rebuilds the month while the "write" lands (at every rebuild): no error, and
      // the month stays listed for the next report.
      await transactions.convertedSum(owner, all);
      expect(await db.selectFrom('dirty_months').select('month').where('user_id', '=', owner.id).execute()).toEqual([
        { month },
      ]);
    } finally {
      await sql.raw('drop trigger race' + (ctx.dialect === 'postgres' ? ' on monthly_main' : '')).execute(db);
      if (ctx.dialect === 'postgres') await sql.raw('drop function race_write()').execute(db);
    }
    // The next report values the new total and rebuilds the month with it.
    const usd = await transactions.convertedSum(owner, { ...all, currencies: ['USD'] });
    const sum = await transactions.convertedSum(owner, all);
    expect(sum.amount).toBeCloseTo(-15 + usd.amount, 2);
    expect(await db.selectFrom('dirty_months').select('month').where('user_id', '=', owner.id).execute()).toEqual([]);
  });

  it('value every changed total at once, and roll a month up only when a report reads it whole', async () => {
    const { owner, db, rates, ledger, transactions, categoryIds } = await setup('rollup-lazy@example.com');
    const converter = rates.requireMainConverter('EUR');
    const base = { description: '', isIncome: false, type: null, categoryId: categoryIds[0] ?? 0 };
    const march = Date.UTC(2025, 2, 10, 12);
    const april = Date.UTC(2025, 3, 10, 12);
    await transactions.add(owner, { ...base, amount: 10, currency: 'EUR', time: march });
    await transactions.add(owner, { ...base, amount: 20, currency: 'USD', time: april });
    const all = { categoryIds: [], currencies: [], directions: [], types: [], enteredBy: [] };
    await transactions.convertedSum(owner, all);
    const dirty = () => db.selectFrom('dirty_months').select('month').where('user_id', '=', owner.id).execute();
    const unvalued = () =>
      db
        .selectFrom('daily_totals')
        .select('day')
        .where('user_id', '=', owner.id)
        .where('main_minor', 'is', null)
        .execute();
    expect(await dirty()).toEqual([]);

    await transactions.add(owner, { ...base, amount: 5, currency: 'USD', time: march });
    const [marchMonth] = (await dirty()).map((d) => d.month);
    expect(marchMonth).toBeDefined();
    // A report that reads no month whole (the balances) values the new total and rebuilds nothing.
    await ledger.settle(owner.id, converter);
    expect(await unvalued()).toEqual([]);
    expect(await dirty()).toEqual([{ month: marchMonth }]);
    // Nor does one that reads April whole: March stays listed, read by day.
    const aprilOnly = await ledger.mainSums(owner.id, converter, Date.UTC(2025, 3, 1) - 1, Date.UTC(2025, 4, 1));
    expect(aprilOnly.length).toBe(1);
    expect(await dirty()).toEqual([{ month: marchMonth }]);
    // March read by day while listed, and from its rebuilt roll-up after: the same figures.
    const marchRange = [Date.UTC(2025, 2, 1) - 1, Date.UTC(2025, 3, 1)] as const;
    const fromDays = await mainSumsOf(db, owner.id, converter, ...marchRange);
    const rolled = await ledger.mainSums(owner.id, converter, ...marchRange);
    expect(await dirty()).toEqual([]);
    expect(rolled).toEqual(fromDays);
    expect((await transactions.convertedSum(owner, all)).amount).toBe((await fromScratch(db, rates, owner.id)).rounded);
  });

  it('sum per currency from the per-currency roll-up as from the days, and as valued while read', async () => {
    const { owner, db, rates, ledger, transactions } = await setup('per-currency@example.com');
    const converter = rates.requireMainConverter('EUR');
    // Real transactions take their category's direction.
    const real = await new CategoriesService(db).list(owner.id, 'EUR', {});
    const categoryOf = (isIncome: boolean) => real.find((c) => c.type === 'real' && c.isIncome === isIncome)?.id ?? 0;
    const flows = [
      [10, 'EUR', 3, false],
      [20, 'USD', 9, true],
      [1500, 'JPY', 20, false],
      [7, 'USD', 28, false],
    ] as const;
    for (const [amount, currency, day, isIncome] of flows)
      await transactions.add(owner, {
        amount,
        currency,
        isIncome,
        categoryId: categoryOf(isIncome),
        description: '',
        type: null,
        time: Date.UTC(2025, 2, day, 12),
      });
    const march = [Date.UTC(2025, 2, 1) - 1, Date.UTC(2025, 3, 1)] as const;
    const views: MainSumOptions[] = [{ byCurrency: true }, { filter: { currencies: ['USD', 'JPY'] } }];
    const sorted = (sums: readonly MainSum[] | undefined) =>
      [...(sums ?? [])].sort((a, b) => `${a.currency}|${a.isIncome}`.localeCompare(`${b.currency}|${b.isIncome}`));
    const listed = () => db.selectFrom('dirty_months').select('month').where('user_id', '=', owner.id).execute();
    // Valued but not rolled up: March is read by day while it is listed.
    await ledger.settle(owner.id, converter);
    expect(await listed()).toHaveLength(1);
    const fromDays = [];
    for (const options of views) fromDays.push(sorted(await mainSumsOf(db, owner.id, converter, ...march, options)));
    for (const [i, options] of views.entries()) {
      const rolled = sorted(await ledger.mainSums(owner.id, converter, ...march, options));
      expect(await listed()).toEqual([]);
      expect(rolled).toEqual(fromDays[i]);
      expect(sorted(await convertedSums(db, owner.id, converter, ...march, options))).toEqual(rolled);
    }
    expect(fromDays[0]?.map((g) => g.currency)).toEqual(['EUR', 'JPY', 'USD', 'USD']);
    expect(fromDays[1]?.map((g) => g.isIncome)).toEqual([false, true]);
  });

  it('follow a changed rate of a past day', async () => {
    const { owner, db, rates, transactions, categoryIds } = await setup('rates@example.com');
    const categoryId = categoryIds[0] ?? 0;
    const time = Date.UTC(2025, 5, 10, 12);
    await transactions.add(owner, {
      amount: 100,
      currency: 'USD',
      categoryId,
      description: '',
      time,
      isIncome: true,
      type: null,
    });
    const usdOnly = { categoryIds: [], currencies: ['USD'], directions: [], types: [], enteredBy: [] };
    const before = await transactions.convertedSum(owner, usdOnly);
    // Say the dollar was worth exactly half a euro that day (2 USD per EUR).
    const day = Math.floor(time / 86_400_000);
    await rates.store([{ day, currency: 'USD', rate: '2', source: 'test' }], { keepImports: false });
    const after = await transactions.convertedSum(owner, usdOnly);
    expect(after).not.toEqual(before);
    expect(Math.abs(after.amount)).toBe(50);
    expect(await fromScratch(db, rates, owner.id)).toMatchObject({ rounded: after.amount });
  });

  it('give every fixpoint of a range the error it has alone (errorsBetween)', async () => {
    const { owner, db, ledger, transactions, categoryIds } = await setup('errors@example.com');
    const fixpoints = new FixpointsService(db, ledger, () => Date.UTC(2026, 0, 1));
    const pockets = await new PocketsService(db).list(owner.id);
    const random = prng(17);
    for (let month = 0; month < 12; month++) {
      for (let k = 0; k < 8; k++)
        await transactions.add(owner, {
          amount: 1 + random(500),
          currency: ['EUR', 'USD', 'JPY'][random(3)] ?? 'EUR',
          categoryId: categoryIds[random(categoryIds.length)] ?? 0,
          description: '',
          time: Date.UTC(2025, month, 1 + random(27), random(24)),
          isIncome: random(2) === 1,
          type: null,
        });
      await fixpoints.set(
        owner.id,
        pockets.map((p) => ({ pocketId: p.pocketId, balance: random(2000) })),
        Date.UTC(2025, month, 15, 12),
      );
    }
    const batch = await ledger.errorsBetween(owner.id, Date.UTC(2025, 2, 1), Date.UTC(2025, 9, 31));
    expect(batch).toHaveLength(8);
    for (const { fixpoint, error } of batch) expect(error).toEqual(await ledger.error(owner.id, fixpoint));
  });
});

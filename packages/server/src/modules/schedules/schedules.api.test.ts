import type { PostedOccurrence, Schedule, ScheduleBody, Upcoming } from '@kassa/contract';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { addSchedule, category, quiet, schedulesAt, TestClock, useTimeZone } from '../../test/schedules.js';
import { snapshotTables } from '../../test/snapshot.js';
import { LedgerReader } from '../ledger/reader.js';

// A zone with DST changes on the last Sundays of March and October: the posted dates and times
// must not move with it (they are calendar dates, computed in UTC).
useTimeZone('Europe/Berlin');

const rent = (categoryId: number, extra: Partial<ScheduleBody> = {}): ScheduleBody => ({
  rule: 'FREQ=MONTHLY;BYMONTHDAY=-1',
  start: '2024-01-31',
  mode: 'remind',
  payload: { kind: 'transaction', amount: 500, currency: 'EUR', categoryId, description: 'Rent' },
  ...extra,
});

describe('the test zone', () => {
  it('is one with DST', () => {
    expect(new Date(Date.UTC(2024, 6, 1)).getTimezoneOffset()).toBe(-120);
  });
});

describeEachDatabase('schedules', (ctx) => {
  const rows = async (userId: number) =>
    ctx.database.db
      .selectFrom('transactions')
      .select(['id', 'amount', 'currency', 'time', 'description', 'is_income'])
      .where('user_id', '=', userId)
      .orderBy('time')
      .orderBy('id')
      .execute();
  const iso = (ms: number) => new Date(ms).toISOString();

  it('adds, lists, updates and deletes a schedule', async () => {
    const { client } = await newUser(ctx, 'schedule-crud@example.com');
    const housing = await category(client, 'Housing');
    const added = await addSchedule(client, rent(housing.id, { end: '2099-12-31', weekend: 'before' }));
    expect(added).toMatchObject({
      rule: 'FREQ=MONTHLY;BYMONTHDAY=-1',
      start: '2024-01-31',
      end: '2099-12-31',
      mode: 'remind',
      weekend: 'before',
      payload: {
        kind: 'transaction',
        amount: 500,
        currency: 'EUR',
        categoryId: housing.id,
        description: 'Rent',
        isIncome: false,
        type: null,
      },
    });
    // Every month end since January 2024 is due (remind mode: nothing posts by itself); the oldest first.
    expect(added.due).toBeGreaterThan(20);
    expect(added.next).toBe('2024-01-31');
    expect(okJson<Schedule[]>(await client.get('/api/schedule/getall'))).toEqual([added]);

    const updated = okJson<Schedule>(
      await client.post('/api/schedule/update', {
        id: added.id,
        rule: 'RRULE:FREQ=YEARLY',
        start: '2090-02-28',
        mode: 'post',
        payload: { kind: 'transaction', amount: null, currency: 'EUR', categoryId: housing.id, description: 'Tax' },
      }),
    );
    expect(updated).toMatchObject({
      id: added.id,
      rule: 'RRULE:FREQ=YEARLY',
      start: '2090-02-28',
      end: null,
      mode: 'post',
      weekend: 'as-is',
      next: '2090-02-28',
      due: 0,
      payload: { amount: null, description: 'Tax' },
    });
    expect(okJson<Schedule[]>(await client.get('/api/schedule/getall'))).toEqual([updated]);
    expect((await client.delete(`/api/schedule/delete/${added.id}`)).statusCode).toBe(204);
    expect(okJson<Schedule[]>(await client.get('/api/schedule/getall'))).toEqual([]);
    expectError(await client.delete(`/api/schedule/delete/${added.id}`), 404);
  });

  it('refuses what it cannot post with a 400 naming the field, and writes nothing', async () => {
    const { client } = await newUser(ctx, 'schedule-invalid@example.com');
    const housing = await category(client, 'Housing');
    okJson(await client.post('/api/currency/add', { currency: 'JPY' }));
    const before = await snapshotTables(ctx.database);
    const refused = async (body: unknown, message: string) =>
      expectError(await client.post('/api/schedule/add', body), 400, message);
    await refused(rent(housing.id, { rule: 'FREQ=SOMETIMES' }), 'rule:');
    await refused(rent(housing.id, { rule: 'FREQ=HOURLY' }), 'rule: must have FREQ');
    await refused(rent(housing.id, { rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }), 'rule: yields no date');
    await refused(rent(housing.id, { end: '2024-01-01' }), 'end: must not be before start');
    await refused(rent(housing.id, { start: '2024-02-30' }), 'start: must be a date');
    await refused(rent(housing.id, { mode: 'often' as never }), 'mode:');
    await refused(
      rent(housing.id, {
        payload: { kind: 'transaction', amount: 1.005, currency: 'EUR', categoryId: housing.id, description: '' },
      }),
      'payload.amount:',
    );
    await refused(
      rent(housing.id, {
        payload: { kind: 'transaction', amount: 5, currency: 'CHF', categoryId: housing.id, description: '' },
      }),
      'payload.currency: CHF is not one of your currencies',
    );
    await refused(
      rent(housing.id, {
        payload: {
          kind: 'conversion',
          fromAmount: 10,
          fromCurrency: 'EUR',
          toAmount: 1.5,
          toCurrency: 'JPY',
          description: '',
        },
      }),
      'payload.toAmount:',
    );
    await refused(
      rent(housing.id, {
        payload: {
          kind: 'conversion',
          fromAmount: 10,
          fromCurrency: 'EUR',
          toAmount: null,
          toCurrency: 'JPY',
          description: '',
        },
      }),
      'payload.toAmount: must be set together with fromAmount',
    );
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it("answers 404 for another user's schedule and category, and changes nothing of theirs", async () => {
    const owner = await newUser(ctx, 'schedule-owner@example.com');
    const other = await newUser(ctx, 'schedule-other@example.com');
    const housing = await category(owner.client, 'Housing');
    const mine = await addSchedule(owner.client, rent(housing.id));
    const before = await snapshotTables(ctx.database);
    expectError(await other.client.post('/api/schedule/add', rent(housing.id)), 404);
    expectError(await other.client.post('/api/schedule/update', { id: mine.id, ...rent(housing.id) }), 404);
    expectError(await other.client.delete(`/api/schedule/delete/${mine.id}`), 404);
    expectError(await other.client.post(`/api/schedule/confirm/${mine.id}`, { occurrence: '2024-01-31' }), 404);
    expectError(await other.client.post(`/api/schedule/skip/${mine.id}`, { occurrence: '2024-01-31' }), 404);
    expect(okJson<Schedule[]>(await other.client.get('/api/schedule/getall'))).toEqual([]);
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('confirms and skips one occurrence at a time: 409 the second time, 400 for a date the rule lacks', async () => {
    const { client, userId } = await newUser(ctx, 'schedule-confirm@example.com');
    const housing = await category(client, 'Housing');
    // 2024-03-31 is a Sunday (and Berlin's spring change): with "after" it posts on Monday 1 April.
    const s = await addSchedule(client, rent(housing.id, { weekend: 'after' }));
    const posted = okJson<PostedOccurrence>(
      await client.post(`/api/schedule/confirm/${s.id}`, { occurrence: '2024-03-31' }),
    );
    expect(posted.kind).toBe('transaction');
    expect((await rows(userId)).map((r) => ({ ...r, time: iso(r.time) }))).toEqual([
      {
        id: posted.id,
        amount: 50000,
        currency: 'EUR',
        time: '2024-04-01T12:00:00.000Z',
        description: 'Rent',
        is_income: 0,
      },
    ]);
    const before = await snapshotTables(ctx.database);
    expectError(
      await client.post(`/api/schedule/confirm/${s.id}`, { occurrence: '2024-03-31' }),
      409,
      'occurrence: 2024-03-31 of schedule',
    );
    expectError(await client.post(`/api/schedule/skip/${s.id}`, { occurrence: '2024-03-31' }), 409, 'already posted');
    expectError(
      await client.post(`/api/schedule/confirm/${s.id}`, { occurrence: '2024-03-30' }),
      400,
      'occurrence: 2024-03-30 is not a date of schedule',
    );
    expectError(await client.post(`/api/schedule/skip/${s.id}`, { occurrence: '2023-12-31' }), 400, 'occurrence:');
    expectError(await client.post(`/api/schedule/confirm/${s.id}`, { occurrence: '2024-02-30' }), 400, 'occurrence:');
    expectError(
      await client.post(`/api/schedule/confirm/${s.id}`, { occurrence: '2024-04-30', fromAmount: 3 }),
      400,
      'fromAmount:',
    );
    expect(await snapshotTables(ctx.database)).toEqual(before);

    expect((await client.post(`/api/schedule/skip/${s.id}`, { occurrence: '2024-01-31' })).statusCode).toBe(204);
    expectError(await client.post(`/api/schedule/skip/${s.id}`, { occurrence: '2024-01-31' }), 409, 'already skipped');
    expectError(
      await client.post(`/api/schedule/confirm/${s.id}`, { occurrence: '2024-01-31' }),
      409,
      'already skipped',
    );
    // Edited for this posting only: amount, description and day.
    const edited = okJson<PostedOccurrence>(
      await client.post(`/api/schedule/confirm/${s.id}`, {
        occurrence: '2024-02-29',
        amount: '480+20.5',
        description: 'Rent and fee',
        date: '2024-03-02',
      }),
    );
    const stored = (await rows(userId)).find((r) => r.id === edited.id);
    expect(stored).toMatchObject({
      amount: 50050,
      description: 'Rent and fee',
      time: Date.parse('2024-03-02T12:00:00Z'),
    });
    const [after] = okJson<Schedule[]>(await client.get('/api/schedule/getall'));
    // January skipped, February and March posted: April's end is next.
    expect(after?.next).toBe('2024-04-30');
  });

  it('asks for the amount of an "ask each time" schedule, and posts conversions', async () => {
    const { client, userId } = await newUser(ctx, 'schedule-ask@example.com');
    const power = await category(client, 'Power');
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    const ask = await addSchedule(
      client,
      rent(power.id, {
        rule: 'FREQ=MONTHLY;BYMONTHDAY=15',
        start: '2024-01-15',
        mode: 'post',
        payload: { kind: 'transaction', amount: null, currency: 'EUR', categoryId: power.id, description: 'Power' },
      }),
    );
    expectError(
      await client.post(`/api/schedule/confirm/${ask.id}`, { occurrence: '2024-01-15' }),
      400,
      'amount: is required',
    );
    expect(await rows(userId)).toEqual([]);
    const power1 = okJson<PostedOccurrence>(
      await client.post(`/api/schedule/confirm/${ask.id}`, { occurrence: '2024-01-15', amount: 61.07 }),
    );
    expect((await rows(userId))[0]).toMatchObject({ id: power1.id, amount: 6107 });

    const exchange = await addSchedule(client, {
      rule: 'FREQ=WEEKLY',
      start: '2024-01-01',
      mode: 'remind',
      payload: {
        kind: 'conversion',
        fromAmount: 100,
        fromCurrency: 'EUR',
        toAmount: 108.5,
        toCurrency: 'USD',
        description: 'Cash',
      },
    });
    expectError(
      await client.post(`/api/schedule/confirm/${exchange.id}`, { occurrence: '2024-01-08', amount: 3 }),
      400,
      'amount:',
    );
    const converted = okJson<PostedOccurrence>(
      await client.post(`/api/schedule/confirm/${exchange.id}`, { occurrence: '2024-01-08', toAmount: 109 }),
    );
    expect(converted.kind).toBe('conversion');
    const conversion = await ctx.database.db
      .selectFrom('conversions')
      .selectAll()
      .where('id', '=', converted.id)
      .executeTakeFirstOrThrow();
    expect(conversion).toMatchObject({
      from_amount: 10000,
      to_amount: 10900,
      time: Date.parse('2024-01-08T12:00:00Z'),
    });
  });

  it('posts one occurrence once when many confirms race', async () => {
    const { client, userId } = await newUser(ctx, 'schedule-race@example.com');
    const housing = await category(client, 'Housing');
    const s = await addSchedule(client, rent(housing.id));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => client.post(`/api/schedule/confirm/${s.id}`, { occurrence: '2024-05-31' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await rows(userId)).toHaveLength(1);
  });

  it('the job posts due occurrences across a month end, a leap day and both DST changes, once', async () => {
    const { client, userId } = await newUser(ctx, 'schedule-job@example.com');
    const housing = await category(client, 'Housing');
    const salary = await category(client, 'Salary', true);
    const monthly = await addSchedule(client, rent(housing.id, { mode: 'post' }));
    // Every Sunday through both DST changes of 2024 (31 March, 27 October), moved to Monday.
    const weekly = await addSchedule(client, {
      rule: 'FREQ=WEEKLY;BYDAY=SU',
      start: '2024-03-24',
      end: '2024-11-03',
      mode: 'post',
      weekend: 'after',
      payload: {
        kind: 'transaction',
        amount: 10.25,
        currency: 'EUR',
        categoryId: salary.id,
        description: 'Pocket money',
      },
    });
    // Remind and "ask each time" schedules are never posted by the job.
    await addSchedule(client, rent(housing.id));
    await addSchedule(
      client,
      rent(housing.id, {
        mode: 'post',
        payload: { kind: 'transaction', amount: null, currency: 'EUR', categoryId: housing.id, description: 'Ask' },
      }),
    );
    const clock = new TestClock(Date.parse('2024-03-01T00:30:00Z'));
    const job = await schedulesAt(ctx.database.db, clock);
    const owner = { id: userId, mainCurrency: 'EUR' };

    // 1 March: January's and the leap day's rent.
    expect(await job.postDue(quiet)).toMatchObject({ posted: 2, failed: 0 });
    expect(await job.postDue(quiet)).toMatchObject({ posted: 0, failed: 0 });
    expect((await rows(userId)).map((r) => iso(r.time))).toEqual([
      '2024-01-31T12:00:00.000Z',
      '2024-02-29T12:00:00.000Z',
    ]);
    // 1 April, the Monday after the spring change: March's rent and the Sundays of 24 and 31 March.
    clock.set('2024-04-01T00:00:00Z');
    expect(await job.postDue(quiet)).toMatchObject({ posted: 3, failed: 0 });
    // 4 November: the rent of April to October and 33 Sundays, 27 October's (the autumn change) on 28 October.
    clock.set('2024-11-04T23:59:59Z');
    expect(await job.postDue(quiet)).toMatchObject({ posted: 7 + 31, failed: 0 });
    const posted = await rows(userId);
    const times = posted.map((r) => iso(r.time));
    expect(times).toContain('2024-10-28T12:00:00.000Z');
    expect(times).toContain('2024-04-01T12:00:00.000Z');
    expect(times).toContain('2024-11-04T12:00:00.000Z');
    expect(times.every((t) => t.endsWith('T12:00:00.000Z'))).toBe(true);
    expect(posted.filter((r) => r.description === 'Pocket money')).toHaveLength(33);
    expect(posted.filter((r) => r.description === 'Rent')).toHaveLength(10);
    // Balances: ten rents out, 33 × 10.25 in, exact.
    const available = await new LedgerReader(ctx.database.db).available(userId, clock.now());
    expect(available.get('EUR')).toBe(-10n * 50000n + 33n * 1025n);
    // The job's schedules show nothing due; the remind and ask-each-time ones still do.
    const list = await job.list(owner);
    expect(list.find((s) => s.id === monthly.id)).toMatchObject({ due: 0, next: '2024-11-30' });
    expect(list.find((s) => s.id === weekly.id)).toMatchObject({ due: 0, next: null });
    expect(list.filter((s) => s.due > 0)).toHaveLength(2);
  });

  it('upcoming lists due and coming occurrences with the projected balance after each', async () => {
    const { client, userId } = await newUser(ctx, 'schedule-upcoming@example.com');
    const housing = await category(client, 'Housing');
    const salary = await category(client, 'Salary', true);
    okJson(await client.post('/api/currency/add', { currency: 'USD' }));
    okJson(
      await client.post('/api/transaction/add', {
        amount: 1000,
        currency: 'EUR',
        categoryId: salary.id,
        time: '2026-11-01T08:00:00Z',
        description: 'Salary',
      }),
    );
    // Today is Thursday 26 November 2026.
    const clock = new TestClock(Date.parse('2026-11-26T10:00:00Z'));
    const service = await schedulesAt(ctx.database.db, clock);
    const owner = { id: userId, mainCurrency: 'EUR' };
    const a = await addSchedule(client, {
      rule: 'FREQ=MONTHLY;BYMONTHDAY=25',
      start: '2026-10-25', // a Sunday: posted on Friday 23 October
      mode: 'remind',
      weekend: 'before',
      payload: { kind: 'transaction', amount: 300, currency: 'EUR', categoryId: housing.id, description: 'Rent' },
    });
    const b = await addSchedule(client, {
      rule: 'FREQ=WEEKLY',
      start: '2026-11-27',
      mode: 'post',
      payload: { kind: 'transaction', amount: 100, currency: 'EUR', categoryId: salary.id, description: 'Side job' },
    });
    const c = await addSchedule(client, {
      rule: 'FREQ=MONTHLY;BYMONTHDAY=1',
      start: '2026-12-01',
      mode: 'remind',
      payload: {
        kind: 'conversion',
        fromAmount: 200,
        fromCurrency: 'EUR',
        toAmount: 210.5,
        toCurrency: 'USD',
        description: 'Dollars',
      },
    });
    const d = await addSchedule(client, {
      rule: 'FREQ=MONTHLY',
      start: '2026-12-10',
      mode: 'remind',
      payload: { kind: 'transaction', amount: null, currency: 'EUR', categoryId: housing.id, description: 'Power' },
    });
    const upcoming = await service.upcoming(owner, 30);
    // By hand: EUR 1000, USD 0 today; then each item in date order (schedule id within a day).
    expect(upcoming.today).toBe('2026-11-26');
    expect(upcoming.available).toEqual([
      { currency: 'EUR', amount: 1000 },
      { currency: 'USD', amount: 0 },
    ]);
    const brief = upcoming.items.map((i) => [i.scheduleId, i.occurrence, i.date, i.due, i.balances]);
    expect(brief).toEqual([
      [a.id, '2026-10-25', '2026-10-23', true, [{ currency: 'EUR', amount: 700 }]],
      [a.id, '2026-11-25', '2026-11-25', true, [{ currency: 'EUR', amount: 400 }]],
      [b.id, '2026-11-27', '2026-11-27', false, [{ currency: 'EUR', amount: 500 }]],
      [
        c.id,
        '2026-12-01',
        '2026-12-01',
        false,
        [
          { currency: 'EUR', amount: 300 },
          { currency: 'USD', amount: 210.5 },
        ],
      ],
      [b.id, '2026-12-04', '2026-12-04', false, [{ currency: 'EUR', amount: 400 }]],
      [d.id, '2026-12-10', '2026-12-10', false, []],
      [b.id, '2026-12-11', '2026-12-11', false, [{ currency: 'EUR', amount: 500 }]],
      [b.id, '2026-12-18', '2026-12-18', false, [{ currency: 'EUR', amount: 600 }]],
      [a.id, '2026-12-25', '2026-12-25', false, [{ currency: 'EUR', amount: 300 }]],
      [b.id, '2026-12-25', '2026-12-25', false, [{ currency: 'EUR', amount: 400 }]],
    ]);
    expect(upcoming.items[0]).toMatchObject({ mode: 'remind', payload: { kind: 'transaction', amount: 300 } });
    // Skipping the overdue one takes it off the list and out of every projection.
    await service.skip(owner, a.id, '2026-10-25');
    const after = await service.upcoming(owner, 1);
    expect(after.items.map((i) => [i.occurrence, i.balances])).toEqual([
      ['2026-11-25', [{ currency: 'EUR', amount: 700 }]],
      ['2026-11-27', [{ currency: 'EUR', amount: 800 }]],
    ]);
    // The route answers the same shape (its clock is the real one) and checks days.
    expect(okJson<Upcoming>(await client.post('/api/schedule/upcoming', { days: 7 }))).toHaveProperty('items');
    expectError(await client.post('/api/schedule/upcoming', { days: 0 }), 400, 'days:');
    expectError(await client.post('/api/schedule/upcoming', { days: 367 }), 400, 'days:');
  });
});

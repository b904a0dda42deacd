import type { BackupDocument, PostedOccurrence, Schedule } from '@kassa/contract';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { addSchedule, category } from '../../test/schedules.js';
import { snapshotTables } from '../../test/snapshot.js';

const backupOf = async (client: TestClient) => okJson<BackupDocument>(await client.get('/api/backup/get'));
const restore = (client: TestClient, doc: unknown, replace = false) =>
  client.post(`/api/backup/restore${replace ? '?replace=true' : ''}`, doc);
const withoutTime = (doc: BackupDocument) => ({ ...doc, exportedAt: '', members: doc.members.map((m) => m.key) });

describeEachDatabase('schedules in backups', (ctx) => {
  it('round-trips schedules with their posted and skipped occurrences', async () => {
    const source = await newUser(ctx, 'schedule-backup@example.com');
    const housing = await category(source.client, 'Housing');
    okJson(await source.client.post('/api/currency/add', { currency: 'USD' }));
    const rent = await addSchedule(source.client, {
      rule: 'FREQ=MONTHLY;BYMONTHDAY=-1',
      start: '2024-01-31',
      end: '2030-12-31',
      mode: 'remind',
      weekend: 'before',
      payload: { kind: 'transaction', amount: 812.4, currency: 'EUR', categoryId: housing.id, description: 'Rent' },
    });
    const dollars = await addSchedule(source.client, {
      rule: 'FREQ=WEEKLY;INTERVAL=2',
      start: '2024-01-01',
      mode: 'post',
      payload: {
        kind: 'conversion',
        fromAmount: null,
        fromCurrency: 'EUR',
        toAmount: null,
        toCurrency: 'USD',
        description: '',
      },
    });
    const posted = okJson<PostedOccurrence>(
      await source.client.post(`/api/schedule/confirm/${rent.id}`, { occurrence: '2024-03-31' }),
    );
    expect((await source.client.post(`/api/schedule/skip/${rent.id}`, { occurrence: '2024-01-31' })).statusCode).toBe(
      204,
    );
    okJson(
      await source.client.post(`/api/schedule/confirm/${dollars.id}`, {
        occurrence: '2024-01-15',
        fromAmount: 100,
        toAmount: 108.25,
      }),
    );
    const doc = await backupOf(source.client);
    expect(doc.version).toBe(5);
    expect(doc.schedules).toEqual([
      {
        rule: 'FREQ=MONTHLY;BYMONTHDAY=-1',
        start: '2024-01-31',
        end: '2030-12-31',
        mode: 'remind',
        weekend: 'before',
        payload: {
          kind: 'transaction',
          categoryKey: doc.categories.findIndex((c) => c.name === 'Housing') + 1,
          isIncome: false,
          businessType: null,
          amount: '812.4',
          currency: 'EUR',
          description: 'Rent',
        },
        occurrences: [
          { occurrence: '2024-01-31', status: 'skipped', postedDate: null, transaction: null, conversion: null },
          // 31 March 2024 is a Sunday: posted on Friday 29 March.
          { occurrence: '2024-03-31', status: 'posted', postedDate: '2024-03-29', transaction: 0, conversion: null },
        ],
      },
      {
        rule: 'FREQ=WEEKLY;INTERVAL=2',
        start: '2024-01-01',
        end: null,
        mode: 'post',
        weekend: 'as-is',
        payload: {
          kind: 'conversion',
          fromAmount: null,
          fromCurrency: 'EUR',
          toAmount: null,
          toCurrency: 'USD',
          description: '',
        },
        occurrences: [
          { occurrence: '2024-01-15', status: 'posted', postedDate: '2024-01-15', transaction: null, conversion: 0 },
        ],
      },
    ]);
    expect(doc.transactions[0]).toMatchObject({ amount: '812.4', time: '2024-03-29T12:00:00.000Z' });
    expect(posted.kind).toBe('transaction');

    const target = await newUser(ctx, 'schedule-restore@example.com');
    expect(okJson(await restore(target.client, doc))).toMatchObject({ schedules: 2, transactions: 1, conversions: 1 });
    expect(withoutTime(await backupOf(target.client))).toEqual(withoutTime(doc));
    // The restored schedules know what was posted and skipped: nothing posts twice.
    const restored = okJson<Schedule[]>(await target.client.get('/api/schedule/getall'));
    const original = okJson<Schedule[]>(await source.client.get('/api/schedule/getall'));
    // Equal but for ids (the category's too).
    const shape = (s: Schedule) => ({ ...s, id: 0, payload: { ...s.payload, categoryId: 0 } });
    expect(restored.map(shape)).toEqual(original.map(shape));
    const restoredRent = restored[0]?.id ?? 0;
    expectError(await target.client.post(`/api/schedule/confirm/${restoredRent}`, { occurrence: '2024-03-31' }), 409);
    expectError(await target.client.post(`/api/schedule/confirm/${restoredRent}`, { occurrence: '2024-01-31' }), 409);
  });

  it('refuses a schedule it could not add with a 400 naming the path, and writes nothing', async () => {
    const source = await newUser(ctx, 'schedule-bad-backup@example.com');
    const housing = await category(source.client, 'Housing');
    await addSchedule(source.client, {
      rule: 'FREQ=MONTHLY',
      start: '2024-01-05',
      mode: 'remind',
      payload: { kind: 'transaction', amount: 10, currency: 'EUR', categoryId: housing.id, description: '' },
    });
    const doc = await backupOf(source.client);
    const target = await newUser(ctx, 'schedule-bad-target@example.com');
    const before = await snapshotTables(ctx.database);
    const [schedule] = doc.schedules;
    if (schedule === undefined) throw new Error('the schedule is in the backup');
    const broken = (change: object) => ({ ...doc, schedules: [{ ...schedule, ...change }] });
    expectError(await restore(target.client, broken({ rule: 'FREQ=NEVER' })), 400, 'schedules.0.rule:');
    expectError(
      await restore(target.client, broken({ payload: { ...schedule.payload, categoryKey: 99 } })),
      400,
      'schedules.0.payload.categoryKey: no category has key 99',
    );
    expectError(
      await restore(target.client, broken({ payload: { ...schedule.payload, amount: '1.001' } })),
      400,
      'schedules.0.payload.amount:',
    );
    expectError(
      await restore(
        target.client,
        broken({
          occurrences: [
            { occurrence: '2024-02-05', status: 'posted', postedDate: '2024-02-05', transaction: 7, conversion: null },
          ],
        }),
      ),
      400,
      'schedules.0.occurrences.0.transaction: there is no transaction at index 7',
    );
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });
});

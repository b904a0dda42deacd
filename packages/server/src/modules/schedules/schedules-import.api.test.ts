import type { ImportCommitResult, ImportPreview } from '@kassa/contract';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { addSchedule, category } from '../../test/schedules.js';
import { multipart } from '../../test/upload.js';

// An imported row that pays a pending reminder confirms that occurrence instead of standing as a
// second row beside a later confirm (docs/DECISIONS.md, Scheduled entries: 4 days, 5 %).

const STATEMENT = [
  'Date,Payee,Description,Amount',
  '2026-03-03,Hausverwaltung,Miete März,-790.00', // rent 800 posted Monday 2 March: 1 day, 1.25 % off
  '2026-03-03,Stadtwerke München,Strom März,-61.00', // "ask each time" on the 3rd: any amount
  '2026-03-05,Café Central,Coffee,-3.50', // the gym's 100 on the 5th is 96.5 % off
  '2026-03-31,ACME GmbH,Salary March,2500.00', // no income reminder
  '2026-03-31,Hausverwaltung,Miete April,-800.00', // April's rent, due Wednesday 1 April: a day early
].join('\n');

async function preview(client: TestClient, pocketId: number): Promise<ImportPreview> {
  const { payload, extra } = await multipart({ name: 'march.csv', content: STATEMENT }, { pocketId });
  return okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
}

describeEachDatabase('import confirms scheduled reminders', (ctx) => {
  it('previews which rows confirm a reminder, commits them as its posting, and undo makes it pending again', async () => {
    const { client, userId } = await newUser(ctx, 'schedule-import@example.com');
    const [pocket] = okJson<{ pocketId: number }[]>(await client.get('/api/pocket/getall'));
    const housing = await category(client, 'Housing');
    const power = await category(client, 'Power');
    const gym = await category(client, 'Gym');
    const rent = await addSchedule(client, {
      rule: 'FREQ=MONTHLY;BYMONTHDAY=1',
      start: '2026-01-01',
      mode: 'remind',
      weekend: 'after', // 1 March 2026 is a Sunday
      payload: { kind: 'transaction', amount: 800, currency: 'EUR', categoryId: housing.id, description: 'Rent' },
    });
    const strom = await addSchedule(client, {
      rule: 'FREQ=MONTHLY;BYMONTHDAY=3',
      start: '2026-01-03',
      mode: 'remind',
      payload: { kind: 'transaction', amount: null, currency: 'EUR', categoryId: power.id, description: 'Power' },
    });
    await addSchedule(client, {
      rule: 'FREQ=MONTHLY;BYMONTHDAY=5',
      start: '2026-01-05',
      mode: 'remind',
      payload: { kind: 'transaction', amount: 100, currency: 'EUR', categoryId: gym.id, description: 'Gym' },
    });
    // The same rent in post mode posts itself: never matched by an import.
    await addSchedule(client, {
      rule: 'FREQ=MONTHLY;BYMONTHDAY=1',
      start: '2026-03-01',
      mode: 'post',
      payload: { kind: 'transaction', amount: 800, currency: 'EUR', categoryId: housing.id, description: 'Rent 2' },
    });

    const shown = await preview(client, pocket?.pocketId ?? 0);
    expect(shown.rows.map((r) => [r.line, r.status, r.schedule ?? null])).toEqual([
      [
        2,
        'new',
        { scheduleId: rent.id, occurrence: '2026-03-01', date: '2026-03-02', amount: '800.00', description: 'Rent' },
      ],
      [
        3,
        'new',
        { scheduleId: strom.id, occurrence: '2026-03-03', date: '2026-03-03', amount: null, description: 'Power' },
      ],
      [4, 'new', null],
      [5, 'new', null],
      [
        6,
        'new',
        { scheduleId: rent.id, occurrence: '2026-04-01', date: '2026-04-01', amount: '800.00', description: 'Rent' },
      ],
    ]);
    // The schedule's category, where no rule chose one.
    expect(shown.rows[0]?.categoryId).toBe(housing.id);
    expect(shown.rows[1]?.categoryId).toBe(power.id);

    // April's is declined: that row is imported as a row of its own, the occurrence stays pending.
    const committed = okJson<ImportCommitResult>(
      await client.post(`/api/import/commit/${shown.batchId}`, { rows: [{ line: 6, schedule: false }] }),
    );
    expect(committed.imported).toBe(5);
    const occurrences = await ctx.database.db
      .selectFrom('schedule_occurrences')
      .innerJoin('transactions', 'transactions.id', 'schedule_occurrences.transaction_id')
      .select([
        'schedule_occurrences.occurrence',
        'schedule_occurrences.status',
        'transactions.amount',
        'transactions.category_id',
      ])
      .where('schedule_occurrences.user_id', '=', userId)
      .orderBy('transactions.amount')
      .execute();
    expect(occurrences).toEqual([
      { occurrence: '2026-03-03', status: 'posted', amount: 6100, category_id: power.id },
      { occurrence: '2026-03-01', status: 'posted', amount: 79000, category_id: housing.id },
    ]);
    // Confirmed by the import: a confirm now would be a second row.
    expectError(
      await client.post(`/api/schedule/confirm/${rent.id}`, { occurrence: '2026-03-01' }),
      409,
      'already posted',
    );

    okJson(await client.post(`/api/import/undo/${shown.batchId}`, {}));
    expect(
      await ctx.database.db.selectFrom('schedule_occurrences').selectAll().where('user_id', '=', userId).execute(),
    ).toEqual([]);
    okJson(await client.post(`/api/schedule/confirm/${rent.id}`, { occurrence: '2026-03-01' }));
  });
});

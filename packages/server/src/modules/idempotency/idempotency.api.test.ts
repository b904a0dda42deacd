import { expect, it } from 'vitest';
import { sharedBook } from '../../test/books.js';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase, type ApiContext } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';
import { IDEMPOTENCY_KEEP_MS, IDEMPOTENCY_STALE_MS } from './hooks.js';
import { IdempotencyRepository } from './repository.js';

const keyed = (key: string, more: Record<string, string> = {}) => ({ headers: { 'idempotency-key': key, ...more } });

async function rowsOf(ctx: ApiContext, table: 'transactions' | 'conversions', userId: number): Promise<number> {
  const row = await ctx.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

async function setup(ctx: ApiContext, email: string) {
  const { client, userId } = await newUser(ctx, email);
  const categories = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall'));
  const expense = categories.find((c) => c.name === 'Other expense')?.id ?? 0;
  const lunch = {
    amount: '12.50',
    currency: 'EUR',
    categoryId: expense,
    time: '2026-11-20T12:00:00Z',
    description: 'lunch',
  };
  return { client, userId, lunch };
}

const add = (client: TestClient, body: object, key?: string) =>
  client.post('/api/transaction/add', body, key === undefined ? undefined : keyed(key));

describeEachDatabase('Idempotency-Key on writes (issue 36)', (ctx) => {
  it('answers a replay with the first answer and writes nothing more', async () => {
    const { client, userId, lunch } = await setup(ctx, 'replay@example.com');
    const first = await add(client, lunch, 'offline-1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = await snapshotTables(ctx.database);
    const again = await add(client, lunch, 'offline-1');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(await snapshotTables(ctx.database)).toEqual(before);
    expect(await rowsOf(ctx, 'transactions', userId)).toBe(1);
    // Without a key, or with another one, each request writes.
    okJson(await add(client, lunch));
    okJson(await add(client, lunch, 'offline-2'));
    expect(await rowsOf(ctx, 'transactions', userId)).toBe(3);
  });

  it('refuses the same key with another body or path (422) and writes nothing', async () => {
    const { client, lunch } = await setup(ctx, 'reused@example.com');
    okJson(await add(client, lunch, 'k-1'));
    const before = await snapshotTables(ctx.database);
    const other = await add(client, { ...lunch, amount: '13' }, 'k-1');
    expectError(other, 422, 'Idempotency-Key: was used before for a different request');
    expect(other.json<{ type: string }>().type).toBe('idempotency_key_reused');
    expectError(
      await client.post(
        '/api/conversion/add',
        { fromAmount: 1, fromCurrency: 'EUR', toAmount: 1, toCurrency: 'EUR' },
        keyed('k-1'),
      ),
      422,
    );
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('keeps an error answer too: its replay is the same refusal', async () => {
    const { client, lunch } = await setup(ctx, 'refused@example.com');
    const bad = await add(client, { ...lunch, categoryId: 999_999 }, 'bad-1');
    expect(bad.statusCode).toBe(404);
    const before = await snapshotTables(ctx.database);
    const again = await add(client, { ...lunch, categoryId: 999_999 }, 'bad-1');
    expect([again.statusCode, again.body]).toEqual([bad.statusCode, bad.body]);
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('keys are per book: another book with the same key writes its own', async () => {
    const a = await setup(ctx, 'book-a@example.com');
    const b = await setup(ctx, 'book-b@example.com');
    okJson(await add(a.client, a.lunch, 'shared-key'));
    okJson(await add(b.client, b.lunch, 'shared-key'));
    expect(await rowsOf(ctx, 'transactions', a.userId)).toBe(1);
    expect(await rowsOf(ctx, 'transactions', b.userId)).toBe(1);
  });

  it('a refused request claims nothing: a viewer’s write answers 403 each time', async () => {
    const owner = await setup(ctx, 'keys-owner@example.com');
    const viewer = await newUser(ctx, 'keys-viewer@example.com');
    const { headers } = await sharedBook(ctx, owner, viewer, 'keys-viewer@example.com', 'viewer');
    for (let i = 0; i < 2; i++)
      expectError(await viewer.client.post('/api/transaction/add', owner.lunch, keyed('v-1', headers)), 403);
    expect(await ctx.database.db.selectFrom('idempotency_keys').selectAll().where('key', '=', 'v-1').execute()).toEqual(
      [],
    );
  });

  it('refuses a malformed key and a keyed file upload, writing nothing', async () => {
    const { client, lunch } = await setup(ctx, 'malformed@example.com');
    const before = await snapshotTables(ctx.database);
    for (const key of ['', 'x'.repeat(256), 'kulcs-ő', 'two words'])
      expectError(await add(client, lunch, key), 400, 'Idempotency-Key: must be 1 to 255 visible ASCII characters');
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });

  it('two copies at once: one writes, the other waits its turn (409 Retry-After) or gets the answer', async () => {
    const { client, userId, lunch } = await setup(ctx, 'race@example.com');
    const answers = await Promise.all([
      add(client, lunch, 'race-1'),
      add(client, lunch, 'race-1'),
      add(client, lunch, 'race-1'),
    ]);
    for (const res of answers) {
      if (res.statusCode === 409) {
        expect(res.json<{ type: string }>().type).toBe('idempotency_in_progress');
        expect(res.headers['retry-after']).toBe('1');
      } else expect(res.statusCode).toBe(200);
    }
    expect(answers.some((r) => r.statusCode === 200 && r.headers['idempotent-replayed'] === undefined)).toBe(true);
    expect(await rowsOf(ctx, 'transactions', userId)).toBe(1);
    const replay = await add(client, lunch, 'race-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await rowsOf(ctx, 'transactions', userId)).toBe(1);
  });

  it('runs a request whose first copy never finished once the claim is stale', async () => {
    const { client, userId, lunch } = await setup(ctx, 'stale@example.com');
    const keys = new IdempotencyRepository(ctx.database.db);
    const res = await add(client, lunch, 'warm-up');
    const hash = (
      await ctx.database.db
        .selectFrom('idempotency_keys')
        .select('request_hash')
        .where('key', '=', 'warm-up')
        .executeTakeFirstOrThrow()
    ).request_hash;
    // The same request claimed by an instance that died mid-way, long ago.
    await keys.claim(userId, 'died', hash, Date.now() - IDEMPOTENCY_STALE_MS - 1000);
    const after = await add(client, lunch, 'died');
    expect(after.statusCode).toBe(res.statusCode);
    expect(await rowsOf(ctx, 'transactions', userId)).toBe(2);
    // A fresh unfinished claim is not taken over.
    await keys.claim(userId, 'running', hash, Date.now());
    expectError(await add(client, lunch, 'running'), 409);
    expect(await rowsOf(ctx, 'transactions', userId)).toBe(2);
  });

  it('keeps keys 7 days: the prune deletes only older ones', async () => {
    const { userId } = await setup(ctx, 'prune@example.com');
    const keys = new IdempotencyRepository(ctx.database.db);
    const now = Date.now();
    await keys.claim(userId, 'old', 'h', now - IDEMPOTENCY_KEEP_MS - 1);
    await keys.claim(userId, 'young', 'h', now - IDEMPOTENCY_KEEP_MS + 60_000);
    expect(await keys.prune(now - IDEMPOTENCY_KEEP_MS)).toBeGreaterThanOrEqual(1);
    expect(await keys.find(userId, 'old')).toBeUndefined();
    expect(await keys.find(userId, 'young')).toBeDefined();
  });
});

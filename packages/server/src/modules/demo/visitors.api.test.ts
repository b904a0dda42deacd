import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { ApiContext } from '../../test/harness.js';
import { describeEachDatabase } from '../../test/harness.js';
import type { TestClient } from '../../test/client.js';
import { expectError, okJson } from '../../test/ledger.js';
import { DemoService } from './service.js';

const DAY = 86_400_000;
const DEMO = { maxVisitors: 50, maxPerIpPerHour: 1000 };

/** A visitor's click on "Try the demo!": a client holding the new demo user's token. */
async function visit(ctx: ApiContext): Promise<TestClient & { userId: number }> {
  const client = ctx.client();
  const res = await client.post('/api/auth/demo-login');
  if (res.statusCode !== 200) throw new Error(`demo login failed: ${res.statusCode} ${res.body}`);
  client.token = res.json<{ token: string }>().token;
  const payload = JSON.parse(Buffer.from(client.token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string };
  return Object.assign(client, { userId: Number(payload.sub) });
}

/** How many rows of each table hold the user's id (every table with a user_id column). */
async function rowsOf(ctx: ApiContext, userId: number): Promise<Record<string, number>> {
  const db = ctx.database.db;
  const tables =
    ctx.dialect === 'postgres'
      ? (
          await sql<{ name: string }>`select table_name as name from information_schema.columns
            where column_name = 'user_id' and table_schema = current_schema()`.execute(db)
        ).rows.map((r) => r.name)
      : (
          await sql<{ name: string }>`select m.name from sqlite_master m, pragma_table_info(m.name) c
            where m.type = 'table' and c.name = 'user_id'`.execute(db)
        ).rows.map((r) => r.name);
  const counts: Record<string, number> = {};
  for (const table of [...new Set(tables)].sort()) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
      where user_id = ${userId}`.execute(db);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).execute();
  counts['users'] = user.length;
  return counts;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describeEachDatabase(
  'demo visitors',
  (ctx) => {
    it('publishes no demo password, only that the demo is there and how long its books last', async () => {
      const config = okJson<{ demo: unknown }>(await ctx.app.inject({ method: 'GET', url: '/api/config' }));
      expect(config.demo).toEqual({ hours: 24 });
    });

    it('gives every demo login a user and books of its own, even two at once', async () => {
      const [a, b] = await Promise.all([visit(ctx), visit(ctx)]);
      expect(a.userId).not.toBe(b.userId);
      for (const client of [a, b])
        expect(okJson<{ role: string; regComplete: boolean }>(await client.get('/api/account/userinfo'))).toMatchObject(
          { role: 'DEMO', regComplete: true },
        );
      const rowsA = okJson<{ id: number; description: string }[]>(await a.post('/api/transaction/getfiltered', {}));
      const rowsB = okJson<{ id: number; description: string }[]>(await b.post('/api/transaction/getfiltered', {}));
      // The same sample books, each in rows of its own.
      expect(rowsA.length).toBeGreaterThan(300);
      expect(rowsB.map((r) => r.description)).toEqual(rowsA.map((r) => r.description));
      expect(rowsB.filter((r) => rowsA.some((x) => x.id === r.id))).toEqual([]);

      // One visitor's 777 € is theirs alone (issue 32).
      const [category] = okJson<{ id: number }[]>(await a.get('/api/category/getall?type=real'));
      okJson(
        await a.post('/api/transaction/add', {
          amount: 777,
          currency: 'EUR',
          categoryId: category?.id ?? 0,
          description: 'Visitor A was here',
          time: new Date().toISOString(),
        }),
      );
      const seen = async (client: TestClient) =>
        okJson<{ description: string }[]>(await client.post('/api/transaction/getfiltered', {})).filter(
          (r) => r.description === 'Visitor A was here',
        ).length;
      expect(await seen(a)).toBe(1);
      expect(await seen(b)).toBe(0);
      // A visitor after them starts from the sample books too.
      expect(await seen(await visit(ctx))).toBe(0);
    });

    it('refuses account-level changes to every visitor (403 demo)', async () => {
      const visitor = await visit(ctx);
      const demo = { type: 'demo', message: 'Not allowed for the demo user' };
      const changepass = await visitor.post('/api/account/changepass', {
        oldPassword: 'whatever-1',
        newPassword: 'Another-pass-1',
      });
      expect(changepass.statusCode).toBe(403);
      expect(changepass.json()).toEqual(demo);
      expectError(await visitor.get('/api/account/getreferral'), 403, demo.message);
      const [category] = okJson<{ id: number }[]>(await visitor.get('/api/category/getall?type=real'));
      expectError(
        await visitor.post('/api/rule/add', { match: 'contains', pattern: 'x', categoryId: category?.id ?? 0 }),
        403,
        demo.message,
      );
      expectError(await visitor.delete(`/api/category/delete/${category?.id ?? 0}`), 403, demo.message);
      expectError(await visitor.get('/api/account/sessions'), 403, demo.message);
    });

    it('removes visitors a day old with every row of theirs, at the cleanup job', async () => {
      const visitor = await visit(ctx);
      const created = Date.now();
      const member = await ctx.createUser({ email: 'member@kassa.test', password: 'password-123' });
      // A DEMO user made otherwise (the CLI's --role DEMO) is no visitor: it stays.
      const keeper = await ctx.createUser({ email: 'keeper@kassa.test', password: 'password-123', role: 'DEMO' });
      const before = await rowsOf(ctx, visitor.userId);
      expect(before['transactions']).toBeGreaterThan(300);
      expect(before['sessions']).toBe(1);

      const service = (at: number) => new DemoService(ctx.database.db, DEMO, () => at);
      // Not yet a day old: kept.
      await service(created + DAY - 60_000).removeExpired();
      expect(total(await rowsOf(ctx, visitor.userId))).toBe(total(before));
      okJson(await visitor.get('/api/account/userinfo'));

      const removed = await service(created + DAY + 60_000).removeExpired();
      expect(removed).toBeGreaterThanOrEqual(1);
      const after = await rowsOf(ctx, visitor.userId);
      expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
      expect((await visitor.get('/api/account/userinfo')).statusCode).toBe(401);
      for (const user of [member, keeper]) expect((await rowsOf(ctx, user.id))['users']).toBe(1);
    });
  },
  { demo: DEMO },
);

describeEachDatabase(
  'demo visitors past the cap',
  (ctx) => {
    it('keeps at most DEMO_MAX_VISITORS, the oldest visitor going first', async () => {
      const first = await visit(ctx);
      const second = await visit(ctx);
      const third = await visit(ctx);
      const visitors = await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'DEMO')
        // Visitors expire; the household's second person (Sam) stays for every next visitor.
        .where('demo_expires_at', 'is not', null)
        .orderBy('id')
        .execute();
      expect(visitors.map((v) => v.id)).toEqual([second.userId, third.userId]);
      expect((await first.get('/api/account/userinfo')).statusCode).toBe(401);
      expect(total(await rowsOf(ctx, first.userId))).toBe(0);
      for (const client of [second, third]) okJson(await client.get('/api/account/userinfo'));
    });

    it('limits demo logins per IP', async () => {
      const client = ctx.client();
      const address = { remoteAddress: '10.9.8.7' };
      for (let i = 0; i < 3; i++)
        expect((await client.post('/api/auth/demo-login', undefined, address)).statusCode).toBe(200);
      const res = await client.post('/api/auth/demo-login', undefined, address);
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    });
  },
  { demo: { maxVisitors: 2, maxPerIpPerHour: 3 } },
);

describeEachDatabase('no demo', (ctx) => {
  it('has no demo login when the demo is off', async () => {
    expect(okJson<{ demo: unknown }>(await ctx.app.inject({ method: 'GET', url: '/api/config' })).demo).toBeNull();
    expect((await ctx.client().post('/api/auth/demo-login')).statusCode).toBe(404);
  });
});

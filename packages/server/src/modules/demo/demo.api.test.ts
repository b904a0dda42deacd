import { expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { describeEachDatabase } from '../../test/harness.js';
import { LedgerReader } from '../ledger/reader.js';
import type { TestClient } from '../../test/client.js';
import { expectError, okJson } from '../../test/ledger.js';

const DEMO = { maxVisitors: 50, maxPerIpPerHour: 1000 };
const DAY = 86_400_000;

/** "Try the demo!": POST auth/demo-login makes a visitor of its own; the client keeps its token. */
async function tryTheDemo(client: TestClient): Promise<number> {
  const res = await client.post('/api/auth/demo-login');
  if (res.statusCode !== 200) throw new Error(`demo login failed: ${res.statusCode} ${res.body}`);
  client.token = res.json<{ token: string }>().token;
  const payload = Buffer.from(client.token.split('.')[1] ?? '', 'base64url').toString();
  return Number((JSON.parse(payload) as { sub: string }).sub);
}

/** The lowest end-of-day cash of each currency over the demo's history (rows, conversions, fixpoints). */
async function lowestBalances(db: Kysely<DB>, userId: number): Promise<Map<string, number>> {
  const reader = new LedgerReader(db);
  const lowest = new Map<string, number>();
  const times: number[] = [];
  for (let t = Date.now() - 19 * 31 * DAY; t < Date.now(); t += DAY) times.push(Math.floor(t / DAY) * DAY + DAY - 1);
  for (const available of await reader.availableAt(userId, times))
    for (const [currency, minor] of available)
      lowest.set(currency, Math.min(lowest.get(currency) ?? Infinity, Number(minor)));
  return lowest;
}

describeEachDatabase(
  'demo',
  (ctx) => {
    it('is advertised by GET /api/config and seeded with years of multi-currency data', async () => {
      expect(okJson(await ctx.app.inject({ method: 'GET', url: '/api/config' }))).toMatchObject({
        version: '1.10.8',
        demo: { hours: 24 },
        captchaSiteKey: null,
        supportEmail: 'help@kassa.test',
      });
      const client = ctx.client();
      const userId = await tryTheDemo(client);
      expect(okJson<{ role: string; regComplete: boolean }>(await client.get('/api/account/userinfo'))).toMatchObject({
        role: 'DEMO',
        regComplete: true,
      });
      // A visitor reads the demo in their own language and formats (issue 36).
      expect(
        okJson(await client.post('/api/account/preferences', { language: 'hu', numberFormat: 'space_comma' })),
      ).toMatchObject({ language: 'hu', numberFormat: 'space_comma' });
      const rows = okJson<{ currency: string; rowType: string; description: string; amount: number; time: string }[]>(
        await client.post('/api/transaction/getfiltered', {}),
      );
      expect(rows.length).toBeGreaterThan(300);
      expect(new Set(rows.map((r) => r.currency))).toEqual(new Set(['EUR', 'USD', 'HUF']));
      expect(new Set(rows.map((r) => r.rowType))).toEqual(new Set(['transaction', 'loan', 'invest']));
      // About 18 months, ending today, nothing in the future.
      const times = rows.map((r) => Date.parse(r.time));
      const now = Date.now();
      expect(Math.max(...times)).toBeLessThanOrEqual(now);
      expect(Math.max(...times)).toBeGreaterThan(now - 4 * DAY);
      expect(Math.min(...times)).toBeGreaterThan(now - 19 * 31 * DAY);
      expect(Math.min(...times)).toBeLessThan(now - 17 * 28 * DAY);
      // A household: a monthly salary, rent, groceries; amounts fit their currency.
      for (const text of ['Monthly salary', 'Rent for the flat', 'Weekly shop', 'Invoice paid by Northwind Inc.'])
        expect(rows.filter((r) => r.description === text).length, text).toBeGreaterThan(10);
      const dinners = rows.filter((r) => r.description.startsWith('Dinner'));
      expect(dinners.filter((d) => (d.currency === 'HUF' ? d.amount < 6000 : d.amount >= 100))).toEqual([]);
      // A loan given and repaid in full, and a newer one still open.
      const anna = rows.filter((r) => r.description.includes('Anna')).reduce((s, r) => s + r.amount, 0);
      expect(anna).toBe(3000);
      const loans = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall?type=loan'));
      const annaId = loans.find((l) => l.name === 'Loan to Anna')?.id ?? 0;
      expect(okJson<{ balance: number }>(await client.get(`/api/loan/${annaId}`)).balance).toBe(0);
      const all = { start: '2000-01-01T00:00:00Z', end: '2100-01-01T00:00:00Z' };
      // Conversions each way: dollars home, forints for the visits.
      const conversions = okJson<{ fromCurrency: string; toCurrency: string }[]>(
        await client.post('/api/conversion/getbetween', all),
      );
      expect(new Set(conversions.map((v) => `${v.fromCurrency}>${v.toCurrency}`))).toEqual(
        new Set(['USD>EUR', 'EUR>HUF']),
      );
      // The opening fixpoint and quarterly ones, off by a little.
      const fixpoints = okJson<{ id: number; time: string }[]>(await client.post('/api/fixpoint/getbetween', all));
      expect(fixpoints.length).toBeGreaterThanOrEqual(5);
      const opening = fixpoints.reduce((a, b) => (a.time < b.time ? a : b));
      // A recent one: the dashboard shows no stale-fixpoint warning.
      const latest = fixpoints.reduce((a, b) => (a.time > b.time ? a : b));
      expect(now - Date.parse(latest.time)).toBeLessThan(10 * DAY);
      for (const f of fixpoints.filter((f) => f !== opening)) {
        const detail = okJson<{ errors: { currency: string; error: number }[] }>(
          await client.get(`/api/fixpoint/getbyid/${f.id}`),
        );
        for (const e of detail.errors)
          expect(Math.abs(e.error), e.currency).toBeLessThanOrEqual(e.currency === 'HUF' ? 2000 : 20);
      }
      const today = JSON.stringify(new Date().toISOString());
      const json = { headers: { 'content-type': 'application/json' } };
      const balances = okJson<{ name: string; asset: { amount: number } }[]>(
        await client.post('/api/analytics/balances', today, json),
      );
      expect(balances.find((b) => b.name === 'loaned')?.asset.amount).toBeGreaterThan(0);
      expect(balances.find((b) => b.name === 'businesspending')?.asset.amount).not.toBe(0);
      // Money in every currency: the holdings pie has a slice for each.
      const holdings = okJson<{ currency: string; amount: number }[]>(
        await client.post('/api/analytics/holdings', today, json),
      );
      expect(holdings.map((h) => h.currency).sort()).toEqual(['EUR', 'HUF', 'USD']);
      for (const h of holdings) expect(h.amount, h.currency).toBeGreaterThan(0);
      // Every day of its history too, in every currency.
      const lowest = await lowestBalances(ctx.database.db, userId);
      for (const [currency, minor] of lowest) expect(minor, currency).toBeGreaterThan(0);
    });

    it('is a two-person household: Sam shares the book, its costs are split, and settle-up adds up', async () => {
      const client = ctx.client();
      const visitor = await tryTheDemo(client);
      const members = okJson<{ members: { userId: number; name: string; role: string }[] }>(
        await client.get('/api/book/members'),
      ).members;
      expect(members.map((m) => [m.name, m.role])).toEqual([
        ['Demo User', 'owner'],
        ['Sam Okafor', 'editor'],
      ]);
      const sam = members[1]?.userId ?? 0;
      const rows = okJson<{ createdBy: { userId: number } | null; paidBy?: number; shares?: unknown[] }[]>(
        await client.post('/api/transaction/getfiltered', { enteredBy: [sam] }),
      );
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.every((r) => r.createdBy?.userId === sam && r.paidBy === sam && r.shares?.length === 2)).toBe(true);
      const year = { start: new Date(Date.now() - 400 * DAY).toISOString(), end: new Date().toISOString() };
      const settled = okJson<{
        expenses: number;
        members: { userId: number; main: { paid: number; share: number; balance: number } }[];
        transfers: { fromUserId: number; toUserId: number }[];
        settlements: unknown[];
      }>(await client.post('/api/analytics/settle-up', { interval: year }));
      expect(settled.expenses).toBeGreaterThan(15);
      expect(settled.settlements).toHaveLength(1);
      const cents = settled.members.map((m) => Math.round(m.main.balance * 100));
      expect(cents.reduce((a, b) => a + b, 0)).toBe(0);
      // The visitor paid two of every three shared costs: Sam owes them.
      expect(settled.transfers).toEqual([expect.objectContaining({ fromUserId: sam, toUserId: visitor })]);
      // A second visitor gets the same Sam, in a book of their own.
      const other = ctx.client();
      await tryTheDemo(other);
      const theirs = okJson<{ members: { userId: number }[] }>(await other.get('/api/book/members')).members;
      expect(theirs[1]?.userId).toBe(sam);
    });

    it('has scheduled entries of its own, so the dashboard shows what is coming', async () => {
      const client = ctx.client();
      const demoUser = await tryTheDemo(client);
      const schedules = okJson<
        {
          id: number;
          start: string;
          next: string | null;
          due: number;
          payload: { kind: string; description: string; amount: number | null };
        }[]
      >(await client.get('/api/schedule/getall'));
      expect(schedules.length).toBeGreaterThanOrEqual(4);
      // Stored as this visitor's (each visitor has schedules of its own).
      const stored = await ctx.database.db
        .selectFrom('schedules')
        .select(['id', 'user_id'])
        .where('user_id', '=', demoUser)
        .execute();
      expect(stored.map((s) => s.id).sort()).toEqual(schedules.map((s) => s.id).sort());
      const descriptions = schedules.map((s) => s.payload.description);
      for (const text of ['Monthly salary', 'Rent for the flat']) expect(descriptions).toContain(text);
      // They begin after today's history: nothing due, nothing that repeats a drawn row.
      const today = new Date().toISOString().slice(0, 10);
      for (const s of schedules) {
        expect(s.start > today, s.payload.description).toBe(true);
        expect(s.due, s.payload.description).toBe(0);
        expect(s.next, s.payload.description).not.toBeNull();
      }
      // Bence's instalments stop when his loan is paid back.
      const loans = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall?type=loan'));
      const benceId = loans.find((l) => l.name === 'Loan to Bence')?.id ?? 0;
      const owed = okJson<{ balance: number }>(await client.get(`/api/loan/${benceId}`)).balance;
      const instalments = okJson<{ rule: string; payload: { description: string; amount: number | null } }[]>(
        await client.get('/api/schedule/getall'),
      ).find((s) => s.payload.description === 'Bence paid back');
      if (owed > 0) {
        const count = Number(/COUNT=(\d+)/.exec(instalments?.rule ?? '')?.[1]);
        expect(count * (instalments?.payload.amount ?? 0)).toBe(owed);
      } else expect(instalments).toBeUndefined();
      // The next 30 days (the dashboard's Upcoming card) hold most of the monthly entries, each after today.
      const upcoming = okJson<{ items: { date: string; payload: { description: string } }[] }>(
        await client.post('/api/schedule/upcoming', { days: 30 }),
      );
      expect(upcoming.items.length).toBeGreaterThanOrEqual(schedules.length - 1);
      for (const item of upcoming.items) {
        expect(descriptions).toContain(item.payload.description);
        expect(item.date > today, item.payload.description).toBe(true);
      }
      // Another user sees none of them.
      await ctx.createUser({ email: 'neighbour@kassa.test', password: 'password-123', mainCurrency: 'EUR' });
      const other = ctx.client();
      await other.login('neighbour@kassa.test', 'password-123');
      expect(okJson<unknown[]>(await other.get('/api/schedule/getall'))).toEqual([]);
    });

    it('has category rules of its own, which the demo user may not change', async () => {
      const client = ctx.client();
      await tryTheDemo(client);
      const rules = okJson<{ id: number; match: string; pattern: string; categoryId: number }[]>(
        await client.get('/api/rule/getall'),
      );
      expect(new Set(rules.map((r) => r.match))).toEqual(new Set(['contains', 'regex']));
      const [first] = rules;
      const body = { match: 'regex', pattern: '(a+)+$', categoryId: first?.categoryId ?? 0 };
      expectError(await client.post('/api/rule/add', body), 403, 'Not allowed for the demo user');
      expectError(await client.post('/api/rule/update', { ...body, id: first?.id ?? 0 }), 403);
      expect(okJson<unknown[]>(await client.get('/api/rule/getall'))).toEqual(rules);
    });

    it("refuses deleting categories and fixpoints; a visitor's change is not the next visitor's", async () => {
      const client = ctx.client();
      await tryTheDemo(client);
      const [category] = okJson<{ id: number }[]>(await client.get('/api/category/getall?type=real'));
      const res = await client.delete(`/api/category/delete/${category?.id ?? 0}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ type: 'demo', message: 'Not allowed for the demo user' });
      const last = okJson<{ id: number }>(await client.get('/api/fixpoint/getlast'));
      expectError(await client.delete(`/api/fixpoint/delete/${last.id}`), 403);

      // A visitor's change stays in their own books: the next visitor starts from the sample.
      okJson(await client.post('/api/category/add', { name: 'Visitor was here', type: 'real', isIncome: false }));
      expect(okJson<{ name: string }[]>(await client.get('/api/category/getall')).map((c) => c.name)).toContain(
        'Visitor was here',
      );
      const again = ctx.client();
      await tryTheDemo(again);
      expect(okJson<{ name: string }[]>(await again.get('/api/category/getall')).map((c) => c.name)).not.toContain(
        'Visitor was here',
      );
    });
  },
  { demo: DEMO },
);

import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, okJson } from '../../test/ledger.js';
import { resetDemo } from './seed.js';

const DEMO = { email: 'demo@kassa.test', password: 'demo-password-1' };

describeEachDatabase(
  'demo',
  (ctx) => {
    it('is advertised by GET /api/config and seeded with years of multi-currency data', async () => {
      expect(okJson(await ctx.app.inject({ method: 'GET', url: '/api/config' }))).toEqual({
        version: '1.10.8',
        demo: DEMO,
        captchaSiteKey: null,
        supportEmail: 'help@kassa.test',
      });
      const client = ctx.client();
      await client.login(DEMO.email, DEMO.password);
      expect(okJson<{ role: string; regComplete: boolean }>(await client.get('/api/account/userinfo'))).toMatchObject({
        role: 'DEMO',
        regComplete: true,
      });
      const rows = okJson<{ currency: string; rowType: string; description: string; amount: number }[]>(
        await client.post('/api/transaction/getfiltered', {}),
      );
      expect(rows.length).toBeGreaterThan(500);
      expect(new Set(rows.map((r) => r.currency))).toEqual(new Set(['EUR', 'USD', 'HUF']));
      expect(new Set(rows.map((r) => r.rowType))).toEqual(new Set(['transaction', 'loan', 'invest']));
      // Amounts fit their currency: dinners cost thousands of forints or tens of euros.
      const dinners = rows.filter((r) => r.description === 'Dinner');
      expect(dinners.length).toBeGreaterThan(10);
      expect(dinners.filter((d) => (d.currency === 'HUF' ? d.amount < 6000 : d.amount >= 100))).toEqual([]);
      expect(
        okJson<unknown[]>(
          await client.post('/api/fixpoint/getbetween', { start: '2000-01-01T00:00:00Z', end: '2100-01-01T00:00:00Z' }),
        ).length,
      ).toBeGreaterThan(8);
      const balances = okJson<{ name: string; asset: { amount: number } }[]>(
        await client.post('/api/analytics/balances', JSON.stringify(new Date().toISOString()), {
          headers: { 'content-type': 'application/json' },
        }),
      );
      expect(balances.find((b) => b.name === 'loaned')?.asset.amount).not.toBe(0);
    });

    it('refuses deleting categories and fixpoints, and is rebuilt by a reset', async () => {
      const client = ctx.client();
      await client.login(DEMO.email, DEMO.password);
      const [category] = okJson<{ id: number }[]>(await client.get('/api/category/getall?type=real'));
      const res = await client.delete(`/api/category/delete/${category?.id ?? 0}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ type: 'demo', message: 'Not allowed for the demo user' });
      const last = okJson<{ id: number }>(await client.get('/api/fixpoint/getlast'));
      expectError(await client.delete(`/api/fixpoint/delete/${last.id}`), 403);

      // A visitor's change disappears with the next reset.
      okJson(await client.post('/api/category/add', { name: 'Visitor was here', type: 'real', isIncome: false }));
      await resetDemo(ctx.database.db, DEMO, Date.now());
      const again = ctx.client();
      await again.login(DEMO.email, DEMO.password);
      expect(okJson<{ name: string }[]>(await again.get('/api/category/getall')).map((c) => c.name)).not.toContain(
        'Visitor was here',
      );
    });
  },
  { demo: DEMO },
);

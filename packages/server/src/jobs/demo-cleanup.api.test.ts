import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { okJson } from '../test/ledger.js';
import { DemoService } from '../modules/demo/service.js';
import { demoCleanup } from './index.js';

const DAY = 86_400_000;
const DEMO = { maxVisitors: 50, maxPerIpPerHour: 1000 };
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describeEachDatabase(
  'the demo cleanup job',
  (ctx) => {
    it('removes visitors a day old, once per tick across instances', async () => {
      const client = ctx.client();
      const res = await client.post('/api/auth/demo-login');
      expect(res.statusCode).toBe(200);
      client.token = res.json<{ token: string }>().token;
      const created = Date.now();
      // Visitors expire; the household's second person (Sam) stays for the next visitor.
      const visitors = () =>
        ctx.database.db
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'DEMO')
          .where('demo_expires_at', 'is not', null)
          .execute();
      expect(await visitors()).toHaveLength(1);

      let now = created + 3_600_000;
      const clock = () => now;
      // Two instances on the database, each with its job.
      const [a, b] = [0, 1].map(() =>
        demoCleanup(ctx.database.db, new DemoService(ctx.database.db, DEMO, clock), log, clock),
      ) as [() => Promise<boolean>, () => Promise<boolean>];
      // An hour later: the tick runs on one instance, and the visitor stays.
      expect([await a(), await b()]).toEqual([true, false]);
      expect(await visitors()).toHaveLength(1);
      okJson(await client.get('/api/account/userinfo'));

      // A day and an hour later: gone, by whichever instance claimed the tick.
      now = created + DAY + 3_600_000;
      expect([await b(), await a()]).toEqual([true, false]);
      expect(await visitors()).toEqual([]);
      expect((await client.get('/api/account/userinfo')).statusCode).toBe(401);
    });
  },
  { demo: DEMO },
);

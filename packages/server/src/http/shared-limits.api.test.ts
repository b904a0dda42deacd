import { randomBytes } from 'node:crypto';
import { CSRF_COOKIE } from '@kassa/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/database.js';
import { CompleteUserFactory } from '../modules/account/complete-user.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';
import { createTestTarget, testDialects } from '../test/databases.js';

// Two instances on one database and one Redis (127.0.0.1:6379, as on every machine of this kind):
// a client's login attempts count together whichever instance answers.

const REDIS_URL = 'redis://127.0.0.1:6379';
const CSRF = 'c'.repeat(43);

for (const dialect of testDialects) {
  describe(`limits shared through Redis by two instances [${dialect}]`, () => {
    const apps: FastifyInstance[] = [];
    const databases: Database[] = [];
    let drop: () => Promise<void>;
    beforeAll(async () => {
      const created = await createTestTarget(dialect);
      drop = created.drop;
      const config = testConfig({
        database: created.target,
        redisUrl: REDIS_URL,
        trustProxyHops: 1,
        loginLimits: { maxPerIp: 4, maxFailuresPerEmailIp: 100, maxFailuresPerEmail: 100, windowMs: 60_000 },
      });
      for (let i = 0; i < 2; i++) {
        const database = openDatabase(created.target);
        databases.push(database);
        apps.push(await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, logger: false }));
      }
      await new CompleteUserFactory(databases[0]?.db ?? (undefined as never)).createComplete({
        email: 'shared@example.com',
        password: 'password-1',
        mainCurrency: 'EUR',
      });
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await drop();
    });

    it('counts login attempts from one address on both instances together', async () => {
      // A fresh address per run: counts of earlier runs stay in Redis for the window.
      const ip = `10.${randomBytes(3).join('.')}`;
      const login = (app: FastifyInstance | undefined) =>
        app?.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'x-forwarded-for': ip, 'content-type': 'application/json', 'x-xsrf-token': CSRF },
          cookies: { [CSRF_COOKIE]: CSRF },
          payload: { email: 'shared@example.com', password: 'wrong-password' },
        });
      const [a, b] = apps;
      const statuses: (number | undefined)[] = [];
      for (const app of [a, b, a, b]) statuses.push((await login(app))?.statusCode);
      expect(statuses).toEqual([401, 401, 401, 401]);
      // The fifth attempt is refused by whichever instance gets it; alone, each would allow four.
      const fifth = await login(a);
      expect(fifth?.statusCode).toBe(429);
      expect(fifth?.json()).toMatchObject({ type: 'rate_limited' });
      expect((await login(b))?.statusCode).toBe(429);
    });
  });
}

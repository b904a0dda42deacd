import { CSRF_COOKIE } from '@kassa/contract';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';

// The server's own memory under the heavy user, apart from the benchmark's seed data: run as a
// child process on the benchmark's SQLite file, it serves every call a user's screens make over
// the whole history (reports over ten years, the lists unfiltered, the converted sum) and prints
// its peak resident set size as JSON. `analytics.ts` starts it after seeding.
const [file, email, password] = process.argv.slice(2);
if (file === undefined || email === undefined || password === undefined)
  throw new Error('usage: server-memory.ts <sqlite file> <email> <password>');

const database = openDatabase({ kind: 'sqlite', file });
const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET, logger: false });
const csrf = 'm'.repeat(43);
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  cookies: { [CSRF_COOKIE]: csrf },
  headers: { 'x-xsrf-token': csrf },
  payload: { email, password },
});
const { token } = login.json<{ token: string }>();
const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': csrf, 'content-type': 'application/json' },
    cookies: { [CSRF_COOKIE]: csrf },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
};

const end = new Date(Date.UTC(2026, 9, 31)).toISOString();
const interval = { start: new Date(Date.UTC(2016, 9, 31)).toISOString(), end };
const all = { start: '1900-01-01T00:00:00Z', end: '2199-12-31T23:59:59Z' };
for (let round = 0; round < 3; round++) {
  await call('POST', '/api/analytics/balances', JSON.stringify(end));
  await call('POST', '/api/analytics/holdings', JSON.stringify(end));
  await call('POST', '/api/analytics/cashflow', interval);
  await call('POST', '/api/analytics/oneperiod', { interval, direction: false });
  await call('POST', '/api/analytics/multiperiod', { interval, direction: false });
  await call('POST', '/api/analytics/balance-history', interval);
  await call('POST', '/api/transaction/getconvertedsum', { directions: [false] });
  await call('POST', '/api/transaction/getfiltered', {});
  await call('POST', '/api/conversion/getbetween', all);
  await call('POST', '/api/fixpoint/getbetween', all);
  const categories = (await call('GET', '/api/category/getall')).json<{ id: number; type: string }[]>();
  for (const c of categories) {
    await call('GET', `/api/transaction/getallincat/${c.id}`);
    if (c.type === 'loan' || c.type === 'business') await call('GET', `/api/${c.type}/${c.id}`);
  }
}
await app.close();
await database.close();
console.log(JSON.stringify({ peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) }));

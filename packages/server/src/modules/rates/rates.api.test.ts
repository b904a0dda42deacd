import { dayFromIso, isoFromDay, utcDayOf } from '@kassa/money';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closedPortUrl, FeedServer } from '../../test/feed-server.js';
import { ECB_XML } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/harness.js';
import { snapshotTables } from '../../test/snapshot.js';
import { UserCurrenciesRepository } from '../currencies/repository.js';
import { bundledRates } from './bundle.js';
import { currencyApiProvider } from './providers/currency-api.js';
import { ecbProvider } from './providers/ecb.js';
import { refreshRates } from './refresh.js';
import { RatesRepository } from './repository.js';
import { RatesService } from './service.js';

const day = (iso: string) => dayFromIso(iso) ?? Number.NaN;
const silent = { info: () => undefined, warn: () => undefined };

describeEachDatabase('exchange rates: refresh and stored rows', (ctx) => {
  const feed = new FeedServer();
  beforeAll(() => feed.start());
  afterAll(() => feed.stop());

  const service = () => new RatesService(new RatesRepository(ctx.database.db), bundledRates());
  const providers = () => [ecbProvider(feed.url('/ecb.xml'), 500), currencyApiProvider(feed.url('/eur.json'), 500)];

  it('stores the ECB feed, and a fresh service sees the stored days over the bundle', async () => {
    feed.answers.set('/ecb.xml', { body: ECB_XML });
    const rates = service();
    await rates.load();
    const result = await refreshRates(rates, providers(), silent);
    expect(result).toEqual({
      ok: true,
      provider: 'ecb',
      rows: 4,
      firstDay: '2026-11-19',
      lastDay: '2026-11-20',
      failures: [],
    });

    const reopened = service();
    await reopened.load();
    const usd = reopened.table().position('USD', day('2026-11-20'));
    expect(usd && reopened.table().leg('USD', usd)).toEqual({
      currency: 'USD',
      day: '2026-11-20',
      rate: '1.0577',
      source: 'ecb',
    });
  });

  it('falls back to the second provider when the ECB answers garbage, then is empty, then is unreachable', async () => {
    feed.answers.set('/eur.json', { body: JSON.stringify({ date: '2026-11-21', eur: { usd: 1.06, gbp: 0.84 } }) });
    for (const answer of [{ body: '<html>oops</html>' }, { body: '' }, { status: 500, body: 'error' }]) {
      feed.answers.set('/ecb.xml', answer);
      const result = await refreshRates(service(), providers(), silent);
      expect(result.ok && result.provider).toBe('currency-api');
      expect(result.failures).toHaveLength(1);
    }
    const closed = await refreshRates(service(), [ecbProvider(await closedPortUrl('/x.xml'), 500)], silent);
    expect(closed).toMatchObject({ ok: false, failures: [expect.stringContaining('is unreachable: ECONNREFUSED')] });
  });

  it('keeps hand imports over feed rows, and picks up rows another process stored', async () => {
    const server = service();
    await server.load();
    const cli = service();
    await cli.store([{ day: day('2026-11-20'), currency: 'USD', rate: '9.99', source: 'import:fix.csv' }], {
      keepImports: false,
    });
    const leg = (s: RatesService, code: string) => {
      const p = s.table().position(code, day('2026-11-20'));
      return p && s.table().leg(code, p);
    };
    expect(leg(server, 'USD')?.rate).not.toBe('9.99'); // not seen yet
    feed.answers.set('/ecb.xml', { body: ECB_XML });
    expect((await refreshRates(server, providers(), silent)).ok).toBe(true);
    expect(leg(server, 'USD')).toMatchObject({ rate: '9.99', source: 'import:fix.csv' });
    expect(leg(server, 'JPY')).toMatchObject({ rate: '163.52', source: 'ecb' });
  });

  it('changes nothing but the record of the attempt when every provider fails', async () => {
    feed.answers.set('/ecb.xml', { body: 'not xml' });
    feed.answers.set('/eur.json', { body: '{"date":"2026-11-22"}' });
    // rates_version keeps the last attempt (issue 32); refresh-status.api.test.ts reads it.
    const withoutAttempt = async () => {
      const tables = await snapshotTables(ctx.database);
      delete tables['rates_version'];
      return tables;
    };
    const before = await withoutAttempt();
    const result = await refreshRates(service(), providers(), silent);
    expect(result).toEqual({
      ok: false,
      failures: [
        'ecb: ECB feed: no exchange rates found',
        'currency-api: currency API: answer has no date and eur rates',
      ],
    });
    expect(await withoutAttempt()).toEqual(before);
    expect(await new RatesRepository(ctx.database.db).lastRefresh()).toMatchObject({
      error: 'ECB feed: no exchange rates found; currency API: answer has no date and eur rates',
    });
  });

  it("GET exrate/get-daily gives today's rate from the main currency to each user currency", async () => {
    const user = await ctx.createUser({ email: 'rates@example.com', password: 'password-1', mainCurrency: 'HUF' });
    const repo = new UserCurrenciesRepository(ctx.database.db);
    await repo.ensure(user.id, 'HUF', 3);
    await repo.ensure(user.id, 'USD', 2);
    await repo.ensure(user.id, 'EUR', 1);
    const client = ctx.client();
    await client.login('rates@example.com', 'password-1');
    const res = await client.get('/api/exrate/get-daily');
    expect(res.statusCode).toBe(200);
    const body =
      res.json<{ toCurrency: string; rate: number; legs: { currency: string; day: string; source: string }[] }[]>();
    expect(body.map((r) => r.toCurrency)).toEqual(['HUF', 'USD', 'EUR']);
    expect(body[0]).toEqual({ toCurrency: 'HUF', rate: 1, legs: [] });
    const today = isoFromDay(utcDayOf(Date.now()));
    for (const line of body.slice(1)) {
      expect(line.rate).toBeGreaterThan(0);
      for (const leg of line.legs) expect(leg.day <= today).toBe(true);
    }
    // EUR per 1 HUF is the inverse of the HUF leg's rate, to 10 significant digits.
    const eur = body[2];
    const hufLeg = eur?.legs.find((l) => l.currency === 'HUF') as { rate: string } | undefined;
    expect(eur?.rate).toBeCloseTo(1 / Number(hufLeg?.rate), 12);
  });

  it('GET exrate/get-daily needs a login', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/exrate/get-daily' })).statusCode).toBe(401);
  });
});

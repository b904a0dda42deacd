import { isoFromDay, utcDayOf } from '@kassa/money';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closedPortUrl, FeedServer } from '../../test/feed-server.js';
import { describeEachDatabase } from '../../test/harness.js';
import { okJson } from '../../test/ledger.js';
import { UserCurrenciesRepository } from '../currencies/repository.js';
import { bundledRates } from './bundle.js';
import { lastExpectedDay } from './freshness.js';
import { currencyApiProvider } from './providers/currency-api.js';
import { ecbProvider } from './providers/ecb.js';
import { refreshRates } from './refresh.js';
import { RatesRepository } from './repository.js';
import { RATES_CHECK_MS, RatesService } from './service.js';

// Issue 32: a newcomer saw rates 59 days old with no warning; the failed refresh was only in the
// server log. Each refresh attempt is kept in the database, whichever process ran it, and
// exrate/used (where the web reads rate info) says how fresh the rates are and why.

const silent = { info: () => undefined, warn: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An ECB daily file with one day's rates. */
const ecbXml = (day: string) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <Cube><Cube time='${day}'><Cube currency='USD' rate='1.0577'/><Cube currency='HUF' rate='410.35'/></Cube></Cube>
</gesmes:Envelope>`;

interface Status {
  newestDay: string;
  stale: boolean;
  lastRefresh?: { at: string; ok: boolean; error?: string; lastOkAt?: string };
}

describeEachDatabase('exchange rates: the last refresh and stale rates (issue 32)', (ctx) => {
  const feed = new FeedServer();
  beforeAll(() => feed.start());
  afterAll(() => feed.stop());

  /** Another process on the same database (an instance, the CLI) runs the refresh. */
  const otherProcess = () => new RatesService(new RatesRepository(ctx.database.db), bundledRates());

  async function statusOf(): Promise<Status | undefined> {
    const client = ctx.client();
    await client.login('fresh@example.com', 'password-1');
    const today = new Date().toISOString();
    return okJson<{ status?: Status }>(await client.post('/api/exrate/used', { start: today, end: today })).status;
  }

  beforeAll(async () => {
    const user = await ctx.createUser({ email: 'fresh@example.com', password: 'password-1', mainCurrency: 'EUR' });
    await new UserCurrenciesRepository(ctx.database.db).ensure(user.id, 'USD', 1);
  });

  it('a failed refresh is kept with its cause, and the stale bundle is flagged', async () => {
    // Before any refresh: the bundle's newest day, stale, no attempt to report.
    const bundleEnd = isoFromDay(bundledRates().coverage()?.last ?? 0);
    expect(await statusOf()).toEqual({ newestDay: bundleEnd, stale: true });

    feed.answers.set('/ecb.xml', { status: 503, body: 'Service Unavailable' });
    const providers = [
      ecbProvider(feed.url('/ecb.xml'), 500),
      currencyApiProvider(await closedPortUrl('/eur.json'), 500),
    ];
    const before = Date.now();
    expect((await refreshRates(otherProcess(), providers, silent)).ok).toBe(false);

    const status = await statusOf();
    const at = status?.lastRefresh?.at ?? '';
    expect(Date.parse(at)).toBeGreaterThanOrEqual(before);
    const error = status?.lastRefresh?.error;
    expect(status).toEqual({ newestDay: bundleEnd, stale: true, lastRefresh: { at, ok: false, error } });
    // Each feed's failure in order, named as users know the feeds, without their URLs (the log has them).
    expect(error).toBe('ECB feed: answered HTTP 503; currency API: unreachable, ECONNREFUSED');
  });

  it("a refresh that stores the last business day's rates is fresh; a later failure keeps when it last worked", async () => {
    const expected = isoFromDay(lastExpectedDay(utcDayOf(Date.now())));
    feed.answers.set('/ecb.xml', { body: ecbXml(expected) });
    const providers = [ecbProvider(feed.url('/ecb.xml'), 500)];
    expect((await refreshRates(otherProcess(), providers, silent)).ok).toBe(true);
    await sleep(RATES_CHECK_MS + 50); // the app takes up rows another process stored
    const ok = await statusOf();
    const okAt = ok?.lastRefresh?.at ?? '';
    expect(Date.parse(okAt)).not.toBeNaN();
    expect(ok).toEqual({ newestDay: expected, stale: false, lastRefresh: { at: okAt, ok: true, lastOkAt: okAt } });

    feed.answers.set('/ecb.xml', { body: '<html>maintenance</html>' });
    expect((await refreshRates(otherProcess(), providers, silent)).ok).toBe(false);
    const failed = await statusOf();
    const failedAt = failed?.lastRefresh?.at ?? '';
    expect(failedAt >= okAt).toBe(true);
    expect(failed).toEqual({
      newestDay: expected,
      stale: false,
      lastRefresh: { at: failedAt, ok: false, error: 'ECB feed: no exchange rates found', lastOkAt: okAt },
    });
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { testConfig } from '../test/config.js';
import { FeedServer } from '../test/feed-server.js';
import { ECB_XML } from '../test/fixtures.js';
import { runCliCaptured } from '../test/cli.js';

describe('CLI rates:import and rates:refresh', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-rates-cli-'));
  const feed = new FeedServer();
  const dbFile = path.join(dir, 'cli.db');
  const config = testConfig({
    database: { kind: 'sqlite', file: dbFile },
    rates: { ecbUrl: '', fallbackUrl: '', refreshIntervalMs: 0, fetchTimeoutMs: 1000 },
  });
  beforeAll(async () => {
    await feed.start();
    config.rates.ecbUrl = feed.url('/ecb.xml');
    config.rates.fallbackUrl = feed.url('/eur.json');
  });
  afterAll(async () => {
    await feed.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (argv: string[]) => runCliCaptured(argv, config);
  const storedRows = async () => {
    const database = openDatabase(config.database);
    try {
      return await database.db
        .selectFrom('exchange_rates')
        .select(['day', 'currency', 'rate', 'source'])
        .orderBy('day')
        .orderBy('currency')
        .execute();
    } finally {
      await database.close();
    }
  };
  const csv = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it('imports a valid file, replacing stored rows of the same day and currency', async () => {
    expect(
      await run(['rates:import', csv('a.csv', 'date,currency,rate\n2026-11-18,USD,1.05\n2026-11-18,GBP,0.84\n')]),
    ).toMatchObject({
      code: 0,
      out: 'Imported 2 rates for 2026-11-18 to 2026-11-18',
    });
    expect((await run(['rates:import', csv('b.csv', 'date,currency,rate\n2026-11-18,USD,1.051\n')])).code).toBe(0);
    expect(await storedRows()).toEqual([
      { day: '2026-11-18', currency: 'GBP', rate: '0.84', source: 'import:a.csv' },
      { day: '2026-11-18', currency: 'USD', rate: '1.051', source: 'import:b.csv' },
    ]);
  });

  it('reports bad lines with their numbers and imports nothing', async () => {
    const before = await storedRows();
    const result = await run([
      'rates:import',
      csv('bad.csv', 'date,currency,rate\n2026-11-19,USD,1.06\n2026-11-19,ABC,1\n2026-11-31,GBP,0.8\n'),
    ]);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'Error: Nothing imported; 2 problem(s):\nline 3: currency "ABC" is not supported\nline 4: date "2026-11-31" is not a valid YYYY-MM-DD date',
    );
    expect(await storedRows()).toEqual(before);
    expect((await run(['rates:import', path.join(dir, 'missing.csv')])).code).toBe(2);
    expect((await run(['rates:import'])).code).toBe(2);
  });

  it('refreshes from the served feed, and fails cleanly with every provider down', async () => {
    feed.answers.set('/ecb.xml', { body: ECB_XML });
    expect(await run(['rates:refresh'])).toMatchObject({
      code: 0,
      out: 'Stored 4 rates from ecb for 2026-11-19 to 2026-11-20',
    });
    expect((await storedRows()).filter((r) => r.source === 'ecb')).toHaveLength(4);

    feed.answers.set('/ecb.xml', { status: 502, body: 'bad gateway' });
    feed.answers.set('/eur.json', { body: '' });
    const down = await run(['rates:refresh']);
    expect(down.code).toBe(1);
    expect(down.err).toContain('No provider answered; stored rates are unchanged.');
    expect(down.err).toContain('ecb: ' + feed.url('/ecb.xml') + ' answered HTTP 502');
    expect(down.err).toContain('currency-api: ' + feed.url('/eur.json') + ' answered an empty body');
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportCsvColumns } from '@kassa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { CompleteUserFactory } from '../modules/account/complete-user.js';
import { sampleBooks } from '../test/sample-books.js';
import { runCliCaptured } from '../test/cli.js';
import { TestClient } from '../test/client.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';
import type { ApiContext } from '../test/harness.js';

describe('CLI export', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-cli-export-'));
  const config = testConfig({ database: { kind: 'sqlite', file: path.join(dir, 'kassa.db') } });
  const run = (argv: string[]) => runCliCaptured(argv, config);
  beforeAll(async () => {
    const database = openDatabase(config.database);
    await migrateToLatest(database.db);
    const app = await buildApp({ config, database, jwtSecret: TEST_JWT_SECRET, logger: false });
    const users = new CompleteUserFactory(database.db);
    const ctx: ApiContext = {
      dialect: 'sqlite',
      config,
      app,
      database,
      client: () => new TestClient(app),
      createUser: (input) => users.createComplete(input),
    };
    const books = await sampleBooks(ctx, 'books@example.com');
    await books.client.post('/api/transaction/add', {
      time: '2024-03-12T08:00:00Z',
      currency: 'EUR',
      amount: 1,
      categoryId: books.food,
      description: '=HYPERLINK("http://evil.example/","bank")',
    });
    await app.close();
    await database.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints every transaction and conversion as CSV', async () => {
    const result = await run(['export', '--user', 'Books@Example.com', '--format', 'csv']);
    expect(result.code, result.err).toBe(0);
    expect(result.out.split('\n')[0]).toBe(exportCsvColumns.join(','));
    expect(result.out).toContain('"Lunch, ""quoted""\nsecond line"');
    expect(result.out).toContain(',conversion,,,,ATM,EUR,-200.00,USD,215.30,EUR,-200.00,1,,');
  });

  it('neutralises CSV text a spreadsheet would run as a formula, as the API does, unless --formulas keep', async () => {
    const escaped = await run(['export', '--user', 'books@example.com', '--format', 'csv']);
    expect(escaped.code, escaped.err).toBe(0);
    expect(escaped.out).toContain(`,"'=HYPERLINK(""http://evil.example/"",""bank"")",EUR,-1.00,`);
    const kept = await run(['export', '--user', 'books@example.com', '--format', 'csv', '--formulas', 'keep']);
    expect(kept.code, kept.err).toBe(0);
    expect(kept.out).toContain(`,"=HYPERLINK(""http://evil.example/"",""bank"")",EUR,-1.00,`);
    const wrong = await run(['export', '--user', 'books@example.com', '--format', 'csv', '--formulas', 'run']);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('--formulas must be one of escape, keep');
    const journal = await run(['export', '--user', 'books@example.com', '--format', 'hledger', '--formulas', 'keep']);
    expect(journal.code).toBe(2);
    expect(journal.err).toContain('--formulas applies to --format csv only');
  });

  it('writes the hledger journal to a new file that hledger checks, refusing to overwrite', async () => {
    const target = path.join(dir, 'books.journal');
    const result = await run(['export', '--user', 'books@example.com', '--format', 'hledger', '--out', target]);
    expect(result).toMatchObject({ code: 0, out: `Exported books@example.com as hledger to ${target}` });
    expect(readFileSync(target, 'utf8')).toContain('assets:business:Shop  300.00 EUR');
    const check = spawnSync('hledger', ['-f', target, 'check'], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    const again = await run(['export', '--user', 'books@example.com', '--format', 'hledger', '--out', target]);
    expect(again.code).toBe(2);
    expect(again.err).toContain('already exists');
  });

  it('refuses an unknown user, a missing user and an unknown format', async () => {
    const unknown = await run(['export', '--user', 'nobody@example.com', '--format', 'csv']);
    expect(unknown).toMatchObject({ code: 1, err: 'Error: No user has the e-mail address nobody@example.com' });
    expect((await run(['export', '--format', 'csv'])).err).toContain('--user needs the e-mail address');
    const xml = await run(['export', '--user', 'books@example.com', '--format', 'xml']);
    expect(xml.code).toBe(2);
    expect(xml.err).toContain('--format must be one of csv, hledger');
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportCsvColumns } from '@kassa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { UsersService } from '../modules/account/complete-user.js';
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
    const users = new UsersService(database.db);
    const ctx: ApiContext = {
      dialect: 'sqlite',
      config,
      app,
      database,
      client: () => new TestClient(app),
      createUser: (input) => users.createComplete(input),
    };
    await sampleBooks(ctx, 'books@example.com');
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

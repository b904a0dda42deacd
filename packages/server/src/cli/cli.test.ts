import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { UserCurrenciesRepository } from '../modules/currencies/repository.js';
import { UsersRepository } from '../modules/users/repository.js';
import { testConfig } from '../test/config.js';
import { describeEachDatabase } from '../test/harness.js';
import { snapshotTables } from '../test/snapshot.js';
import { UsageError } from './args.js';
import { runCliCaptured } from '../test/cli.js';
import { userCreate } from './user-create.js';

describeEachDatabase('CLI user:create', (ctx) => {
  const create = (argv: string[]) => userCreate.run({ database: ctx.database, config: testConfig() }, argv);

  it('creates a verified, registration-complete user who can log in', async () => {
    const line = await create([
      '--email',
      'Admin@Example.org',
      '--password',
      'Sup3r-secret',
      '--first-name',
      'Ada',
      '--last-name',
      'Lovelace',
      '--main-currency',
      'huf',
      '--role',
      'ADMIN',
    ]);
    expect(line).toMatch(/^Created user #\d+ admin@example.org \(ADMIN, main currency HUF\)$/);
    const user = await new UsersRepository(ctx.database.db).findByEmail('admin@example.org');
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      mainCurrency: 'HUF',
      role: 'ADMIN',
      emailVerified: true,
      referralOk: true,
      regComplete: true,
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const currencies = await new UserCurrenciesRepository(ctx.database.db).list(user?.id ?? -1);
    expect(currencies.map((c) => c.code)).toEqual(['HUF']);
    const client = ctx.client();
    await client.login('admin@example.org', 'Sup3r-secret');
    expect((await client.get('/api/account/userinfo')).json<{ role: string }>().role).toBe('ADMIN');
  });

  it('defaults to EUR and NORMAL', async () => {
    expect(await create(['--email', 'plain@example.org', '--password', 'password1'])).toContain(
      '(NORMAL, main currency EUR)',
    );
  });

  it('refuses a duplicate e-mail (any case), a bad currency, a short password and bad usage, writing nothing', async () => {
    const before = await snapshotTables(ctx.database);
    await expect(create(['--email', 'ADMIN@example.org', '--password', 'another-1'])).rejects.toThrow(
      'email: a user with e-mail admin@example.org already exists',
    );
    await expect(
      create(['--email', 'x@example.org', '--password', 'password1', '--main-currency', 'XYZ']),
    ).rejects.toThrow('mainCurrency: is not a supported currency');
    await expect(create(['--email', 'x@example.org', '--password', 'short'])).rejects.toThrow(
      'password: must be at least 8 characters',
    );
    await expect(create(['--email', 'x@example.org', '--password', 'password1', '--role', 'ROOT'])).rejects.toThrow(
      UsageError,
    );
    await expect(create(['--password', 'password1'])).rejects.toThrow('--email is required');
    await expect(create(['--email', 'x@example.org', '--pasword', 'password1'])).rejects.toThrow(
      'unknown option --pasword',
    );
    expect(await snapshotTables(ctx.database)).toEqual(before);
  });
});

describe('CLI runner', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-cli-'));
  const config = testConfig({ database: { kind: 'sqlite', file: path.join(dir, 'cli.db') } });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = (argv: string[]) => runCliCaptured(argv, config);

  it('migrates the configured database and exits 0 on success, 1 on refusal, 2 on misuse', async () => {
    expect(await run(['user:create', '--email', 'e@x.org', '--password', 'password1'])).toMatchObject({
      code: 0,
      out: expect.stringContaining('Created user #1') as string,
    });
    const dup = await run(['user:create', '--email', 'e@x.org', '--password', 'password1']);
    expect(dup.code).toBe(1);
    expect(dup.err).toBe('Error: email: a user with e-mail e@x.org already exists');
    const misuse = await run(['user:create', '--email']);
    expect(misuse.code).toBe(2);
    expect(misuse.err).toContain('Usage: npm run cli -- user:create');
    expect((await run([])).code).toBe(2);
    expect((await run(['nope'])).err).toContain('Unknown command nope');

    const database = openDatabase(config.database);
    const users = await database.db.selectFrom('users').select('email').execute();
    await database.close();
    expect(users).toEqual([{ email: 'e@x.org' }]);
  });
});

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { AccountsRepository } from '../modules/account/repository.js';
import { runCliCaptured } from '../test/cli.js';
import { TestClient } from '../test/client.js';
import { testConfig } from '../test/config.js';
import { describeEachDatabase } from '../test/harness.js';
import { SmtpListener } from '../test/smtp-listener.js';
import { backup } from './accounts.js';

describe('CLI invite, waitlist:list and backup', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-cli-accounts-'));
  const smtp = new SmtpListener();
  const config = testConfig({ database: { kind: 'sqlite', file: path.join(dir, 'kassa.db') } });
  beforeAll(async () => {
    await smtp.start();
    config.mail = { ...config.mail, smtpUrl: smtp.url() };
  });
  afterAll(async () => {
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const run = (argv: string[]) => runCliCaptured(argv, config);

  it('mails a single-use referral code', async () => {
    const result = await run(['invite', '--email', 'Friend@Example.com']);
    expect(result.code).toBe(0);
    const code = /referral code ([A-Z2-9]{10})/.exec(result.out)?.[1] ?? '';
    expect(smtp.lastTo('friend@example.com')?.raw).toContain(`referral code ${code}`);
    const database = openDatabase(config.database);
    expect(await new AccountsRepository(database.db).findReferralCode(code)).toMatchObject({
      used_by: null,
      created_by: null,
    });
    await database.close();
    expect((await run(['invite', '--email', 'not-an-email'])).code).toBe(2);
    // Signing up with the invited address skips the referral step.
    expect((await run(['user:create', '--email', 'someone@example.com', '--password', 'password-1'])).code).toBe(0);
    const db2 = openDatabase(config.database);
    try {
      const app = await buildApp({ config, database: db2, jwtSecret: 's'.repeat(40), logger: false });
      const client = new TestClient(app);
      const res = await client.post('/api/account/signup', {
        email: 'friend@example.com',
        password: 'password-1',
        password2: 'password-1',
      });
      client.token = res.json<{ token: string }>().token;
      expect(await client.get('/api/account/userinfo').then((r) => r.json<{ referralOk: boolean }>().referralOk)).toBe(
        true,
      );
      await app.close();
    } finally {
      await db2.close();
    }
  });

  it('lists the waitlist', async () => {
    expect((await run(['waitlist:list'])).out).toBe('The waitlist is empty');
    expect((await run(['user:create', '--email', 'wait@example.com', '--password', 'password-1'])).code).toBe(0);
    const database = openDatabase(config.database);
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'wait@example.com')
      .executeTakeFirstOrThrow();
    await new AccountsRepository(database.db).joinWaitlist(user.id, 'wait@example.com', Date.UTC(2026, 10, 1));
    await database.close();
    expect((await run(['waitlist:list'])).out).toBe('2026-11-01T00:00:00.000Z  wait@example.com');
  });

  it('backs up the SQLite database into a new file, refusing to overwrite', async () => {
    const target = path.join(dir, 'backup.db');
    expect(await run(['backup', target])).toMatchObject({ code: 0, out: `Backed up to ${target}` });
    expect(existsSync(target)).toBe(true);
    const copy = new SQLite(target, { readonly: true });
    const users = copy.prepare('select email from users order by id').all() as { email: string }[];
    copy.close();
    expect(users.map((u) => u.email)).toContain('wait@example.com');
    const again = await run(['backup', target]);
    expect(again.code).toBe(2);
    expect(again.err).toContain('already exists');
  });
});

describeEachDatabase('CLI backup by dialect', (ctx) => {
  it('copies SQLite and points PostgreSQL users to pg_dump', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kassa-backup-'));
    try {
      const run = backup.run({ database: ctx.database, config: ctx.config }, [path.join(dir, 'b.db')]);
      if (ctx.dialect === 'sqlite') await expect(run).resolves.toContain('Backed up to');
      else await expect(run).rejects.toThrow('use pg_dump');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackupDocument } from '@kassa/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../test/cli.js';
import { testConfig } from '../test/config.js';
import { describeEachDatabase } from '../test/harness.js';
import { newUser, okJson } from '../test/ledger.js';
import { userBackup, userRestore } from './user-backup.js';

describeEachDatabase('CLI user:backup and user:restore', (ctx) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-user-backup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (command: typeof userBackup, argv: string[]) =>
    command.run({ database: ctx.database, config: ctx.config }, argv);

  it('writes the API document to a file and restores it into another account, as the API does', async () => {
    const source = await newUser(ctx, 'cli-source@example.com');
    okJson(await source.client.post('/api/currency/add', { currency: 'USD', items: [{ name: 'US bank' }] }));
    const cats = okJson<{ id: number; name: string }[]>(await source.client.get('/api/category/getall'));
    okJson(
      await source.client.post('/api/transaction/add', {
        amount: 42.5,
        currency: 'USD',
        categoryId: cats.find((c) => c.name === 'Other income')?.id,
        time: '2026-03-01T10:00:00Z',
      }),
    );
    okJson(
      await source.client.post('/api/conversion/add', {
        fromAmount: 10,
        fromCurrency: 'USD',
        toAmount: 9.2,
        toCurrency: 'EUR',
        time: '2026-03-02T10:00:00Z',
      }),
    );
    const pockets = okJson<{ pocketId: number }[]>(await source.client.get('/api/pocket/getall'));
    okJson(
      await source.client.post(
        '/api/fixpoint/set?time=2026-03-03T00:00:00Z',
        pockets.map((p) => ({ pocketId: p.pocketId, balance: 7 })),
      ),
    );
    const file = path.join(dir, 'source.json');
    await expect(run(userBackup, ['--user', 'CLI-Source@example.com', '--out', file])).resolves.toBe(
      `Backed up cli-source@example.com to ${file}: 1 transactions, 1 conversions, 1 fixpoints`,
    );
    const written = JSON.parse(readFileSync(file, 'utf8')) as BackupDocument;
    const api = okJson<BackupDocument>(await source.client.get('/api/backup/get'));
    expect({ ...written, exportedAt: '' }).toEqual({ ...api, exportedAt: '' });
    // Without --out the document goes to standard output.
    const printed = JSON.parse(await run(userBackup, ['--user', 'cli-source@example.com'])) as BackupDocument;
    expect({ ...printed, exportedAt: '' }).toEqual({ ...api, exportedAt: '' });
    await expect(run(userBackup, ['--user', 'cli-source@example.com', '--out', file])).rejects.toThrow(
      'already exists',
    );

    const target = await newUser(ctx, 'cli-target@example.com');
    await expect(run(userRestore, ['--user', 'cli-target@example.com', '--in', file])).resolves.toContain(
      'Restored into cli-target@example.com: 1 transactions, 1 conversions, 1 fixpoints',
    );
    const restored = okJson<BackupDocument>(await target.client.get('/api/backup/get'));
    // The same books; who entered them is now the target's owner, the member who restored.
    expect(restored.members).toEqual([{ key: 1, name: 'T', email: 'cli-target@example.com' }]);
    expect({ ...restored, exportedAt: '', members: [] }).toEqual({ ...api, exportedAt: '', members: [] });
    // A second restore needs --replace.
    await expect(run(userRestore, ['--user', 'cli-target@example.com', '--in', file])).rejects.toThrow(
      'already has books',
    );
    await expect(run(userRestore, ['--replace', '--user', 'cli-target@example.com', '--in', file])).resolves.toContain(
      'Restored into',
    );
  });

  it('refuses unknown users, unreadable files and damaged documents', async () => {
    await expect(run(userBackup, ['--user', 'nobody@example.com'])).rejects.toThrow('No user with e-mail');
    await expect(run(userBackup, [])).rejects.toThrow('--user is required');
    await newUser(ctx, 'cli-empty@example.com');
    await expect(run(userRestore, ['--user', 'cli-empty@example.com'])).rejects.toThrow('--in is required');
    await expect(
      run(userRestore, ['--user', 'cli-empty@example.com', '--in', path.join(dir, 'missing.json')]),
    ).rejects.toThrow('cannot read');
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{ not json');
    await expect(run(userRestore, ['--user', 'cli-empty@example.com', '--in', bad])).rejects.toThrow(
      'is not valid JSON',
    );
    writeFileSync(bad, JSON.stringify({ format: 'kassa-backup', version: 9 }));
    await expect(run(userRestore, ['--user', 'cli-empty@example.com', '--in', bad])).rejects.toThrow(
      'version: 9 is newer',
    );
  });
});

describe('CLI user:backup and user:restore through npm run cli', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-user-backup-run-'));
  const config = testConfig({ database: { kind: 'sqlite', file: path.join(dir, 'kassa.db') } });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (argv: string[]) => runCliCaptured(argv, config);

  it('are listed, exit 0 on success, 1 when refused and 2 on usage errors', async () => {
    expect((await run([])).err).toContain('user:backup --user E');
    expect((await run([])).err).toContain('user:restore --user E --in file.json [--replace]');
    for (const email of ['a@example.com', 'b@example.com'])
      expect((await run(['user:create', '--email', email, '--password', 'password-1'])).code).toBe(0);
    const file = path.join(dir, 'a.json');
    expect((await run(['user:backup', '--user', 'a@example.com', '--out', file])).code).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect((await run(['user:restore', '--user', 'b@example.com', '--in', file])).code).toBe(0);
    const missing = await run(['user:restore', '--user', 'nobody@example.com', '--in', file]);
    expect(missing).toMatchObject({ code: 1, err: 'Error: No user with e-mail nobody@example.com' });
    expect((await run(['user:restore', '--user', 'b@example.com'])).code).toBe(2);
  });
});

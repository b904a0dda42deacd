import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportBatch } from '@kassa/contract';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/client.js';
import { runCliCaptured } from '../test/cli.js';
import { testConfig } from '../test/config.js';
import { describeEachDatabase } from '../test/harness.js';
import { newUser, okJson } from '../test/ledger.js';
import { snapshotTables } from '../test/snapshot.js';
import { importFile } from './import.js';

/** A fixture of the format readers, by its path under fixtures/. */
const fixture = (file: string) => fileURLToPath(new URL(`../modules/import/formats/fixtures/${file}`, import.meta.url));

interface TransactionDto {
  amount: number;
  isIncome: boolean;
  currency: string;
  description: string;
  time: string;
}

const ALL = { interval: { start: '2020-01-01T00:00:00Z', end: '2030-12-31T23:59:59Z' } };

const transactions = async (client: TestClient) =>
  okJson<TransactionDto[]>(await client.post('/api/transaction/getfiltered', ALL))
    .map((t) => [t.time, t.isIncome, t.amount, t.currency, t.description])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(a[2]) - Number(b[2]));

const batches = async (client: TestClient) => okJson<ImportBatch[]>(await client.get('/api/import/getall'));

describeEachDatabase('CLI import', (ctx) => {
  const run = (argv: string[]) => importFile.run({ database: ctx.database, config: ctx.config }, argv);

  it('imports a bank file for a user by e-mail, and a second run finds only duplicates', async () => {
    const { client } = await newUser(ctx, 'cli-import@example.com');
    const file = fixture('ofx/bank-sgml-102.ofx');
    const out = await run(['--user', 'CLI-Import@Example.com', '--file', file]);
    const [first] = await batches(client);
    expect(first).toMatchObject({ fileName: 'bank-sgml-102.ofx', format: 'ofx', status: 'committed', imported: 3 });
    expect(out).toBe(
      [
        'Imported into cli-import@example.com from OFX (utf-8), 3 rows: 3 new, 0 duplicates, 0 errors',
        `  batch ${first?.id ?? 0}: 3 imported, 0 duplicates and 0 skipped left out, 0 transfers, 0 conversions`,
      ].join('\n'),
    );
    expect(await transactions(client)).toEqual([
      ['2026-02-02T12:00:00.000Z', false, 12.5, 'EUR', 'Bäckerei Müller & Söhne · Frühstück Filiale Köln'],
      ['2026-02-27T12:00:00.000Z', true, 2450, 'EUR', 'Arbeitgeber GmbH · Gehalt Februar 2026'],
      ['2026-02-28T12:00:00.000Z', false, 89.99, 'EUR', 'Stadtwerke <Strom>'],
    ]);

    const again = await run(['--user', 'cli-import@example.com', '--file', file]);
    const [second] = await batches(client);
    expect(again).toBe(
      [
        'Imported into cli-import@example.com from OFX (utf-8), 3 rows: 0 new, 3 duplicates, 0 errors',
        `  batch ${second?.id ?? 0}: 0 imported, 3 duplicates and 0 skipped left out, 0 transfers, 0 conversions`,
      ].join('\n'),
    );
    expect(await transactions(client)).toHaveLength(3);
  });

  it('a dry run previews and names the errors, and writes nothing to the books', async () => {
    const { client } = await newUser(ctx, 'cli-dry-run@example.com');
    const file = fixture('encodings/de-dkb-windows-1252.csv');
    /** Everything but the stored preview (import_batches, import_rows), which a dry run leaves behind. */
    const books = async () => {
      const all = await snapshotTables(ctx.database);
      delete all['import_batches'];
      delete all['import_rows'];
      return all;
    };
    const before = await books();
    const out = await run(['--dry-run', '--user', 'cli-dry-run@example.com', '--file', file]);
    const [batch] = await batches(client);
    expect(batch).toMatchObject({ status: 'preview', rows: 6, imported: 0 });
    expect(out).toBe(
      [
        `Previewed CSV (windows-1252), 6 rows: 5 new, 0 duplicates, 1 errors (batch ${batch?.id ?? 0}, not committed)`,
        '  line 12, date: "31.02.2026" is not a date in DD.MM.YYYY',
      ].join('\n'),
    );
    expect(await books()).toEqual(before);
    expect(await transactions(client)).toEqual([]);

    // Then for real: the rows the dry run showed.
    const real = await run(['--user', 'cli-dry-run@example.com', '--file', file]);
    expect(real).toContain('from CSV (windows-1252), 6 rows: 5 new, 0 duplicates, 1 errors');
    expect(real).toContain(': 5 imported, 0 duplicates and 1 skipped left out');
    expect(await transactions(client)).toHaveLength(5);
    // A dry run after it: every row a duplicate.
    expect(await run(['--user', 'cli-dry-run@example.com', '--file', file, '--dry-run'])).toContain(
      '6 rows: 0 new, 5 duplicates, 1 errors',
    );
  });

  it('takes --pocket, --format and --fixpoint', async () => {
    const { client } = await newUser(ctx, 'cli-fixpoint@example.com');
    okJson(await client.post('/api/currency/add', { currency: 'CHF', items: [{ name: 'Konto CH' }] }));
    const pockets = okJson<{ pocketId: number; currency: string }[]>(await client.get('/api/pocket/getall'));
    const chf = pockets.find((p) => p.currency === 'CHF');
    if (chf === undefined) throw new Error('no CHF pocket');
    const out = await run([
      '--user',
      'cli-fixpoint@example.com',
      '--file',
      fixture('camt/camt053-v08.xml'),
      '--pocket',
      String(chf.pocketId),
      '--format',
      'camt053',
      '--fixpoint',
    ]);
    expect(out.split('\n')[0]).toBe(
      'Imported into cli-fixpoint@example.com from CAMT053 (utf-8), 6 rows: 6 new, 0 duplicates, 0 errors',
    );
    const fixpointId = /, fixpoint (\d+)$/.exec(out)?.[1];
    expect(fixpointId).toBeDefined();
    const detail = okJson<{ time: string; errors: { currency: string; stated: number }[] }>(
      await client.get(`/api/fixpoint/getbyid/${fixpointId ?? ''}`),
    );
    expect(detail.time).toBe('2026-05-31T23:59:59.999Z');
    expect(detail.errors.find((e) => e.currency === 'CHF')?.stated).toBe(1940);
  });

  it('refuses an unknown user, a missing --user or --file, an unreadable file and bad --options', async () => {
    await newUser(ctx, 'cli-refused@example.com');
    const file = fixture('ofx/bank-sgml-102.ofx');
    await expect(run(['--user', 'nobody@example.com', '--file', file])).rejects.toThrow(
      'No user has the e-mail address nobody@example.com',
    );
    await expect(run(['--user', 'cli-refused@example.com'])).rejects.toThrow('--file is required (the bank file)');
    await expect(run(['--file', file])).rejects.toThrow('--user needs the e-mail address');
    await expect(run(['--user', 'cli-refused@example.com', '--file', fixture('ofx/missing.ofx')])).rejects.toThrow(
      'cannot read',
    );
    await expect(run(['--user', 'cli-refused@example.com', '--file', file, '--options', '{nope'])).rejects.toThrow(
      '--options must be JSON',
    );
    await expect(run(['--user', 'cli-refused@example.com', '--file', file, '--format', 'csv'])).rejects.toThrow(
      'The file is not CSV: it looks like OFX',
    );
  });
});

describe('CLI import through npm run cli', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-cli-import-'));
  const config = testConfig({ database: { kind: 'sqlite', file: path.join(dir, 'kassa.db') } });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (argv: string[]) => runCliCaptured(argv, config);

  it('is listed, exits 0 on success, 1 for an unknown user and 2 on usage errors', async () => {
    expect((await run([])).err).toContain('import --user EMAIL --file FILE [--pocket ID]');
    expect((await run(['user:create', '--email', 'runner@example.com', '--password', 'password-1'])).code).toBe(0);
    const file = fixture('qif/bank-us.qif');

    const dry = await run(['import', '--user', 'runner@example.com', '--file', file, '--dry-run']);
    expect(dry).toMatchObject({ code: 0, err: '' });
    expect(dry.out).toMatch(
      /^Previewed QIF \(utf-8\), 4 rows: 4 new, 0 duplicates, 0 errors \(batch \d+, not committed\)$/,
    );

    const unknown = await run(['import', '--user', 'nobody@example.com', '--file', file]);
    expect(unknown).toMatchObject({
      code: 1,
      out: '',
      err: 'Error: No user has the e-mail address nobody@example.com',
    });

    const usage = await run(['import', '--user', 'runner@example.com']);
    expect(usage.code).toBe(2);
    expect(usage.err).toBe(`Error: --file is required (the bank file)\nUsage: npm run cli -- ${importFile.usage}`);
    expect((await run(['import', '--user', 'runner@example.com', '--file'])).code).toBe(2);
  });
});

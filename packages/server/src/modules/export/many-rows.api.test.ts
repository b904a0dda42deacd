import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportCsvColumns } from '@kassa/contract';
import { currencyInfo, utcDayOf } from '@kassa/money';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { newUser, okJson } from '../../test/ledger.js';
import { prng } from '../../util/prng.js';
import { LedgerWriter } from '../ledger/writer.js';
import type { TransactionRow } from '../ledger/rows.js';
import { EXPORT_PAGE_ROWS } from './ledger-stream.js';

const dir = mkdtempSync(path.join(tmpdir(), 'kassa-export-many-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ROWS = 2 * EXPORT_PAGE_ROWS + 345;

describeEachDatabase('export: a ledger of several pages', (ctx) => {
  it.each(['EUR', 'JPY'])(
    'streams every row once with one header, and hledger agrees with oneperiod to the cent (main %s)',
    async (main) => {
      const { client, userId } = await newUser(ctx, `many-${main}@example.com`, main);
      for (const other of ['EUR', 'USD', 'JPY'].filter((c) => c !== main))
        okJson(await client.post('/api/currency/add', { currency: other }));
      for (const [name, isIncome] of [
        ['Rent', false],
        ['Food', false],
        ['Salary', true],
      ] as const)
        okJson(await client.post('/api/category/add', { name, type: 'real', isIncome }));
      const cats = okJson<{ id: number; name: string; type: string; isIncome: boolean | null }[]>(
        await client.get('/api/category/getall'),
      );
      const real = cats.filter((c) => c.type === 'real');
      const random = prng(17);
      const start = Date.parse('2023-01-02T00:00:00Z');
      const rows: Omit<TransactionRow, 'id'>[] = [];
      for (let i = 0; i < ROWS; i++) {
        const category = real[random(real.length)] ?? real[0];
        if (category === undefined) throw new Error('no real category');
        const currency = ['EUR', 'USD', 'JPY'][random(3)] ?? 'EUR';
        // Pairs of rows share an instant, so pages split ties.
        const time = start + Math.floor(i / 2) * 7_200_000;
        rows.push({
          categoryId: category.id,
          kind: 'real',
          businessType: null,
          isIncome: category.isIncome === true,
          amount: 1 + random(currency === 'JPY' ? 50_000 : 500_000),
          currency,
          description: `row ${i}`,
          time,
          day: utcDayOf(time),
        });
      }
      await LedgerWriter.load(ctx.database.db, userId, rows, Date.now());

      const csv = await client.get('/api/export/csv');
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.trimEnd().split('\n');
      expect(lines.filter((l) => l === exportCsvColumns.join(','))).toHaveLength(1);
      expect(lines).toHaveLength(ROWS + 1);
      expect(new Set(lines.slice(1).map((l) => l.split(',').at(-1))).size).toBe(ROWS);

      const journal = await client.get('/api/export/hledger');
      expect(journal.statusCode).toBe(200);
      const file = path.join(dir, `many-${ctx.dialect}-${main}.journal`);
      writeFileSync(file, journal.body);
      expect(spawnSync('hledger', ['-f', file, 'check'], { encoding: 'utf8' }).status).toBe(0);
      const bal = spawnSync(
        'hledger',
        ['-f', file, 'bal', '^expenses', '^income', `--value=then,${main}`, '-O', 'csv'],
        {
          encoding: 'utf8',
        },
      );
      expect(bal.status, bal.stderr).toBe(0);
      const hledger = new Map(
        bal.stdout
          .trim()
          .split('\n')
          .slice(1)
          .flatMap((l) => {
            const m = new RegExp(`^"(?:expenses|income):(.*)","(-?[\\d.]+) ${main}"$`).exec(l);
            return m === null ? [] : [[m[1] ?? '', BigInt((m[2] ?? '').replace('.', ''))] as const];
          }),
      );
      const kassa = new Map<string, bigint>();
      const interval = { start: '2023-01-01T00:00:00Z', end: '2023-12-31T23:59:59.999Z' };
      for (const direction of [true, false]) {
        const figures = okJson<{ name: string; asset: { amount: number } }[]>(
          await client.post('/api/analytics/oneperiod', { interval, direction }),
        );
        // hledger shows expenses positive and income negative.
        const scale = 10 ** currencyInfo(main).decimals;
        for (const f of figures) kassa.set(f.name, BigInt(Math.round(f.asset.amount * scale)) * (direction ? -1n : 1n));
      }
      expect(kassa.size).toBeGreaterThan(3);
      expect(Object.fromEntries(hledger)).toEqual(Object.fromEntries(kassa));
    },
  );
});

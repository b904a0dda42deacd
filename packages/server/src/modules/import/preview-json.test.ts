import type { ImportPreview, ImportRow } from '@kassa/contract';
import { expect, it } from 'vitest';
import { previewJson } from './routes.js';

const row = (line: number): ImportRow => ({
  line,
  date: '2026-03-02',
  amount: '-1.00',
  currency: 'EUR',
  description: `row "${line}"`,
  payee: 'P',
  externalId: null,
  account: '',
  pocketId: 1,
  status: 'new',
  categoryId: null,
});

const preview = (rows: ImportRow[]): ImportPreview => ({
  batchId: 7,
  format: 'csv',
  options: { pocketId: 1, format: 'csv', encoding: 'utf-8', source: 'detected' },
  accounts: [{ account: '', currency: 'EUR', pocketId: 1 }],
  counts: { new: rows.length, duplicate: 0, error: 0 },
  rows,
  fixpoints: { affected: 0, earliest: null },
  expiresAt: '2026-03-03T00:00:00.000Z',
});

it('streams the preview as the JSON of the whole answer, in pieces', async () => {
  for (const count of [0, 1, 999, 1000, 1001, 2500]) {
    const p = preview(Array.from({ length: count }, (_, i) => row(i + 2)));
    const pieces: string[] = [];
    for await (const piece of previewJson(p)) pieces.push(piece);
    expect(JSON.parse(pieces.join(''))).toEqual(JSON.parse(JSON.stringify(p)));
    expect(pieces).toHaveLength(2 + Math.ceil(count / 1000));
  }
});

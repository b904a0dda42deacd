import type { ImportPreview } from '@kassa/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { newUser, okJson } from '../../test/ledger.js';
import { multipart } from '../../test/upload.js';

// A description longer than a transaction takes is cut at 500 UTF-16 units; a cut through an
// emoji left half a surrogate pair, stored differently by SQLite and PostgreSQL (issue 31).

describeEachDatabase('import: long texts', (ctx) => {
  it('cuts a long description without splitting a character, and cleans the file name', async () => {
    const { client } = await newUser(ctx, 'long-text@example.com');
    const [pocket] = okJson<{ pocketId: number }[]>(await client.get('/api/pocket/getall'));
    const text = `${'a'.repeat(499)}😀 and more`;
    const { payload, extra } = await multipart(
      { name: 'bank\u202E\u0001vsc.csv', content: `Date,Description,Amount\n2026-03-02,${text},-1.00\n` },
      { pocketId: pocket?.pocketId },
    );
    const shown = okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
    okJson(await client.post(`/api/import/commit/${shown.batchId}`, {}));
    const [row] = okJson<{ description: string }[]>(
      await client.post('/api/transaction/getfiltered', {
        interval: { start: '2026-01-01T00:00:00Z', end: '2026-12-31T23:59:59Z' },
      }),
    );
    expect(row?.description).toBe('a'.repeat(499));
    const [batch] = okJson<{ fileName: string }[]>(await client.get('/api/import/getall'));
    expect(batch?.fileName).toBe('bankvsc.csv');
  });
});

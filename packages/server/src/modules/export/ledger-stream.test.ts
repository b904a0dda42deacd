import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { okJson } from '../../test/ledger.js';
import { sampleBooks } from '../../test/sample-books.js';
import { ledgerEntries, type EntryQuery, type LedgerEntry } from './ledger-stream.js';
import { ExportRepository } from './repository.js';

const all: EntryQuery = { transactions: true, conversions: true };
async function collect(entries: AsyncIterable<LedgerEntry>): Promise<string[]> {
  const keys: string[] = [];
  for await (const e of entries) keys.push(`${e.row.time}:${e.kind === 'transaction' ? 't' : 'c'}${e.row.id}`);
  return keys;
}

describeEachDatabase('export: the books read a page at a time', (ctx) => {
  it('pages keep every row once, oldest first, also across rows sharing an instant', async () => {
    const books = await sampleBooks(ctx, 'paging@example.com');
    // Three transactions and a conversion at one instant: pages must split the tie without loss.
    const at = '2024-03-12T10:00:00Z';
    for (const amount of [1, 2, 3])
      okJson(
        await books.client.post('/api/transaction/add', { time: at, currency: 'EUR', amount, categoryId: books.food }),
      );
    okJson(
      await books.client.post('/api/conversion/add', {
        fromAmount: 1,
        fromCurrency: 'EUR',
        toAmount: 1,
        toCurrency: 'USD',
        time: at,
      }),
    );
    const repository = new ExportRepository(ctx.database.db);
    const whole = await collect(ledgerEntries(repository, books.userId, all, 1000));
    expect(whole).toHaveLength(19);
    for (const pageRows of [1, 2, 3])
      expect(await collect(ledgerEntries(repository, books.userId, all, pageRows))).toEqual(whole);
    // Oldest first; at one instant transactions (by id) before conversions.
    const tie = whole.filter((k) => k.startsWith(`${Date.parse(at)}:`));
    expect(tie.map((k) => k.split(':')[1]?.[0])).toEqual(['t', 't', 't', 'c']);
    const times = whole.map((k) => Number(k.split(':')[0]));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

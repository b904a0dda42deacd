import type { BackupDocument, ImportBatch, ImportCommitResult, ImportPreview, ImportUndoResult } from '@kassa/contract';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';
import { snapshotTables } from '../../test/snapshot.js';
import { multipart } from '../../test/upload.js';
import { DailyTotalsRepository } from '../ledger/daily-totals.js';

// Version 3 of the backup carries the import history: after a restore, the same statement is
// recognised again, a committed batch can still be undone, pockets keep their import profiles.

interface PocketDto {
  pocketId: number;
  name: string;
  currency: string;
}

const HEADER = 'Date,Payee,Description,Amount';
const CHECKING = ['2024-03-01,Savings,Transfer to savings,-500.00', '2024-03-02,Shop,Things,-20.00'];
const SAVINGS = ['2024-03-03,Checking,Transfer from checking,500.00'];
const FEES = ['2024-04-01,Bank,Fee,-1.00'];
const ALL = { interval: { start: '2024-01-01T00:00:00Z', end: '2024-12-31T23:59:59Z' } };

async function preview(client: TestClient, name: string, lines: string[], pocketId: number) {
  const { payload, extra } = await multipart({ name, content: [HEADER, ...lines].join('\n') }, { pocketId });
  return okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
}
const commit = async (client: TestClient, batchId: number) =>
  okJson<ImportCommitResult>(await client.post(`/api/import/commit/${batchId}`, {}));
const undo = async (client: TestClient, batchId: number) =>
  okJson<ImportUndoResult>(await client.post(`/api/import/undo/${batchId}`));
const amounts = async (client: TestClient) =>
  okJson<{ amount: number }[]>(await client.post('/api/transaction/getfiltered', ALL))
    .map((t) => t.amount)
    .sort((a, b) => a - b);
const backupOf = async (client: TestClient) => okJson<BackupDocument>(await client.get('/api/backup/get'));
const restore = (client: TestClient, doc: unknown) => client.post('/api/backup/restore', doc);
const pockets = async (client: TestClient) => {
  const all = okJson<PocketDto[]>(await client.get('/api/pocket/getall'));
  const checking = all.find((p) => p.name !== 'Savings');
  const savings = all.find((p) => p.name === 'Savings');
  if (checking === undefined || savings === undefined) throw new Error('pockets missing');
  return { checking, savings };
};

describeEachDatabase('backup and restore of the import history', (ctx) => {
  const expectTotalsRight = async (userId: number) => {
    const totals = new DailyTotalsRepository(ctx.database.db);
    expect(await totals.all(userId)).toEqual(await totals.recompute(userId));
  };

  /** A user with a checking statement imported, the savings statement's transfer leg, and an undone batch. */
  async function source(email: string) {
    const user = await newUser(ctx, email);
    okJson(await user.client.post('/api/pocket/add', { name: 'Savings', currency: 'EUR', isCash: false }));
    const { checking, savings } = await pockets(user.client);
    await commit(user.client, (await preview(user.client, 'checking.csv', CHECKING, checking.pocketId)).batchId);
    const transfer = await preview(user.client, 'savings.csv', SAVINGS, savings.pocketId);
    expect(transfer.rows[0]?.match?.kind).toBe('transfer');
    expect(await commit(user.client, transfer.batchId)).toMatchObject({ imported: 0, transfers: 1 });
    const fees = await preview(user.client, 'fees.csv', FEES, savings.pocketId);
    await commit(user.client, fees.batchId);
    await undo(user.client, fees.batchId);
    expect(await amounts(user.client)).toEqual([20]);
    return user;
  }

  it('carries batches, links, what undo puts back and profiles; the restored copy backs up the same', async () => {
    const { client } = await source('imports-source@example.com');
    const doc = await backupOf(client);
    expect(doc.version).toBe(5);
    expect(doc.imports.map((b) => [b.fileName, b.status, b.links.length])).toEqual([
      ['checking.csv', 'committed', 2],
      ['savings.csv', 'committed', 1],
      ['fees.csv', 'undone', 0],
    ]);
    // Fingerprints hash no pocket id, so they travel as they are.
    expect(doc.imports.flatMap((b) => b.links).every((l) => /^v1:/.test(l.fingerprint))).toBe(true);
    const [checkingBatch, savingsBatch] = doc.imports;
    // The transfer's outgoing row is no transaction any more but one leg of the transfer from
    // checking to savings, which keeps its pockets; the shop row is a transaction.
    const transferLink = checkingBatch?.links.findIndex((l) => l.amount === '-500') ?? -1;
    expect(checkingBatch?.links[transferLink]).toMatchObject({
      transaction: null,
      conversion: 0,
      day: '2024-03-01',
    });
    expect(savingsBatch?.links[0]).toMatchObject({ transaction: null, conversion: 0 });
    expect(doc.conversions).toEqual([
      expect.objectContaining({
        fromAmount: '500',
        fromCurrency: 'EUR',
        toAmount: '500',
        toCurrency: 'EUR',
        fromPocketKey: checkingBatch?.links[transferLink]?.pocketKey,
        toPocketKey: savingsBatch?.links[0]?.pocketKey,
      }),
    ]);
    const shop = checkingBatch?.links.find((l) => l.amount === '-20');
    expect(shop?.transaction).not.toBeNull();
    expect(doc.transactions[shop?.transaction ?? -1]).toMatchObject({ amount: '20', isIncome: false });
    expect(savingsBatch?.replaced.transactions).toEqual([
      {
        link: { batch: 0, link: transferLink },
        transaction: expect.objectContaining({ amount: '500', isIncome: false, currency: 'EUR' }) as unknown,
      },
    ]);
    expect(doc.importProfiles.map((p) => p.pocketKey).sort()).toEqual([1, 2]);
    expect(doc.importProfiles[0]?.options).toMatchObject({ encoding: 'utf-8' });

    const target = await newUser(ctx, 'imports-target@example.com');
    expect(okJson(await restore(target.client, doc))).toMatchObject({ transactions: 1, imports: 3 });
    const copy = await backupOf(target.client);
    expect({ ...copy, exportedAt: '', members: copy.members.map((m) => m.key) }).toEqual({
      ...doc,
      exportedAt: '',
      members: doc.members.map((m) => m.key),
    });
    await expectTotalsRight(target.userId);

    // (a) The same statements are recognised as imported before.
    const restored = await pockets(target.client);
    const again = await preview(target.client, 'checking.csv', CHECKING, restored.checking.pocketId);
    expect(again.counts).toEqual({ new: 0, duplicate: 2, error: 0 });
    expect(
      (await preview(target.client, 'savings.csv', SAVINGS, restored.savings.pocketId)).rows.map((r) => r.status),
    ).toEqual(['duplicate']);

    // (b) The restored batches can be undone: the transfer's earlier row comes back, then all goes.
    const batches = okJson<ImportBatch[]>(await target.client.get('/api/import/getall'));
    const byName = (name: string) => batches.find((b) => b.fileName === name && b.status !== 'preview');
    expect(byName('fees.csv')?.status).toBe('undone');
    expect(byName('savings.csv')?.pocketIds).toEqual([restored.savings.pocketId]);
    expect(await undo(target.client, byName('savings.csv')?.id ?? 0)).toMatchObject({ removed: 1, restored: 1 });
    expect(await amounts(target.client)).toEqual([20, 500]);
    await expectTotalsRight(target.userId);
    expect(await undo(target.client, byName('checking.csv')?.id ?? 0)).toMatchObject({ removed: 2 });
    expect(await amounts(target.client)).toEqual([]);
    await expectTotalsRight(target.userId);
  });

  it('refuses damaged import references with 400 naming the path, writing nothing', async () => {
    const { client } = await source('imports-damaged@example.com');
    const doc = await backupOf(client);
    const target = await newUser(ctx, 'imports-damaged-target@example.com');
    const before = await snapshotTables(ctx.database);
    const damaged = (change: (d: BackupDocument) => void): BackupDocument => {
      const copy = structuredClone(doc);
      change(copy);
      return copy;
    };
    const cases: [BackupDocument, string][] = [
      [
        damaged((d) => {
          const link = d.imports[0]?.links[1];
          if (link) link.transaction = 99;
        }),
        'imports.0.links.1.transaction: the document has no transaction at index 99',
      ],
      [
        damaged((d) => {
          const link = d.imports[0]?.links[0];
          if (link) link.pocketKey = 9;
        }),
        'imports.0.links.0.pocketKey: no pocket has key 9',
      ],
      [
        damaged((d) => {
          const r = d.imports[1]?.replaced.transactions[0];
          if (r) r.link = { batch: 0, link: 7 };
        }),
        'imports.1.replaced.transactions.0.link.link: import 0 has no link at index 7',
      ],
      [
        damaged((d) => {
          const r = d.imports[1]?.replaced.transactions[0];
          if (r) r.link = { batch: 5, link: 0 };
        }),
        'imports.1.replaced.transactions.0.link.batch',
      ],
      [
        damaged((d) => {
          const r = d.imports[1]?.replaced.transactions[0];
          if (r) r.transaction.categoryKey = 99;
        }),
        'imports.1.replaced.transactions.0.transaction.categoryKey',
      ],
      [
        damaged((d) => {
          const b = d.imports[0];
          if (b) b.fixpoint = 40;
        }),
        'imports.0.fixpoint: the document has no fixpoint at index 40',
      ],
      [
        damaged((d) => {
          const link = d.imports[0]?.links[0];
          if (link) link.amount = '-500.001';
        }),
        'imports.0.links.0.amount',
      ],
      [
        damaged((d) => {
          const link = d.imports[0]?.links[0];
          if (link) link.day = '2024-02-30';
        }),
        'imports.0.links.0.day',
      ],
      [
        damaged((d) => {
          const p = d.importProfiles[1];
          if (p) p.pocketKey = d.importProfiles[0]?.pocketKey ?? 1;
        }),
        'importProfiles.1.pocketKey',
      ],
      [
        damaged((d) => {
          const b = d.imports[2];
          if (b) b.undoneAt = null;
        }),
        'imports.2.undoneAt',
      ],
      [
        damaged((d) => {
          const link = d.imports[0]?.links[0];
          if (link) link.fingerprint = 'abc';
        }),
        'imports.0.links.0.fingerprint: must be a versioned fingerprint',
      ],
    ];
    for (const [bad, message] of cases) {
      expectError(await restore(target.client, bad), 400, message);
      expect(await snapshotTables(ctx.database)).toEqual(before);
    }
  });
});

import type { ImportCommitResult, ImportPreview } from '@kassa/contract';
import { expect, it } from 'vitest';
import type { TestClient } from '../../test/client.js';
import { describeEachDatabase } from '../../test/harness.js';
import { newUser, okJson } from '../../test/ledger.js';
import { multipart } from '../../test/upload.js';

// Duplicates are recognised at preview time; two previews of one file made before either was
// committed both saw an empty history. Commit checks again, inside its own database transaction,
// against what other batches committed since (issue 31).

const STATEMENT = [
  'Date,Payee,Description,Amount',
  '2026-03-02,REWE Markt,Card payment 0302,-23.45',
  '2026-03-03,Stadtwerke München,Strom März,-61.00',
  '2026-03-05,Café Central,Coffee,-3.50',
  '2026-03-05,Café Central,Coffee,-3.50',
  '2026-03-31,ACME GmbH,Salary March,2500.00',
].join('\n');

const OFX = (ids: string[]) =>
  [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    '',
    '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>DE1<BANKTRANLIST>',
    ...ids.map(
      (id, i) =>
        `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>2026030${i + 1}<TRNAMT>-1${i}.00<FITID>${id}<NAME>Shop ${i}</STMTTRN>`,
    ),
    '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\n');

async function preview(client: TestClient, content: string, pocketId: number, name = 'statement.csv') {
  const { payload, extra } = await multipart({ name, content }, { pocketId });
  return okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
}

async function pocketId(client: TestClient): Promise<number> {
  const [pocket] = okJson<{ pocketId: number }[]>(await client.get('/api/pocket/getall'));
  if (pocket === undefined) throw new Error('the user has no pocket');
  return pocket.pocketId;
}

const transactionCount = async (client: TestClient) =>
  okJson<unknown[]>(
    await client.post('/api/transaction/getfiltered', {
      interval: { start: '2026-01-01T00:00:00Z', end: '2026-12-31T23:59:59Z' },
    }),
  ).length;

describeEachDatabase('import: two previews of one file', (ctx) => {
  it('commit one after the other: the second imports nothing new and says so', async () => {
    const { client } = await newUser(ctx, 'two-previews-seq@example.com');
    const pocket = await pocketId(client);
    const first = await preview(client, STATEMENT, pocket);
    const second = await preview(client, STATEMENT, pocket);
    expect(second.counts).toEqual({ new: 5, duplicate: 0, error: 0 });

    const one = okJson<ImportCommitResult>(await client.post(`/api/import/commit/${first.batchId}`, {}));
    expect(one).toMatchObject({ imported: 5, duplicates: 0, importedSincePreview: 0 });
    const two = okJson<ImportCommitResult>(await client.post(`/api/import/commit/${second.batchId}`, {}));
    expect(two).toMatchObject({ imported: 0, duplicates: 5, importedSincePreview: 5 });
    expect(await transactionCount(client)).toBe(5);
  });

  it('commits sent at once write each statement line once, by bank id too', async () => {
    const { client } = await newUser(ctx, 'two-previews-race@example.com');
    const pocket = await pocketId(client);
    const file = OFX(['A1', 'A2', 'A3']);
    const first = await preview(client, file, pocket, 'a.ofx');
    const second = await preview(client, file, pocket, 'a.ofx');
    const results = (
      await Promise.all([
        client.post(`/api/import/commit/${first.batchId}`, {}),
        client.post(`/api/import/commit/${second.batchId}`, {}),
      ])
    ).map((r) => okJson<ImportCommitResult>(r));
    expect(results.map((r) => r.imported).sort()).toEqual([0, 3]);
    expect(results.map((r) => r.importedSincePreview).sort()).toEqual([0, 3]);
    expect(await transactionCount(client)).toBe(3);
  });

  it('rows imported anyway stay imported, and a partly overlapping file adds only its new rows', async () => {
    const { client } = await newUser(ctx, 'two-previews-anyway@example.com');
    const pocket = await pocketId(client);
    const older = await preview(client, STATEMENT, pocket);
    const lines = STATEMENT.split('\n');
    const longer = [...lines, '2026-04-01,ACME GmbH,Salary April,2500.00'].join('\n');
    const newer = await preview(client, longer, pocket);
    okJson<ImportCommitResult>(await client.post(`/api/import/commit/${newer.batchId}`, {}));
    // The older preview: skip:false on a row that was new at preview is no "import anyway"; it too
    // was imported since.
    const result = okJson<ImportCommitResult>(
      await client.post(`/api/import/commit/${older.batchId}`, { rows: [{ line: 3, skip: false }] }),
    );
    expect(result).toMatchObject({ imported: 0, importedSincePreview: 5 });
    expect(await transactionCount(client)).toBe(6);

    // A third preview, after both: the file's rows are duplicates already at preview; line 3
    // imported anyway by the user is written again (the user asked for it).
    const third = await preview(client, STATEMENT, pocket);
    expect(third.counts).toEqual({ new: 0, duplicate: 5, error: 0 });
    const forced = okJson<ImportCommitResult>(
      await client.post(`/api/import/commit/${third.batchId}`, { rows: [{ line: 3, skip: false }] }),
    );
    expect(forced).toMatchObject({ imported: 1, importedSincePreview: 0 });
    expect(await transactionCount(client)).toBe(7);
  });
});

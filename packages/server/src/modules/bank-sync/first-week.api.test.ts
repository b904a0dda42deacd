import type { BankConnectResult, BankSyncResult, ImportPreview } from '@kassa/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeSimplefin, type FakeSimplefin } from '../../test/bank/simplefin-server.js';
import { describeEachDatabase } from '../../test/harness.js';
import { newUser, okJson } from '../../test/ledger.js';
import { multipart } from '../../test/upload.js';

// A first week as a user lives it (issue 35 on top of issue 32): a start balance at sign-up, a
// bank file of the weeks before, expenses typed by hand during the week, then the bank connected.
// The sync must bring only what is new: the file's rows (no bank ids, other texts) and the typed
// expense are the payments the bank now lists, and the bank's balance agrees with the books.

let bridge: FakeSimplefin;
beforeAll(async () => {
  bridge = await startFakeSimplefin();
});
afterAll(() => bridge.close());

const DAY_MS = 86_400_000;
const noonAgo = (days: number) => {
  const d = new Date();
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12) - days * DAY_MS;
};
const isoDay = (days: number) => new Date(noonAgo(days)).toISOString().slice(0, 10);
const unix = (days: number) => Math.floor(noonAgo(days) / 1000);

describeEachDatabase(
  'a first week with a bank connection',
  (ctx) => {
    it('imports only what is new after a file import and typed expenses, and the bank agrees with the books', async () => {
      const { client } = await newUser(ctx, 'first-week-bank@example.com');
      const [pocket] = okJson<{ pocketId: number }[]>(await client.get('/api/pocket/getall'));
      const pocketId = pocket?.pocketId ?? 0;
      // Sign-up a week ago with 1,000.00 in the bank.
      okJson(
        await client.post(`/api/fixpoint/set?time=${new Date(noonAgo(8)).toISOString()}`, [
          { pocketId, balance: 1000 },
        ]),
      );
      // The weeks before, from the bank's CSV: 1,000.00 = 1,100.00 + 400.00 − 500.00.
      const csv = ['Date,Payee,Amount', `${isoDay(14)},Landlord,-500.00`, `${isoDay(12)},Employer,400.00`].join('\n');
      const { payload, extra } = await multipart({ name: 'history.csv', content: csv }, { pocketId });
      const shown = okJson<ImportPreview>(await client.post('/api/import/preview', payload, extra));
      okJson(await client.post(`/api/import/commit/${shown.batchId}`, {}));
      // During the week, a lunch typed by hand.
      const category = okJson<{ id: number }>(
        await client.post('/api/category/add', { name: 'Eating out', type: 'real', isIncome: false }),
      );
      okJson(
        await client.post('/api/transaction/add', {
          amount: '14.90',
          currency: 'EUR',
          categoryId: category.id,
          description: 'Lunch',
          pocketId,
          time: new Date(noonAgo(3) + 3_600_000).toISOString(),
        }),
      );

      // The bank lists all of it under its own ids and texts, plus one payment Kassa has not seen.
      bridge.accounts = [
        {
          id: 'ACT-main',
          name: 'Main account',
          currency: 'EUR',
          balance: '945.10',
          'balance-date': unix(0),
          transactions: [
            { id: 'b-1', posted: unix(14), amount: '-500.00', description: 'SEPA DD RENT', payee: 'LANDLORD LTD' },
            { id: 'b-2', posted: unix(12), amount: '400.00', description: 'SALARY', payee: 'EMPLOYER GMBH' },
            { id: 'b-3', posted: unix(2), amount: '-14.90', description: 'CARD 1234 CAFE', payee: 'CAFE' },
            { id: 'b-4', posted: unix(1), amount: '-40.00', description: 'CARD 1234 FUEL', payee: 'FUEL' },
          ],
        },
      ];
      const connect = okJson<BankConnectResult>(
        await client.post('/api/bank/simplefin/connect', { setupToken: bridge.setupToken() }),
      );
      okJson(
        await client.post(`/api/bank/connection/map/${connect.connectionId}`, {
          accounts: [{ accountId: 'ACT-main', pocketId }],
        }),
      );
      const sync = okJson<BankSyncResult>(await client.post(`/api/bank/connection/sync/${connect.connectionId}`));
      expect(sync.counts).toEqual({ new: 1, pending: 0, posted: 0, duplicate: 3 });
      // 1,000.00 at sign-up − 14.90 − 40.00 = 945.10: what the bank says.
      expect(sync.anchors).toEqual([{ pocketId, date: isoDay(0), balance: 945.1, error: 0 }]);
      const rows = okJson<{ amount: number }[]>(await client.post('/api/transaction/getfiltered', { pocketId }));
      expect(rows.map((r) => r.amount).sort((a, b) => a - b)).toEqual([14.9, 40, 400, 500]);
    });
  },
  () => ({ bankSync: { intervalMs: 0, allowHosts: [new URL(bridge.origin).host] } }),
);

import type { BankConnection, BankConnectResult, BankPendingRow, BankSyncResult, ImportBatch } from '@kassa/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeSimplefin, type FakeAccount, type FakeSimplefin } from '../../test/bank/simplefin-server.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';

// Issue 35 against a SimpleFIN Bridge on 127.0.0.1 (test/bank/simplefin-server.ts, built from
// https://www.simplefin.org/protocol.html): claim once, map, sync through the import pipeline,
// pending rows apart until booked, the bank's balance as an anchor, failures as states.

let bridge: FakeSimplefin;
beforeAll(async () => {
  bridge = await startFakeSimplefin();
});
afterAll(() => bridge.close());

const DAY = 86_400;
/** Unix seconds of a day a number of days before today (UTC noon). */
const daysAgo = (n: number) => Math.floor(Date.UTC(...todayParts()) / 1000) + 12 * 3600 - n * DAY;
function todayParts(): [number, number, number] {
  const d = new Date();
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}
const isoDaysAgo = (n: number) => new Date(daysAgo(n) * 1000).toISOString().slice(0, 10);

function checking(transactions: FakeAccount['transactions'], balance = '1000.00'): FakeAccount {
  return {
    id: 'ACT-checking',
    name: 'Everyday Checking',
    currency: 'USD',
    balance,
    'balance-date': daysAgo(0),
    org: { name: 'First Test Bank', domain: 'bank.example' },
    transactions,
  };
}

describeEachDatabase(
  'bank connections: SimpleFIN',
  (ctx) => {
    async function connected(email: string) {
      const user = await newUser(ctx, email);
      okJson(await user.client.post('/api/currency/add', { currency: 'USD' }));
      const pockets = okJson<{ pocketId: number; currency: string }[]>(await user.client.get('/api/pocket/getall'));
      const usd = pockets.find((p) => p.currency === 'USD');
      const connect = okJson<BankConnectResult>(
        await user.client.post('/api/bank/simplefin/connect', { setupToken: bridge.setupToken() }),
      );
      return { ...user, connect, usdPocket: usd?.pocketId ?? 0 };
    }

    it('claims a setup token once, lists the accounts, and syncs booked rows with the balance as an anchor', async () => {
      bridge.accounts = [
        checking([
          { id: 'T1', posted: daysAgo(5), amount: '-42.50', description: 'GROCERY MART', payee: 'Grocery Mart' },
          { id: 'T2', posted: daysAgo(3), amount: '2500.00', description: 'PAYROLL', payee: 'Acme Corp' },
        ]),
      ];
      const { client, connect, usdPocket } = await connected('sfin-basic@example.com');
      expect(connect.accounts).toEqual([
        expect.objectContaining({
          accountId: 'ACT-checking',
          name: 'Everyday Checking',
          currency: 'USD',
          pocketId: null,
        }),
      ]);
      // The token works once.
      const token = bridge.setupToken();
      okJson(await client.post('/api/bank/simplefin/connect', { setupToken: token }));
      expectError(await client.post('/api/bank/simplefin/connect', { setupToken: token }), 400, 'already used');

      const mapped = okJson<BankConnection>(
        await client.post(`/api/bank/connection/map/${connect.connectionId}`, {
          accounts: [{ accountId: 'ACT-checking', pocketId: usdPocket }],
        }),
      );
      expect(mapped.accounts[0]?.pocketId).toBe(usdPocket);
      const sync = okJson<BankSyncResult>(await client.post(`/api/bank/connection/sync/${connect.connectionId}`));
      expect(sync.counts).toEqual({ new: 2, pending: 0, posted: 0, duplicate: 0 });
      expect(sync.batchId).not.toBeNull();
      // The bank says 1,000.00 today: the first sync anchors 1,000.00 − 2,457.50 before its first row, so the books agree.
      expect(sync.anchors).toEqual([{ pocketId: usdPocket, date: isoDaysAgo(0), balance: 1000, error: 0 }]);

      // A second sync imports nothing twice.
      const again = okJson<BankSyncResult>(await client.post(`/api/bank/connection/sync/${connect.connectionId}`));
      expect(again.counts).toEqual({ new: 0, pending: 0, posted: 0, duplicate: 2 });

      const batches = okJson<ImportBatch[]>(await client.get('/api/import/getall'));
      expect(batches[0]).toMatchObject({ source: 'simplefin', connectionId: connect.connectionId, format: 'bank' });
      // The credentials never leave: not in the answers, not in a backup.
      const all = await client.get('/api/bank/connection/getall');
      expect(all.body).not.toContain(bridge.origin.replace('http://', ''));
      const backup = await client.get('/api/backup/get');
      expect(backup.statusCode).toBe(200);
      expect(backup.body).not.toContain(bridge.origin.replace('http://', ''));
      expect(backup.body).not.toContain('kassa:');
      expect(okJson<BankConnection[]>(all)[0]?.log[0]?.counts).toEqual({
        new: 0,
        pending: 0,
        posted: 0,
        duplicate: 2,
        expired: 0,
      });
    });

    it('keeps a pending row apart, then replaces it by its booked twin (new id, another amount within a fifth)', async () => {
      bridge.accounts = [
        checking([
          { id: 'P1', posted: 0, pending: true, transacted_at: daysAgo(2), amount: '-50.00', description: 'DINER' },
        ]),
      ];
      const { client, connect, usdPocket } = await connected('sfin-pending@example.com');
      const id = connect.connectionId;
      okJson(
        await client.post(`/api/bank/connection/map/${id}`, {
          accounts: [{ accountId: 'ACT-checking', pocketId: usdPocket }],
        }),
      );
      const first = okJson<BankSyncResult>(await client.post(`/api/bank/connection/sync/${id}`));
      expect(first.counts).toEqual({ new: 0, pending: 1, posted: 0, duplicate: 0 });
      const list = okJson<{ id: number }[]>(await client.post('/api/transaction/getfiltered', { pocketId: usdPocket }));
      expect(list).toHaveLength(0);
      const held = okJson<BankConnection[]>(await client.get('/api/bank/connection/getall'))[0];
      expect(held?.accounts[0]).toMatchObject({ pendingCount: 1, pendingAmount: -50, available: 1000 });
      okJson(await client.post(`/api/bank/connection/update/${id}`, { pendingInAvailable: true }));
      const counted = okJson<BankConnection[]>(await client.get('/api/bank/connection/getall'))[0];
      expect(counted?.accounts[0]?.available).toBe(950);

      // Booked two days later with the tip, under the bank's new id: it replaces the pending row.
      bridge.accounts = [
        checking([{ id: 'B1', posted: daysAgo(0), amount: '-58.00', description: 'DINER' }], '942.00'),
      ];
      const second = okJson<BankSyncResult>(await client.post(`/api/bank/connection/sync/${id}`));
      expect(second.counts).toEqual({ new: 1, pending: 0, posted: 1, duplicate: 0 });
      const rows = okJson<BankPendingRow[]>(await client.get(`/api/bank/connection/pending/${id}`));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'posted', amount: -50 });
      expect(rows[0]?.transactionId).toBeGreaterThan(0);
      const after = okJson<BankConnection[]>(await client.get('/api/bank/connection/getall'))[0];
      expect(after?.accounts[0]).toMatchObject({ pendingCount: 0, available: 942 });
    });

    it('lets a pending row that is never booked lapse with a note', async () => {
      bridge.accounts = [
        checking([
          { id: 'P2', posted: 0, pending: true, transacted_at: daysAgo(1), amount: '-1.00', description: 'HOLD' },
        ]),
      ];
      const { client, connect, usdPocket } = await connected('sfin-lapse@example.com');
      const id = connect.connectionId;
      okJson(
        await client.post(`/api/bank/connection/map/${id}`, {
          accounts: [{ accountId: 'ACT-checking', pocketId: usdPocket }],
        }),
      );
      okJson(await client.post(`/api/bank/connection/sync/${id}`));
      bridge.accounts = [checking([])];
      okJson(await client.post(`/api/bank/connection/sync/${id}`));
      const rows = okJson<BankPendingRow[]>(await client.get(`/api/bank/connection/pending/${id}`));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.status).toBe('expired');
      expect(rows[0]?.note).toContain('Not booked');
      const log = okJson<BankConnection[]>(await client.get('/api/bank/connection/getall'))[0]?.log;
      expect(log?.[0]?.counts.expired).toBe(1);
    });

    it('refuses a claim URL on a private or loopback address, and plain http to a host not allowed', async () => {
      const { client } = await newUser(ctx, 'sfin-ssrf@example.com');
      for (const claim of [
        'https://127.0.0.1/claim/x',
        'https://10.1.2.3/claim/x',
        'https://[::1]/claim',
        'http://example.com/claim',
      ])
        expectError(await client.post('/api/bank/simplefin/connect', { setupToken: bridge.setupTokenFor(claim) }), 400);
      expectError(
        await client.post('/api/bank/simplefin/connect', { setupToken: 'not a token' }),
        400,
        'not a SimpleFIN setup token',
      );
      expect(okJson<BankConnection[]>(await client.get('/api/bank/connection/getall'))).toEqual([]);
    });

    it('waits as the bank asks (429), says a revoked access plainly, and never fetches unmapped accounts', async () => {
      bridge.accounts = [checking([])];
      const { client, connect, usdPocket } = await connected('sfin-limits@example.com');
      const id = connect.connectionId;
      // Not mapped: nothing is asked of the bridge.
      const before = bridge.requests.length;
      const nothing = okJson<BankSyncResult>(await client.post(`/api/bank/connection/sync/${id}`));
      expect(nothing).toEqual({ batchId: null, counts: { new: 0, pending: 0, posted: 0, duplicate: 0 }, anchors: [] });
      expect(bridge.requests.length).toBe(before);

      okJson(
        await client.post(`/api/bank/connection/map/${id}`, {
          accounts: [{ accountId: 'ACT-checking', pocketId: usdPocket }],
        }),
      );
      // Mapped: the bridge is asked for that account only.
      const mappedAt = bridge.requests.length;
      okJson(await client.post(`/api/bank/connection/sync/${id}`));
      expect(bridge.requests.slice(mappedAt).map((r) => r.query.getAll('account'))).toEqual([['ACT-checking']]);
      bridge.rateLimit(1, '120');
      const limited = await client.post(`/api/bank/connection/sync/${id}`);
      expectError(limited, 429, 'wait');
      expect(limited.headers['retry-after']).toBe('120');
      // The connection remembers it: no call to the bridge before the time is up.
      const asked = bridge.requests.length;
      expectError(await client.post(`/api/bank/connection/sync/${id}`), 429, 'wait until');
      expect(bridge.requests.length).toBe(asked);
      expect(okJson<BankConnection[]>(await client.get('/api/bank/connection/getall'))[0]?.retryAfter).not.toBeNull();
    });

    it('turns a malformed answer into a 502 that names it, and a revoked access into an expired connection', async () => {
      bridge.accounts = [checking([])];
      const { client, connect, usdPocket } = await connected('sfin-broken@example.com');
      const id = connect.connectionId;
      okJson(
        await client.post(`/api/bank/connection/map/${id}`, {
          accounts: [{ accountId: 'ACT-checking', pocketId: usdPocket }],
        }),
      );
      bridge.malformedOnce('{"accounts": [{"id": "A", "balance": "12,50"}]}');
      expectError(await client.post(`/api/bank/connection/sync/${id}`), 502, 'does not follow the protocol');
      // A decimal with more places than the currency has is the bank's error too, never a 500.
      bridge.accounts = [checking([{ id: 'X1', posted: daysAgo(1), amount: '-1.234', description: 'ODD' }])];
      expectError(await client.post(`/api/bank/connection/sync/${id}`), 502, 'not an amount of USD');
      bridge.accounts = [checking([])];
      bridge.revoke();
      try {
        expectError(await client.post(`/api/bank/connection/sync/${id}`), 409, 'connect again');
        const state = okJson<BankConnection[]>(await client.get('/api/bank/connection/getall'))[0];
        expect(state).toMatchObject({ status: 'expired', consentExpiresSoon: true });
        expectError(await client.post(`/api/bank/connection/sync/${id}`), 409, 'consent');
      } finally {
        bridge.revoke(false);
      }
      // A new setup token connects the same connection again: its account keeps its pocket, and syncs.
      const again = okJson<BankConnectResult>(
        await client.post('/api/bank/simplefin/connect', { setupToken: bridge.setupToken(), connectionId: id }),
      );
      expect(again.connectionId).toBe(id);
      expect(again.accounts).toEqual([
        expect.objectContaining({ accountId: 'ACT-checking', pocketId: usdPocket, balance: 1000 }),
      ]);
      const renewed = okJson<BankConnection[]>(await client.get('/api/bank/connection/getall'));
      expect(renewed.map((c) => c.status)).toEqual(['active']);
      expect(okJson<BankSyncResult>(await client.post(`/api/bank/connection/sync/${id}`)).counts).toMatchObject({
        new: 0,
      });
    });

    it("answers 404 for another book's connection and a pocket of another currency is refused", async () => {
      bridge.accounts = [checking([])];
      const { client, connect } = await connected('sfin-owner@example.com');
      const other = await newUser(ctx, 'sfin-other@example.com');
      expectError(await other.client.post(`/api/bank/connection/sync/${connect.connectionId}`), 404);
      expectError(await other.client.get(`/api/bank/connection/pending/${connect.connectionId}`), 404);
      const pockets = okJson<{ pocketId: number; currency: string }[]>(await client.get('/api/pocket/getall'));
      const eur = pockets.find((p) => p.currency === 'EUR')?.pocketId;
      expectError(
        await client.post(`/api/bank/connection/map/${connect.connectionId}`, {
          accounts: [{ accountId: 'ACT-checking', pocketId: eur }],
        }),
        400,
        'holds EUR, the account USD',
      );
      const created = okJson<BankConnection>(
        await client.post(`/api/bank/connection/map/${connect.connectionId}`, {
          accounts: [{ accountId: 'ACT-checking', pocketId: null, newPocketName: 'Checking' }],
        }),
      );
      expect(created.accounts[0]?.pocketId).toEqual(expect.any(Number));
      expect(await client.delete(`/api/bank/connection/delete/${connect.connectionId}`)).toMatchObject({
        statusCode: 204,
      });
      expect(okJson<BankConnection[]>(await client.get('/api/bank/connection/getall'))).toEqual([]);
    });
  },
  // Only the bridge's own host and port: 127.0.0.1 on any other port stays refused.
  () => ({ bankSync: { intervalMs: 0, allowHosts: [new URL(bridge.origin).host] } }),
);

import type { BankConnection, BankConnectResult, BankSyncResult } from '@kassa/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { startFakeSimplefin, type FakeAccount, type FakeSimplefin } from '../../test/bank/simplefin-server.js';
import { TestClient } from '../../test/client.js';
import { TEST_JWT_SECRET } from '../../test/config.js';
import { describeEachDatabase } from '../../test/harness.js';
import { newUser, okJson } from '../../test/ledger.js';

// Bank sync as it lives beside the rest (issue 35): two instances syncing one connection at
// once import each row once; a re-linked account (new connection, new ids) imports nothing it
// already has; the scheduled sync runs by itself.

let bridge: FakeSimplefin;
beforeAll(async () => {
  bridge = await startFakeSimplefin();
});
afterAll(() => bridge.close());

const noon = (daysAgo: number) => {
  const d = new Date();
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12) / 1000) - daysAgo * 86_400;
};

const account = (ids: [string, string, string]): FakeAccount => ({
  id: 'ACT-1',
  name: 'Checking',
  currency: 'EUR',
  balance: '300.00',
  'balance-date': noon(0),
  transactions: [
    { id: ids[0], posted: noon(9), amount: '-20.00', description: 'BAKERY', payee: 'Bakery' },
    { id: ids[1], posted: noon(8), amount: '-35.10', description: 'PHARMACY', payee: 'Pharmacy' },
    { id: ids[2], posted: noon(7), amount: '-4.90', description: 'KIOSK', payee: 'Kiosk' },
  ],
});

const config = (intervalMs: number) => () => ({
  bankSync: { intervalMs, allowHosts: [new URL(bridge.origin).host] },
});

describeEachDatabase(
  'bank sync beside the rest',
  (ctx) => {
    async function linked(client: TestClient) {
      const connect = okJson<BankConnectResult>(
        await client.post('/api/bank/simplefin/connect', { setupToken: bridge.setupToken() }),
      );
      const pockets = okJson<{ pocketId: number; currency: string }[]>(await client.get('/api/pocket/getall'));
      const pocketId = pockets.find((p) => p.currency === 'EUR')?.pocketId ?? 0;
      okJson(
        await client.post(`/api/bank/connection/map/${connect.connectionId}`, {
          accounts: [{ accountId: 'ACT-1', pocketId }],
        }),
      );
      return { id: connect.connectionId, pocketId };
    }
    const count = async (client: TestClient, pocketId: number) =>
      okJson<unknown[]>(await client.post('/api/transaction/getfiltered', { pocketId })).length;

    it('imports each row once when two instances sync the same connection at once', async () => {
      bridge.accounts = [account(['A1', 'A2', 'A3'])];
      const { client } = await newUser(ctx, 'together-two@example.com');
      const { id, pocketId } = await linked(client);
      const second = await buildApp({
        config: ctx.config,
        database: ctx.database,
        jwtSecret: TEST_JWT_SECRET,
        logger: false,
      });
      try {
        const other = new TestClient(second);
        await other.login('together-two@example.com', 'password-123');
        const answers = await Promise.all([
          client.post(`/api/bank/connection/sync/${id}`),
          other.post(`/api/bank/connection/sync/${id}`),
        ]);
        // One sync ran, or both ran one after the other: never both at once.
        for (const res of answers) expect([200, 409]).toContain(res.statusCode);
        const imported = answers
          .filter((res) => res.statusCode === 200)
          .reduce((sum, res) => sum + res.json<BankSyncResult>().counts.new, 0);
        expect(imported).toBe(3);
        expect(await count(client, pocketId)).toBe(3);
      } finally {
        await second.close();
      }
    });

    it('imports nothing again when the account is linked anew and the bank gives its rows new ids', async () => {
      bridge.accounts = [account(['B1', 'B2', 'B3'])];
      const { client } = await newUser(ctx, 'together-relink@example.com');
      const first = await linked(client);
      expect(okJson<BankSyncResult>(await client.post(`/api/bank/connection/sync/${first.id}`)).counts.new).toBe(3);
      expect((await client.delete(`/api/bank/connection/delete/${first.id}`)).statusCode).toBe(204);

      bridge.accounts = [account(['R1', 'R2', 'R3'])];
      const again = await linked(client);
      const sync = okJson<BankSyncResult>(await client.post(`/api/bank/connection/sync/${again.id}`));
      expect(sync.counts).toEqual({ new: 0, pending: 0, posted: 0, duplicate: 3 });
      expect(sync.anchors[0]?.error).toBe(0);
      expect(await count(client, first.pocketId)).toBe(3);
    });

    it('still imports a second identical purchase of the same day that the bank lists later under its own id', async () => {
      const coffee = (id: string) => ({ id, posted: noon(2), amount: '-3.20', description: 'CAFE', payee: 'Cafe' });
      bridge.accounts = [{ ...account(['C0', 'C00', 'C000']), transactions: [coffee('C1')] }];
      const { client } = await newUser(ctx, 'together-coffee@example.com');
      const { id, pocketId } = await linked(client);
      expect(okJson<BankSyncResult>(await client.post(`/api/bank/connection/sync/${id}`)).counts.new).toBe(1);
      bridge.accounts = [{ ...account(['C0', 'C00', 'C000']), transactions: [coffee('C1'), coffee('C2')] }];
      const sync = okJson<BankSyncResult>(await client.post(`/api/bank/connection/sync/${id}`));
      expect(sync.counts).toMatchObject({ new: 1, duplicate: 1 });
      expect(await count(client, pocketId)).toBe(2);
    });
  },
  config(0),
);

describeEachDatabase(
  'the scheduled bank sync',
  (ctx) => {
    it('syncs a connection by itself once its interval has passed, and logs it as scheduled', async () => {
      bridge.accounts = [account(['S1', 'S2', 'S3'])];
      const { client } = await newUser(ctx, 'together-scheduled@example.com');
      const connect = okJson<BankConnectResult>(
        await client.post('/api/bank/simplefin/connect', { setupToken: bridge.setupToken() }),
      );
      const pockets = okJson<{ pocketId: number; currency: string }[]>(await client.get('/api/pocket/getall'));
      okJson(
        await client.post(`/api/bank/connection/map/${connect.connectionId}`, {
          accounts: [{ accountId: 'ACT-1', pocketId: pockets.find((p) => p.currency === 'EUR')?.pocketId }],
        }),
      );
      let log: BankConnection['log'] = [];
      for (let i = 0; i < 100 && !log.some((l) => l.counts.new === 3); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        log = okJson<BankConnection[]>(await client.get('/api/bank/connection/getall'))[0]?.log ?? [];
      }
      expect(log.find((l) => l.counts.new === 3)).toMatchObject({ trigger: 'scheduled', error: null });
    });
  },
  // A tick of 100 ms: the connection, never synced, is due at once.
  config(1000),
);

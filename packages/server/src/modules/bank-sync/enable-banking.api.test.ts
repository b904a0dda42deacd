import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BankConnection, BankSyncResult } from '@kassa/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EnableBankingServer, generateAppKeys, type EbTransaction } from '../../test/bank/enable-banking-server.js';
import { describeEachDatabase } from '../../test/harness.js';
import { expectError, newUser, okJson } from '../../test/ledger.js';

// Issue 35 with Enable Banking (test/bank/enable-banking-server.ts verifies every request's
// RS256 signature): the consent round trip through the bank and back, accounts in two
// currencies, every page of rows, pending rows booked under a shared transaction id, and the
// consent's end as a state with a re-connect.

const APP_ID = 'kassa-test-app';
const keys = generateAppKeys();
const bank = new EnableBankingServer(APP_ID, keys.publicKeyPem);
let keyDir = '';

beforeAll(async () => {
  await bank.start();
  keyDir = mkdtempSync(path.join(tmpdir(), 'kassa-eb-'));
  writeFileSync(path.join(keyDir, 'app.pem'), keys.privateKeyPem);
});
afterAll(async () => {
  await bank.stop();
  rmSync(keyDir, { recursive: true, force: true });
});

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const row = (id: string, amount: string, sign: 'CRDT' | 'DBIT', date: string, extra: Partial<EbTransaction> = {}) =>
  ({
    entry_reference: id,
    transaction_amount: { currency: extra.transaction_amount?.currency ?? 'EUR', amount },
    credit_debit_indicator: sign,
    status: 'BOOK',
    booking_date: date,
    remittance_information: [`Row ${id}`],
    ...extra,
  }) satisfies EbTransaction;

describeEachDatabase(
  'bank connections: Enable Banking',
  (ctx) => {
    /** Starts the consent as the web does, goes through the bank, comes back; answers the connection id. */
    async function connect(client: ReturnType<typeof ctx.client>, body: object): Promise<number> {
      const start = await client.post('/api/bank/enablebanking/start', body);
      const { url } = okJson<{ url: string }>(start);
      const cookie = String(start.headers['set-cookie'] ?? '').split(';')[0] ?? '';
      // The bank's page sends the browser back to Kassa with a code and the state.
      const atBank = await fetch(url, { redirect: 'manual' });
      const back = new URL(atBank.headers.get('location') ?? '');
      const returned = await ctx.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie },
      });
      expect(returned.statusCode).toBe(302);
      const to = new URL(String(returned.headers.location), 'http://kassa');
      expect(to.pathname).toBe('/manage/bank');
      return Number(to.searchParams.get('connected'));
    }

    it('connects through the consent, syncs every page in two currencies, and books a pending row by its transaction id', async () => {
      bank.banks = [{ name: 'Test Bank', country: 'FI', maximumConsentValidity: 180 * 86_400 }];
      bank.pageSize = 2;
      bank.accounts = [
        {
          id: 'eur',
          currency: 'EUR',
          iban: 'FI2112345600000785',
          details: 'Current account',
          balances: [
            {
              name: 'Booked',
              balance_type: 'CLBD',
              balance_amount: { currency: 'EUR', amount: '500.00' },
              reference_date: today(),
            },
          ],
          transactions: [
            row('E1', '100.00', 'CRDT', daysAgo(6)),
            row('E2', '12.34', 'DBIT', daysAgo(5)),
            row('E3', '7.66', 'DBIT', daysAgo(4)),
            {
              ...row('E4', '20.00', 'DBIT', daysAgo(1)),
              status: 'PDNG',
              transaction_id: 'TX-4',
              booking_date: undefined,
              transaction_date: daysAgo(1),
            },
          ],
        },
        {
          id: 'sek',
          currency: 'SEK',
          iban: 'SE4550000000058398257466',
          details: 'Savings',
          balances: [
            {
              name: 'Booked',
              balance_type: 'CLBD',
              balance_amount: { currency: 'SEK', amount: '1000.00' },
              reference_date: today(),
            },
          ],
          transactions: [
            row('S1', '1000.00', 'CRDT', daysAgo(3), { transaction_amount: { currency: 'SEK', amount: '1000.00' } }),
          ],
        },
      ];
      const { client } = await newUser(ctx, 'eb-journey@example.com');
      okJson(await client.post('/api/currency/add', { currency: 'SEK' }));
      expect(okJson<{ available: boolean }>(await client.get('/api/bank/enablebanking/available'))).toEqual({
        available: true,
      });
      const banks = okJson<{ name: string }[]>(await client.get('/api/bank/enablebanking/banks?country=fi'));
      expect(banks.map((b) => b.name)).toEqual(['Test Bank']);

      const id = await connect(client, { country: 'FI', bank: 'Test Bank' });
      const [connection] = okJson<BankConnection[]>(await client.get('/api/bank/connection/getall'));
      expect(connection).toMatchObject({
        connectionId: id,
        provider: 'enablebanking',
        status: 'active',
        consentExpiresSoon: false,
      });
      expect(connection?.consentExpiresAt).not.toBeNull();
      const eur = connection?.accounts.find((a) => a.currency === 'EUR');
      const sek = connection?.accounts.find((a) => a.currency === 'SEK');
      const mapped = okJson<BankConnection>(
        await client.post(`/api/bank/connection/map/${id}`, {
          accounts: [
            { accountId: eur?.accountId, pocketId: null, newPocketName: 'Current' },
            { accountId: sek?.accountId, pocketId: null, newPocketName: 'Savings' },
          ],
        }),
      );
      const eurPocket = mapped.accounts.find((a) => a.currency === 'EUR')?.pocketId;

      const sync = okJson<BankSyncResult>(await client.post(`/api/bank/connection/sync/${id}`));
      expect(sync.counts).toEqual({ new: 4, pending: 1, posted: 0, duplicate: 0 });
      expect(sync.anchors.map((a) => [a.balance, a.error]).sort()).toEqual([
        [1000, 0],
        [500, 0],
      ]);
      // Every page was read (page size 2): three booked EUR rows, and only mapped accounts' uids were asked for.
      expect(bank.requests.filter((r) => r.path.endsWith('/transactions')).length).toBeGreaterThanOrEqual(3);
      expect(bank.requests.filter((r) => !r.path.startsWith('/consent/')).every((r) => r.signed)).toBe(true);

      // The pending payment is booked under its transaction id with another entry reference.
      bank.account('eur').transactions[3] = row('E4-booked', '20.00', 'DBIT', today(), { transaction_id: 'TX-4' });
      bank.account('eur').balances = [
        {
          name: 'Booked',
          balance_type: 'CLBD',
          balance_amount: { currency: 'EUR', amount: '480.00' },
          reference_date: today(),
        },
      ];
      const second = okJson<BankSyncResult>(await client.post(`/api/bank/connection/sync/${id}`));
      expect(second.counts).toEqual({ new: 1, pending: 0, posted: 1, duplicate: 4 });
      expect(second.anchors.find((a) => a.pocketId === eurPocket)).toMatchObject({ balance: 480, error: 0 });
    });

    it('shows an ended consent as an expired connection, offers re-connecting, and keeps the pockets through it', async () => {
      bank.banks = [{ name: 'Test Bank', country: 'FI', maximumConsentValidity: 180 * 86_400 }];
      bank.accounts = [
        {
          id: 'solo',
          currency: 'EUR',
          iban: 'FI5542345670000081',
          details: 'Current account',
          balances: [
            {
              name: 'Booked',
              balance_type: 'CLBD',
              balance_amount: { currency: 'EUR', amount: '10.00' },
              reference_date: today(),
            },
          ],
          transactions: [row('X1', '10.00', 'CRDT', daysAgo(2))],
        },
      ];
      const { client } = await newUser(ctx, 'eb-expired@example.com');
      const id = await connect(client, { country: 'FI', bank: 'Test Bank' });
      const account = okJson<BankConnection[]>(await client.get('/api/bank/connection/getall'))[0]?.accounts[0];
      const mapped = okJson<BankConnection>(
        await client.post(`/api/bank/connection/map/${id}`, {
          accounts: [{ accountId: account?.accountId, pocketId: null, newPocketName: 'Bank' }],
        }),
      );
      okJson(await client.post(`/api/bank/connection/sync/${id}`));
      // Every session at the bank ends: the next read says so.
      for (const s of bank.sessionIds()) bank.expire(s);
      expectError(await client.post(`/api/bank/connection/sync/${id}`), 409);
      const expired = okJson<BankConnection[]>(await client.get('/api/bank/connection/getall'))[0];
      expect(expired).toMatchObject({ status: 'expired', consentExpiresSoon: true });

      // Re-connecting renews the same connection; the account's new uid keeps its pocket, and nothing is imported twice.
      expect(await connect(client, { country: 'FI', bank: 'Test Bank', connectionId: id })).toBe(id);
      const renewed = okJson<BankConnection[]>(await client.get('/api/bank/connection/getall'))[0];
      expect(renewed?.status).toBe('active');
      const withPocket = renewed?.accounts.filter((a) => a.pocketId === mapped.accounts[0]?.pocketId) ?? [];
      expect(withPocket).toHaveLength(1);
      const again = okJson<BankSyncResult>(await client.post(`/api/bank/connection/sync/${id}`));
      expect(again.counts).toMatchObject({ new: 0, duplicate: 1 });
    });

    it('refuses a return that did not start in this browser, and a bank the provider does not offer', async () => {
      bank.banks = [{ name: 'Test Bank', country: 'FI', maximumConsentValidity: 180 * 86_400 }];
      const { client } = await newUser(ctx, 'eb-refusals@example.com');
      expectError(
        await client.post('/api/bank/enablebanking/start', { country: 'FI', bank: 'No Such Bank' }),
        400,
        'not a bank',
      );
      const start = okJson<{ url: string }>(
        await client.post('/api/bank/enablebanking/start', { country: 'FI', bank: 'Test Bank' }),
      );
      const atBank = await fetch(start.url, { redirect: 'manual' });
      const back = new URL(atBank.headers.get('location') ?? '');
      // Without the starting browser's cookie (a link sent to someone else), nothing is connected.
      const returned = await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
      expect(returned.statusCode).toBe(302);
      expect(String(returned.headers.location)).toContain('error=');
      expect(okJson<BankConnection[]>(await client.get('/api/bank/connection/getall'))).toEqual([]);
    });
  },
  () => ({
    bankSync: {
      intervalMs: 0,
      allowHosts: [new URL(bank.url).host],
      enableBanking: { appId: APP_ID, keyFile: path.join(keyDir, 'app.pem'), apiUrl: bank.url },
    },
  }),
);

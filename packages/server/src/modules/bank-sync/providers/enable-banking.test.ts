import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnableBankingServer, generateAppKeys, type FakeAccount } from '../../../test/bank/enable-banking-server.js';
import { EnableBankingClient, MAX_TRANSACTION_PAGES } from './enable-banking.js';
import { ProviderError, type ProviderErrorKind } from './types.js';

const APP_ID = 'cf589be3-3755-465b-a8df-a90a16a31403';
const keys = generateAppKeys();
const policy = { allowHosts: ['127.0.0.1'] };
const DAY_MS = 86_400_000;

const checking = (): FakeAccount => ({
  id: 'checking',
  currency: 'EUR',
  iban: 'FI1737631867613465',
  holder: 'Maija Meikäläinen',
  product: 'Current account',
  balances: [
    { name: 'Available', balance_amount: { currency: 'EUR', amount: '1500.00' }, balance_type: 'ITAV' },
    {
      name: 'Booked',
      balance_amount: { currency: 'EUR', amount: '1234.56' },
      balance_type: 'CLBD',
      reference_date: '2026-03-31',
    },
  ],
  transactions: [
    {
      entry_reference: 'E1',
      transaction_amount: { currency: 'EUR', amount: '1234.56' },
      credit_debit_indicator: 'DBIT',
      status: 'BOOK',
      booking_date: '2026-03-02',
      value_date: '2026-03-01',
      creditor: { name: 'Landlord Oy' },
      debtor: { name: 'Maija Meikäläinen' },
      remittance_information: ['Rent', 'March'],
    },
    {
      entry_reference: 'E2',
      transaction_amount: { currency: 'EUR', amount: '2500.10' },
      credit_debit_indicator: 'CRDT',
      status: 'BOOK',
      booking_date: '2026-03-05',
      debtor: { name: 'Employer Oyj' },
      creditor: { name: 'Maija Meikäläinen' },
      remittance_information: ['Salary'],
    },
    {
      transaction_id: 'T3',
      transaction_amount: { currency: 'EUR', amount: '0.10' },
      credit_debit_indicator: 'DBIT',
      status: 'BOOK',
      booking_date: '2026-03-10',
    },
    {
      entry_reference: 'E4',
      transaction_amount: { currency: 'EUR', amount: '98765432109876543210.99' },
      credit_debit_indicator: 'CRDT',
      status: 'BOOK',
      booking_date: '2026-03-12',
    },
    {
      entry_reference: 'E5',
      transaction_amount: { currency: 'EUR', amount: '42.00' },
      credit_debit_indicator: 'DBIT',
      status: 'RJCT',
      booking_date: '2026-03-13',
    },
  ],
});

const savings = (): FakeAccount => ({
  id: 'savings',
  currency: 'SEK',
  other: '12345678',
  details: 'Buffer',
  balances: [
    {
      name: 'Interim',
      balance_amount: { currency: 'SEK', amount: '-12.30' },
      balance_type: 'ITBD',
      last_change_date_time: '2026-03-30T23:10:00+02:00',
    },
  ],
  transactions: [
    {
      entry_reference: 'S1',
      transaction_amount: { currency: 'SEK', amount: '100' },
      credit_debit_indicator: 'CRDT',
      status: 'BOOK',
      booking_date: '2026-03-03',
    },
    {
      entry_reference: 'S2',
      transaction_amount: { currency: 'SEK', amount: '112.30' },
      credit_debit_indicator: 'DBIT',
      status: 'BOOK',
      booking_date: '2026-03-04',
    },
    {
      entry_reference: 'S3',
      transaction_amount: { currency: 'SEK', amount: '5.00' },
      credit_debit_indicator: 'DBIT',
      status: 'BOOK',
      booking_date: '2026-04-15',
    },
  ],
});

let server: EnableBankingServer;
let client: EnableBankingClient;

beforeEach(async () => {
  server = new EnableBankingServer(APP_ID, keys.publicKeyPem);
  server.banks = [
    { name: 'Nordea', country: 'FI', maximumConsentValidity: 180 * 86_400 },
    { name: 'OP', country: 'FI', maximumConsentValidity: 90 * 86_400 + 3600 },
    { name: 'SEB', country: 'SE', maximumConsentValidity: 90 * 86_400 },
  ];
  server.accounts = [checking(), savings()];
  await server.start();
  client = new EnableBankingClient({ appId: APP_ID, privateKeyPem: keys.privateKeyPem, baseUrl: server.url, policy });
});

afterEach(async () => {
  await server.stop();
});

/** The consent run through as a user would: start, approve at the bank, back with the code. */
async function connect(on = client) {
  const started = await on.startAuth({
    country: 'FI',
    bank: 'Nordea',
    redirectUrl: 'https://kassa.example/bank/enablebanking/return?book=7',
    state: 'state-123',
    validUntil: new Date(Date.now() + 90 * DAY_MS),
  });
  const back = new URL(server.authorize(started.authorizationId));
  const code = back.searchParams.get('code');
  if (code === null) throw new Error('no code in the redirect');
  return { started, back, session: await on.createSession(code) };
}

async function failure(promise: Promise<unknown>, kind: ProviderErrorKind): Promise<ProviderError> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  expect((err as ProviderError).kind).toBe(kind);
  return err as ProviderError;
}

const uidOf = (session: { accounts: { accountId: string; currency: string }[] }, currency: string) => {
  const account = session.accounts.find((a) => a.currency === currency);
  if (account === undefined) throw new Error(`no ${currency} account`);
  return account.accountId;
};

describe('Enable Banking client against the local API', () => {
  it('lists the banks of a country with their longest consent in days', async () => {
    expect(await client.listBanks('fi')).toEqual([
      { name: 'Nordea', country: 'FI', maxConsentDays: 180 },
      { name: 'OP', country: 'FI', maxConsentDays: 90 },
    ]);
    expect(server.requests.at(-1)).toMatchObject({ path: '/aspsps', query: { country: 'FI' }, signed: true });
  });

  it('starts the consent, comes back with code and state, and makes a session with the accounts', async () => {
    const { started, back, session } = await connect();
    expect(started.url).toBe(`${server.url}/consent/${started.authorizationId}`);
    expect(back.origin + back.pathname).toBe('https://kassa.example/bank/enablebanking/return');
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.get('book')).toBe('7');
    expect(Date.parse(session.validUntil)).toBeGreaterThan(Date.now() + 89 * DAY_MS);
    expect(session.validUntil).toMatch(/Z$/);
    expect(session.accounts).toEqual([
      {
        accountId: server.uidOf(session.sessionId, 'checking'),
        name: 'Current account ••3465',
        currency: 'EUR',
        balance: null,
        balanceDate: null,
      },
      {
        accountId: server.uidOf(session.sessionId, 'savings'),
        name: 'Buffer ••5678',
        currency: 'SEK',
        balance: null,
        balanceDate: null,
      },
    ]);
  });

  it('sends the user to a consent page that comes back with a code, or with the refusal', async () => {
    const input = {
      country: 'FI',
      bank: 'OP',
      redirectUrl: 'https://kassa.example/back',
      state: 'state-9',
      validUntil: new Date(Date.now() + 30 * DAY_MS),
    };
    const approved = await client.startAuth(input);
    const page = await fetch(approved.url, { redirect: 'manual' });
    const back = new URL(page.headers.get('location') ?? '');
    expect(page.status).toBe(302);
    expect(back.searchParams.get('state')).toBe('state-9');
    const session = await client.createSession(back.searchParams.get('code') ?? '');
    expect(session.accounts).toHaveLength(2);

    const declined = new URL(server.deny((await client.startAuth(input)).authorizationId));
    expect([declined.searchParams.get('error'), declined.searchParams.get('state')]).toEqual([
      'access_denied',
      'state-9',
    ]);
    expect(declined.searchParams.has('code')).toBe(false);
  });

  it('refuses a code used twice, in the words of the provider', async () => {
    const started = await client.startAuth({
      country: 'FI',
      bank: 'Nordea',
      redirectUrl: 'https://kassa.example/back',
      state: 's',
      validUntil: new Date(Date.now() + DAY_MS),
    });
    const code = new URL(server.authorize(started.authorizationId)).searchParams.get('code') ?? '';
    await client.createSession(code);
    const err = await failure(client.createSession(code), 'refused');
    expect(err.message).toContain('Wrong authorization code provided');
  });

  it('refuses a consent longer than the bank gives (a 4xx, with the message of the provider)', async () => {
    const err = await failure(
      client.startAuth({
        country: 'SE',
        bank: 'SEB',
        redirectUrl: 'https://kassa.example/back',
        state: 's',
        validUntil: new Date(Date.now() + 200 * DAY_MS),
      }),
      'refused',
    );
    expect(err.message).toMatch(/^Enable Banking refused the start of the consent: ".*maximum_consent_validity"$/);
  });

  it('reads the booked balance and every page of transactions, in two currencies', async () => {
    const { session } = await connect();
    const eur = await client.fetchAccount(uidOf(session, 'EUR'), '2026-03-01', '2026-03-31');
    expect(eur.account).toEqual({
      accountId: uidOf(session, 'EUR'),
      name: uidOf(session, 'EUR'),
      currency: 'EUR',
      balance: '1234.56',
      balanceDate: '2026-03-31',
    });
    expect(eur.transactions.map((t) => [t.externalId, t.date, t.amount, t.payee, t.description])).toEqual([
      ['E1', '2026-03-02', '-1234.56', 'Landlord Oy', 'Rent March'],
      ['E2', '2026-03-05', '2500.10', 'Employer Oyj', 'Salary'],
      ['T3', '2026-03-10', '-0.10', '', ''],
      ['E4', '2026-03-12', '98765432109876543210.99', '', ''],
    ]);
    const pages = server.requests.filter((r) => r.path.endsWith('/transactions'));
    expect(pages).toHaveLength(3);
    expect(pages[0]?.query).toEqual({ date_from: '2026-03-01', date_to: '2026-03-31' });
    expect(pages[1]?.query.continuation_key).toBeDefined();
    expect(pages[2]?.query.continuation_key).not.toBe(pages[1]?.query.continuation_key);

    const sek = await client.fetchAccount(uidOf(session, 'SEK'), '2026-03-01', '2026-03-31');
    expect(sek.account).toMatchObject({ currency: 'SEK', balance: '-12.30', balanceDate: '2026-03-30' });
    expect(sek.transactions.map((t) => t.amount)).toEqual(['100', '-112.30']);
  });

  it('fetches only the account asked for: an unmapped account is never read', async () => {
    const { session } = await connect();
    await client.fetchAccount(uidOf(session, 'SEK'), '2026-03-01', '2026-04-30');
    const read = server.requests.filter((r) => r.path.startsWith('/accounts/')).map((r) => r.path.split('/')[2]);
    expect(new Set(read)).toEqual(new Set([uidOf(session, 'SEK')]));
  });

  it('gives no balance when the bank has only available ones, and takes the currency from the rows', async () => {
    server.account('checking').balances = [
      { name: 'Available', balance_amount: { currency: 'EUR', amount: '99.00' }, balance_type: 'CLAV' },
    ];
    const { session } = await connect();
    const data = await client.fetchAccount(uidOf(session, 'EUR'), '2026-03-01', '2026-03-31');
    expect(data.account).toMatchObject({ currency: 'EUR', balance: null, balanceDate: null });
  });

  it('keeps pending rows apart and links them to their booked twin through transaction_id', async () => {
    const rows = server.account('checking').transactions;
    rows.push(
      {
        transaction_id: 'card-77',
        transaction_amount: { currency: 'EUR', amount: '12.40' },
        credit_debit_indicator: 'DBIT',
        status: 'PDNG',
        transaction_date: '2026-03-20',
        creditor: { name: 'Café Aalto' },
      },
      {
        transaction_amount: { currency: 'EUR', amount: '7.00' },
        credit_debit_indicator: 'DBIT',
        status: 'PDNG',
        transaction_date: '2026-03-21',
        creditor: { name: 'Kiosk' },
        remittance_information: ['Card 1234'],
      },
    );
    const { session } = await connect();
    const uid = uidOf(session, 'EUR');
    const before = (await client.fetchAccount(uid, '2026-03-01', '2026-03-31')).transactions.filter((t) => t.pending);
    expect(before).toEqual([
      {
        externalId: 'card-77',
        date: '2026-03-20',
        amount: '-12.40',
        description: '',
        payee: 'Café Aalto',
        pending: true,
        link: 'card-77',
      },
      {
        externalId: expect.stringMatching(/^eb-sha256:[0-9a-f]{64}$/) as string,
        date: '2026-03-21',
        amount: '-7.00',
        description: 'Card 1234',
        payee: 'Kiosk',
        pending: true,
        link: null,
      },
    ]);
    // The same unlabelled row read again has the same id: re-reading never makes a new row.
    const again = (await client.fetchAccount(uid, '2026-03-01', '2026-03-31')).transactions.filter((t) => t.pending);
    expect(again[1]?.externalId).toBe(before[1]?.externalId);

    server.bookPending('checking', 'card-77', {
      bookingDate: '2026-03-22',
      entryReference: 'E77',
      keepTransactionId: true,
    });
    const kiosk = rows.find((t) => t.creditor?.name === 'Kiosk');
    if (kiosk === undefined) throw new Error('no kiosk row');
    Object.assign(kiosk, { status: 'BOOK', booking_date: '2026-03-23', entry_reference: 'E78' });
    const after = (await client.fetchAccount(uid, '2026-03-01', '2026-03-31')).transactions;
    expect(after.filter((t) => t.pending)).toEqual([]);
    expect(after.find((t) => t.externalId === 'E77')).toMatchObject({
      date: '2026-03-22',
      amount: '-12.40',
      pending: false,
      link: 'card-77',
    });
    expect(after.find((t) => t.externalId === 'E78')).toMatchObject({ date: '2026-03-23', pending: false, link: null });
  });

  it('drops the link when the bank books a pending row under a new identity', async () => {
    server.account('checking').transactions.push({
      transaction_id: 'card-88',
      transaction_amount: { currency: 'EUR', amount: '5.55' },
      credit_debit_indicator: 'DBIT',
      status: 'PDNG',
      transaction_date: '2026-03-24',
    });
    const { session } = await connect();
    server.bookPending('checking', 'card-88', {
      bookingDate: '2026-03-25',
      entryReference: 'E88',
      keepTransactionId: false,
    });
    const rows = (await client.fetchAccount(uidOf(session, 'EUR'), '2026-03-01', '2026-03-31')).transactions;
    expect(rows.find((t) => t.externalId === 'E88')).toMatchObject({ amount: '-5.55', pending: false, link: null });
  });

  it('tells identical unlabelled rows on one day apart', async () => {
    const coffee = {
      transaction_amount: { currency: 'EUR', amount: '3.20' },
      credit_debit_indicator: 'DBIT' as const,
      status: 'BOOK' as const,
      booking_date: '2026-03-15',
      creditor: { name: 'Café' },
    };
    server.account('checking').transactions.push({ ...coffee }, { ...coffee });
    const { session } = await connect();
    const rows = (await client.fetchAccount(uidOf(session, 'EUR'), '2026-03-15', '2026-03-15')).transactions;
    expect(rows).toHaveLength(2);
    expect(rows[1]?.externalId).toBe(`${rows[0]?.externalId ?? ''}:2`);
  });

  it('is refused by the server when it signs with another key: the JWT is verified', async () => {
    const impostor = new EnableBankingClient({
      appId: APP_ID,
      privateKeyPem: generateAppKeys().privateKeyPem,
      baseUrl: server.url,
      policy,
    });
    const err = await failure(impostor.listBanks('FI'), 'refused');
    expect(err.message).toContain('ENABLE_BANKING_APP_ID');
    expect(server.requests.at(-1)).toMatchObject({ path: '/aspsps', signed: false, status: 401 });
  });

  it('is refused with another application id, and with a token already expired', async () => {
    const other = new EnableBankingClient({
      appId: 'another-app',
      privateKeyPem: keys.privateKeyPem,
      baseUrl: server.url,
      policy,
    });
    await failure(other.listBanks('FI'), 'refused');
    const late = new EnableBankingClient({
      appId: APP_ID,
      privateKeyPem: keys.privateKeyPem,
      baseUrl: server.url,
      policy,
      now: () => Date.now() - 2 * 3600_000,
    });
    await failure(late.listBanks('FI'), 'refused');
    expect(server.requests.map((r) => r.signed)).toEqual([false, false]);
  });

  it('keeps its token while fresh and signs a new one shortly before the old one ends', async () => {
    const start = Math.floor(Date.now() / 1000) * 1000;
    let clock = start;
    server.now = () => clock;
    const timed = new EnableBankingClient({
      appId: APP_ID,
      privateKeyPem: keys.privateKeyPem,
      baseUrl: server.url,
      policy,
      now: () => clock,
    });
    await timed.listBanks('FI');
    clock += 30 * 60_000;
    await timed.listBanks('FI');
    clock += 28 * 60_000; // 2 minutes before the hour-long token ends
    await timed.listBanks('FI');
    clock += 60 * 60_000;
    await timed.listBanks('FI');
    const t0 = start / 1000;
    expect(server.requests.map((r) => [r.signed, r.issuedAt])).toEqual([
      [true, t0],
      [true, t0],
      [true, t0 + 58 * 60],
      [true, t0 + 118 * 60],
    ]);
  });

  it('answers a 429 as rate-limited with the wait the bank asks for, and reads again after it', async () => {
    const { session } = await connect();
    server.rateLimit(1, '3600');
    const err = await failure(client.fetchAccount(uidOf(session, 'EUR'), '2026-03-01', '2026-03-31'), 'rate-limited');
    expect(err.retryAfterSeconds).toBe(3600);
    expect(err.message).toContain('try again in about an hour');
    const data = await client.fetchAccount(uidOf(session, 'EUR'), '2026-03-01', '2026-03-31');
    expect(data.transactions).toHaveLength(4);
  });

  it('answers a 429 without Retry-After as rate-limited with no wait', async () => {
    const { session } = await connect();
    server.rateLimit(1);
    const err = await failure(client.fetchAccount(uidOf(session, 'SEK'), '2026-03-01', '2026-03-31'), 'rate-limited');
    expect(err.retryAfterSeconds).toBeUndefined();
  });

  it('answers an expired consent as consent-expired, never as a failure of the server', async () => {
    const { session } = await connect();
    server.expire(session.sessionId);
    const err = await failure(
      client.fetchAccount(uidOf(session, 'EUR'), '2026-03-01', '2026-03-31'),
      'consent-expired',
    );
    expect(err.message).toBe(
      'The consent you gave the bank through Enable Banking has expired: connect the bank again',
    );
  });

  it('answers a consent that ran out with time, or was withdrawn, as consent-expired', async () => {
    let clock = Date.now();
    server.now = () => clock;
    const timed = new EnableBankingClient({
      appId: APP_ID,
      privateKeyPem: keys.privateKeyPem,
      baseUrl: server.url,
      policy,
      now: () => clock,
    });
    const { session } = await connect(timed);
    clock += 91 * DAY_MS;
    await failure(timed.fetchAccount(uidOf(session, 'SEK'), '2026-03-01', '2026-03-31'), 'consent-expired');
    clock -= 91 * DAY_MS;
    server.sessionEndedStatus = 403;
    server.revoke(session.sessionId);
    const err = await failure(
      client.fetchAccount(uidOf(session, 'SEK'), '2026-03-01', '2026-03-31'),
      'consent-expired',
    );
    expect(err.message).toContain('withdrawn at the bank');
    expect(server.requests.at(-1)?.status).toBe(403);
  });

  it('ends a session, and ending it again is no error', async () => {
    const { session } = await connect();
    await client.deleteSession(session.sessionId);
    expect(server.requests.at(-1)).toMatchObject({ method: 'DELETE', status: 200 });
    await failure(client.fetchAccount(uidOf(session, 'EUR'), '2026-03-01', '2026-03-31'), 'consent-expired');
    await client.deleteSession(session.sessionId);
  });

  it('answers what is not JSON, or lacks required fields, or has a bad amount, as malformed', async () => {
    const { session } = await connect();
    const uid = uidOf(session, 'EUR');
    server.serveNext(/\/balances$/, { body: '<html>Service temporarily unavailable</html>' });
    let err = await failure(client.fetchAccount(uid, '2026-03-01', '2026-03-31'), 'malformed');
    expect(err.message).toContain('not JSON');
    server.serveNext(/\/transactions$/, { body: JSON.stringify({ transactions: [{ status: 'BOOK' }] }) });
    err = await failure(client.fetchAccount(uid, '2026-03-01', '2026-03-31'), 'malformed');
    expect(err.message).toContain('transactions.0.transaction_amount');
    server.serveNext(/\/transactions$/, {
      body: JSON.stringify({
        transactions: [
          {
            transaction_amount: { currency: 'EUR', amount: '12,50' },
            credit_debit_indicator: 'DBIT',
            status: 'BOOK',
            booking_date: '2026-03-02',
          },
        ],
      }),
    });
    err = await failure(client.fetchAccount(uid, '2026-03-01', '2026-03-31'), 'malformed');
    expect(err.message).toContain('is not a decimal amount');
  });

  it('refuses a row in another currency than the account rather than import a wrong amount', async () => {
    server.account('checking').transactions.push({
      entry_reference: 'USD1',
      transaction_amount: { currency: 'USD', amount: '10.00' },
      credit_debit_indicator: 'DBIT',
      status: 'BOOK',
      booking_date: '2026-03-30',
    });
    const { session } = await connect();
    const err = await failure(client.fetchAccount(uidOf(session, 'EUR'), '2026-03-01', '2026-03-31'), 'malformed');
    expect(err.message).toContain('in USD for an account in EUR');
  });

  it('stops a continuation key that comes back, and pages that never end, as malformed', async () => {
    const { session } = await connect();
    server.account('checking').paging = 'loop';
    const err = await failure(client.fetchAccount(uidOf(session, 'EUR'), '2026-03-01', '2026-03-31'), 'malformed');
    expect(err.message).toContain('same "next page" key twice');
    expect(server.requests.filter((r) => r.path.endsWith('/transactions'))).toHaveLength(2);

    server.account('savings').paging = 'endless';
    const seen = server.requests.length;
    const endless = await failure(client.fetchAccount(uidOf(session, 'SEK'), '2026-03-01', '2026-03-31'), 'malformed');
    expect(endless.message).toContain(`after ${MAX_TRANSACTION_PAGES}`);
    expect(server.requests.slice(seen).filter((r) => r.path.endsWith('/transactions'))).toHaveLength(
      MAX_TRANSACTION_PAGES,
    );
  });

  it('answers a 5xx as unreachable, and a network failure too', async () => {
    server.serveNext(/^\/aspsps$/, { status: 503, body: 'Service Unavailable' });
    const err = await failure(client.listBanks('FI'), 'unreachable');
    expect(err.message).toContain('HTTP 503');
    server.serveNext(/^\/aspsps$/, {
      status: 400,
      body: JSON.stringify({ message: 'Error interacting with ASPSP', code: 400, error: 'ASPSP_ERROR' }),
    });
    await failure(client.listBanks('FI'), 'unreachable');
    await server.stop();
    await failure(client.listBanks('FI'), 'unreachable');
  });

  it('refuses a base URL on a private address unless the host is allowed', async () => {
    for (const baseUrl of [`https://127.0.0.1:${new URL(server.url).port}`, 'https://10.0.0.1', server.url]) {
      const closed = new EnableBankingClient({
        appId: APP_ID,
        privateKeyPem: keys.privateKeyPem,
        baseUrl,
        policy: { allowHosts: [] },
      });
      await failure(closed.listBanks('FI'), 'forbidden-url');
    }
    expect(server.requests).toEqual([]);
  });

  it('signs with a PKCS#1 key ("BEGIN RSA PRIVATE KEY") as well as PKCS#8', async () => {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    await server.stop();
    server = new EnableBankingServer(APP_ID, pair.publicKey);
    server.banks = [{ name: 'Nordea', country: 'FI', maximumConsentValidity: 86_400 }];
    await server.start();
    const legacy = new EnableBankingClient({
      appId: APP_ID,
      privateKeyPem: pair.privateKey,
      baseUrl: server.url,
      policy,
    });
    expect(pair.privateKey).toContain('BEGIN RSA PRIVATE KEY');
    expect(await legacy.listBanks('FI')).toEqual([{ name: 'Nordea', country: 'FI', maxConsentDays: 1 }]);
  });

  it('refuses a key that is not an RSA private key, before any request', async () => {
    const broken = new EnableBankingClient({ appId: APP_ID, privateKeyPem: 'not a key', baseUrl: server.url, policy });
    const err = await failure(broken.listBanks('FI'), 'refused');
    expect(err.message).toContain('ENABLE_BANKING_KEY_FILE');
    expect(server.requests).toEqual([]);
  });
});

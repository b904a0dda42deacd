import type { z } from 'zod';
import { EnableBankingSigner } from './enable-banking-jwt.js';
import { errorOf } from './enable-banking-errors.js';
import { accountOf, bookedBalance, isoCurrency, rowsOf } from './enable-banking-map.js';
import {
  aspspsSchema,
  balancesSchema,
  sessionSchema,
  startAuthSchema,
  transactionsSchema,
  type Transaction,
} from './enable-banking-schemas.js';
import { outboundFetch } from './outbound-http.js';
import { ProviderError, type AccountData, type OutboundPolicy, type ProviderAccount } from './types.js';

// Enable Banking (https://enablebanking.com/docs/api/reference/): the application lists banks
// (GET /aspsps), sends the user through the bank's consent (POST /auth → the bank → back to the
// redirect URL with ?code&state), turns the code into a session with its accounts (POST
// /sessions), then reads each account's balances and transactions, the latter in pages joined
// by continuation_key. Every request is signed by the application (enable-banking-jwt.ts); all
// go through outboundFetch, so a base URL on a private address needs BANK_SYNC_ALLOW_HOSTS.

export interface EnableBankingOptions {
  /** The application id from Enable Banking's Control Panel (the JWT's kid). */
  appId: string;
  /** The application's RSA private key, PEM (PKCS#8 or PKCS#1). */
  privateKeyPem: string;
  /** Default https://api.enablebanking.com; a local server in tests. */
  baseUrl?: string;
  policy: OutboundPolicy;
  /** Milliseconds since the epoch; tests move it to see tokens renewed. */
  now?: () => number;
}

export interface EnableBankingBank {
  name: string;
  country: string;
  /** The longest consent the bank gives, in whole days (the API says seconds); null when not given. */
  maxConsentDays: number | null;
}

export interface EnableBankingSession {
  sessionId: string;
  /** When the consent ends, ISO 8601 (UTC). */
  validUntil: string;
  accounts: ProviderAccount[];
}

/** A reader that keeps asking for "the next page" is stopped here (a year of a busy account is a few dozen pages). */
export const MAX_TRANSACTION_PAGES = 1000;

const DEFAULT_BASE_URL = 'https://api.enablebanking.com';

export class EnableBankingClient {
  private readonly baseUrl: string;
  private readonly policy: OutboundPolicy;
  private readonly signer: EnableBankingSigner;

  constructor(options: EnableBankingOptions) {
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.policy = options.policy;
    this.signer = new EnableBankingSigner(options.appId, options.privateKeyPem, options.now ?? Date.now);
  }

  /** The banks of a country (ISO 3166 alpha-2) that Enable Banking reaches. */
  async listBanks(country: string): Promise<EnableBankingBank[]> {
    const code = country.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) throw new ProviderError('refused', `"${country}" is not a two-letter country code`);
    const answer = await this.call('GET', '/aspsps', 'the list of banks', aspspsSchema, { country: code });
    return answer.aspsps.map((a) => ({
      name: a.name,
      country: a.country,
      maxConsentDays: a.maximum_consent_validity === undefined ? null : Math.floor(a.maximum_consent_validity / 86_400),
    }));
  }

  /** Starts the consent: the URL to send the user to, and Enable Banking's id of this attempt. */
  async startAuth(input: {
    country: string;
    bank: string;
    redirectUrl: string;
    state: string;
    validUntil: Date;
  }): Promise<{ url: string; authorizationId: string }> {
    if (Number.isNaN(input.validUntil.getTime()))
      throw new ProviderError('refused', 'The consent needs a valid end date');
    const answer = await this.call('POST', '/auth', 'the start of the consent', startAuthSchema, undefined, {
      access: { valid_until: input.validUntil.toISOString() },
      aspsp: { name: input.bank, country: input.country.trim().toUpperCase() },
      state: input.state,
      redirect_url: input.redirectUrl,
      psu_type: 'personal',
    });
    return { url: answer.url, authorizationId: answer.authorization_id };
  }

  /**
   * Turns the code the bank's redirect brought back into a session and its accounts. Accounts
   * without a uid (the reference: blocked or closed at the bank) cannot be read and are left out.
   */
  async createSession(code: string): Promise<EnableBankingSession> {
    const answer = await this.call('POST', '/sessions', 'the new bank connection', sessionSchema, undefined, { code });
    return {
      sessionId: answer.session_id,
      validUntil: new Date(answer.access.valid_until).toISOString(),
      accounts: answer.accounts.flatMap((a) => (a.uid === undefined ? [] : [accountOf({ ...a, uid: a.uid })])),
    };
  }

  /**
   * One account's booked balance and its rows between two days (YYYY-MM-DD, both included), every
   * page. The answer carries no account name (that came with createSession): `name` is the uid
   * here, and the currency is the balance's, else the first row's.
   */
  async fetchAccount(sessionAccountUid: string, from: string, to: string): Promise<AccountData> {
    const path = `/accounts/${encodeURIComponent(sessionAccountUid)}`;
    const { balances } = await this.call('GET', `${path}/balances`, "the account's balances", balancesSchema);
    const rows = await this.allTransactions(path, from, to);
    const booked = bookedBalance(balances, to);
    const first = rows[0]?.transaction_amount.currency;
    const currency = booked.currency ?? (first === undefined ? '' : isoCurrency(first));
    return {
      account: {
        accountId: sessionAccountUid,
        name: sessionAccountUid,
        currency,
        balance: booked.balance,
        balanceDate: booked.balanceDate,
      },
      transactions: rowsOf(rows, currency, to),
    };
  }

  /** Ends the consent at Enable Banking (and at the bank where it can). A session already ended counts as done. */
  async deleteSession(sessionId: string): Promise<void> {
    try {
      await this.send('DELETE', `/sessions/${encodeURIComponent(sessionId)}`, 'the end of the bank connection');
    } catch (err) {
      if (err instanceof ProviderError && err.kind === 'consent-expired') return;
      throw err;
    }
  }

  private async allTransactions(path: string, from: string, to: string): Promise<Transaction[]> {
    const rows: Transaction[] = [];
    const keys = new Set<string>();
    let key: string | undefined;
    for (let page = 1; page <= MAX_TRANSACTION_PAGES; page++) {
      const query: Record<string, string> = { date_from: from, date_to: to };
      if (key !== undefined) query.continuation_key = key;
      const answer = await this.call(
        'GET',
        `${path}/transactions`,
        "the account's transactions",
        transactionsSchema,
        query,
      );
      rows.push(...answer.transactions);
      key = answer.continuation_key === '' ? undefined : answer.continuation_key;
      if (key === undefined) return rows;
      if (keys.has(key))
        throw new ProviderError(
          'malformed',
          `Enable Banking sent the same "next page" key twice while listing transactions (page ${page}): try again later`,
        );
      keys.add(key);
    }
    throw new ProviderError(
      'malformed',
      `Enable Banking kept announcing more pages of transactions after ${MAX_TRANSACTION_PAGES}: sync a shorter period`,
    );
  }

  /** One signed request, its answer checked against `schema`; a ProviderError for anything else. */
  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    what: string,
    schema: z.ZodType<T>,
    query?: Record<string, string>,
    body?: unknown,
  ): Promise<T> {
    const text = await this.send(method, path, what, query, body);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ProviderError(
        'malformed',
        `Enable Banking answered ${what} with something that is not JSON: try again later`,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ProviderError(
        'malformed',
        `Enable Banking's answer to ${what} is not what its documentation describes (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}): try again later`,
      );
    }
    return parsed.data;
  }

  /** One signed request; the body of a 2xx answer, else the ProviderError the answer means. */
  private async send(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    what: string,
    query?: Record<string, string>,
    body?: unknown,
  ): Promise<string> {
    const search = query === undefined ? '' : `?${new URLSearchParams(query).toString()}`;
    const token = await this.signer.token();
    const res = await outboundFetch(`${this.baseUrl}${path}${search}`, this.policy, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status < 200 || res.status > 299) throw errorOf(res, what);
    return res.text;
  }
}

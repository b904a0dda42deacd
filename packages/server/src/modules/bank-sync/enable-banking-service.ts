import { createHash, randomBytes } from 'node:crypto';
import { enableBankingStartSchema, type BankProviderName } from '@kassa/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import type { Owner } from '../auth/service.js';
import { sealCredentials } from './credentials.js';
import { EnableBankingClient, type EnableBankingBank } from './providers/enable-banking.js';
import { ProviderError, type AccountData } from './providers/types.js';
import { BankSyncRepository } from './repository.js';
import { answerOf } from './failures.js';
import type { BankSyncService, EnableBankingReads } from './service.js';

// Enable Banking's consent round trip (issue 35): start answers the bank's URL and remembers a
// single-use state (its hash, bound to the book and, through a cookie, to the browser that
// started it); the bank sends the user back with a code and that state; finish turns the code
// into a session whose accounts join a new connection, or renew the consent of an existing one.

/** How long the user has to go through the bank's consent. */
const STATE_TTL_MS = 30 * 60_000;
/** The consent asked for when the bank does not say its longest (PSD2's usual 90 days, now often 180). */
const DEFAULT_CONSENT_DAYS = 90;
const PROVIDER: BankProviderName = 'enablebanking';

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

export class EnableBankingService implements EnableBankingReads {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly client: EnableBankingClient,
    private readonly connections: BankSyncService,
    private readonly key: Buffer,
    /** Where the bank sends the user back: PUBLIC_URL + /api/bank/enablebanking/return. */
    private readonly redirectUrl: string,
    private readonly now: () => number = Date.now,
  ) {}

  fetchAccount(_sessionId: string, accountUid: string, from: string, to: string): Promise<AccountData> {
    // Account uids are the session's own: the signed request needs no more.
    return this.client.fetchAccount(accountUid, from, to);
  }

  async banks(country: string): Promise<EnableBankingBank[]> {
    if (!/^[A-Za-z]{2}$/.test(country)) throw badRequest('country: must be a two-letter country code');
    return this.asked(() => this.client.listBanks(country.toUpperCase()));
  }

  /** POST bank/enablebanking/start: the bank's consent URL, and the state the return must bring back. */
  async start(book: Owner, body: unknown): Promise<{ url: string; state: string }> {
    const input = parseOr400(enableBankingStartSchema, body);
    if (input.connectionId !== undefined) {
      const existing = await new BankSyncRepository(this.db).connection(book.id, input.connectionId);
      if (existing?.provider !== PROVIDER) throw notFound(`Bank connection ${input.connectionId} not found`);
    }
    const banks = await this.banks(input.country);
    const bank = banks.find((b) => b.name === input.bank);
    if (bank === undefined)
      throw badRequest(`bank: ${input.bank} is not a bank Enable Banking offers in ${input.country}`);
    const state = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.db
      .insertInto('bank_auth_states')
      .values({
        user_id: book.id,
        state_hash: hashOf(state),
        country: input.country,
        bank: input.bank,
        connection_id: input.connectionId ?? null,
        created_at: now,
        expires_at: now + STATE_TTL_MS,
        created_by: book.actorId ?? book.id,
      })
      .execute();
    const days = bank.maxConsentDays ?? DEFAULT_CONSENT_DAYS;
    const { url } = await this.asked(() =>
      this.client.startAuth({
        country: input.country,
        bank: input.bank,
        redirectUrl: this.redirectUrl,
        state,
        validUntil: new Date(now + days * 86_400_000),
      }),
    );
    return { url, state };
  }

  /**
   * The bank's redirect: the state (matching the cookie of the browser that started, `browserState`)
   * names the book; the code becomes a session. Answers the connection's id.
   */
  async finish(query: { code?: string; state?: string; error?: string }, browserState: string | undefined) {
    if (query.state === undefined || query.state === '' || browserState !== query.state)
      throw badRequest('This return from the bank does not belong to a connection started in this browser');
    const row = await this.db
      .deleteFrom('bank_auth_states')
      .where('state_hash', '=', hashOf(query.state))
      .returningAll()
      .executeTakeFirst();
    if (row === undefined || row.expires_at < this.now())
      throw badRequest('This return from the bank has expired or was used: start the connection again');
    if (query.error !== undefined || query.code === undefined)
      throw badRequest(`The bank did not give access (${query.error ?? 'no code'}): start again to retry`);
    const code = query.code;
    const session = await this.asked(() => this.client.createSession(code));
    const repo = new BankSyncRepository(this.db);
    const fields = {
      credentials: sealCredentials(this.key, row.user_id, PROVIDER, session.sessionId),
      consent_expires_at: Date.parse(session.validUntil),
      status: 'active' as const,
      last_error: null,
      retry_after: null,
    };
    let connectionId = row.connection_id;
    if (connectionId === null)
      connectionId = await repo.insertConnection({
        ...fields,
        user_id: row.user_id,
        provider: PROVIDER,
        name: row.bank.slice(0, 200),
        last_sync_at: null,
        syncing_until: null,
        created_at: this.now(),
        created_by: row.created_by,
      });
    else await repo.updateConnection(row.user_id, connectionId, fields);
    // A renewed consent lists the accounts under new uids: the old rows keep their pockets under the old uids.
    await this.connections.addAccounts(row.user_id, connectionId, session.accounts);
    return connectionId;
  }

  /** Ends the session at Enable Banking when its connection is removed; a session already ended is no failure. */
  async endSession(sessionId: string): Promise<void> {
    await this.client.deleteSession(sessionId).catch((err: unknown) => {
      if (!(err instanceof ProviderError)) throw err;
    });
  }

  private async asked<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      throw err instanceof ProviderError ? answerOf(err) : err;
    }
  }
}

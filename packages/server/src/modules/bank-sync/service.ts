import {
  bankMapSchema,
  bankConnectionUpdateSchema,
  type BankConnectResult,
  type BankConnection,
  type BankPendingRow,
  type BankSyncResult,
} from '@kassa/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import type { Owner } from '../auth/service.js';
import { exactMinor } from '../import/statement-amounts.js';
import { PocketsRepository } from '../pockets/repository.js';
import { connectionAnswer, major, pendingAnswer } from './answers.js';
import { answerOf, asked, DEFAULT_RETRY_SECONDS } from './failures.js';
import { openCredentials, sealCredentials } from './credentials.js';
import { ProviderError, type AccountData, type OutboundPolicy, type ProviderAccount } from './providers/types.js';
import { claimSetupToken, fetchSimplefinAccounts } from './providers/simplefin.js';
import { BankSyncRepository, type ConnectionRow } from './repository.js';
import { runSync, type FetchedAccount, type SyncDeps } from './sync.js';

// Bank connections of a book (issue 35): connect, map accounts to pockets, sync, list, remove.
// The provider calls go through providers/; one sync's bookkeeping through sync.ts.

const DAY_MS = 86_400_000;
/** The first sync reads this far back; later ones from two weeks before the last (banks book late). */
const FIRST_SYNC_DAYS = 90;
const OVERLAP_DAYS = 14;
/** A sync holds its connection this long at most (a crashed instance's lease lapses). */
const LEASE_MS = 10 * 60_000;
const LOG_LINES = 20;
/** Connections one scheduled run syncs at most; the rest wait for the next tick. */
const DUE_PER_RUN = 50;

export interface BankSyncSettings {
  policy: OutboundPolicy;
  /** The key credentials are sealed with (credentials.ts). */
  key: Buffer;
  /** Enable Banking's reads, when the self-hoster configured it (enable-banking-service.ts). */
  enableBanking?: EnableBankingReads;
}

/** What a sync needs of Enable Banking: the accounts' data of a session. */
export interface EnableBankingReads {
  fetchAccount(sessionId: string, accountUid: string, from: string, to: string): Promise<AccountData>;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const majorOrNull = (minor: number | undefined, currency: string) =>
  minor === undefined ? null : major(minor, currency);

export class BankSyncService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: SyncDeps,
    private readonly settings: BankSyncSettings,
    private readonly now: () => number = Date.now,
  ) {}

  private repo(db: Kysely<DB> = this.db) {
    return new BankSyncRepository(db);
  }

  private async require(bookId: number, id: number): Promise<ConnectionRow> {
    const row = await this.repo().connection(bookId, id);
    if (row === undefined) throw notFound(`Bank connection ${id} not found`);
    return row;
  }

  /**
   * POST bank/simplefin/connect: claims the token once, keeps the access URL sealed, lists the
   * accounts with the bank's balances. With `connectionId`, connects that connection again (its
   * access ended): its accounts keep their pockets.
   */
  async connectSimplefin(
    book: Owner,
    input: { setupToken: string; connectionId?: number },
  ): Promise<BankConnectResult> {
    const again = input.connectionId === undefined ? undefined : await this.require(book.id, input.connectionId);
    if (again !== undefined && again.provider !== 'simplefin')
      throw badRequest(`connectionId: ${again.name} is not a SimpleFIN connection`);
    const access = await asked(() => claimSetupToken(input.setupToken, this.settings.policy));
    const today = isoDay(this.now());
    const data = await asked(() => fetchSimplefinAccounts(access, this.settings.policy, { from: today, to: today }));
    const credentials = sealCredentials(this.settings.key, book.id, 'simplefin', access);
    const name = [...new Set([...data.institutions.values()].filter((n) => n !== ''))].join(', ') || 'SimpleFIN Bridge';
    const connectionId =
      again?.id ??
      (await this.repo().insertConnection({
        user_id: book.id,
        provider: 'simplefin',
        name: name.slice(0, 200),
        credentials,
        consent_expires_at: null,
        retry_after: null,
        last_sync_at: null,
        last_error: null,
        syncing_until: null,
        created_at: this.now(),
        created_by: book.actorId ?? book.id,
      }));
    if (again !== undefined)
      await this.repo().updateConnection(book.id, again.id, {
        credentials,
        status: 'active',
        last_error: null,
        retry_after: null,
      });
    await this.addAccounts(
      book.id,
      connectionId,
      data.accounts.map((a) => a.account),
    );
    // The bank's balances as the claim read them: shown on the mapping form, stored by the first sync.
    const read = new Map(data.accounts.map((a) => [a.account.accountId, a.account]));
    return {
      connectionId,
      accounts: (await this.accountsOf(book.id, connectionId)).map((a) => {
        const fresh = read.get(a.accountId);
        const balance = fresh?.balance ?? null;
        return fresh === undefined || balance === null || a.currency === ''
          ? a
          : { ...a, balance: majorOrNull(exactMinor(balance, a.currency), a.currency), balanceDate: fresh.balanceDate };
      }),
    };
  }

  /** Records a connection's accounts (an Enable Banking session's, a SimpleFIN claim's); known ones keep their pocket. */
  async addAccounts(bookId: number, connectionId: number, accounts: readonly ProviderAccount[]): Promise<void> {
    const repo = this.repo();
    const existing = await repo.accounts(bookId, connectionId);
    const known = new Set(existing.map((a) => a.account_id));
    for (const a of accounts) {
      if (known.has(a.accountId)) continue;
      // A renewed consent lists the same account under a new id: it takes over the old one's pocket.
      const before = existing.find((e) => e.pocket_id !== null && e.name === a.name && e.currency === a.currency);
      if (before !== undefined) await repo.updateAccount(bookId, before.id, { pocket_id: null });
      await repo.insertAccount({
        user_id: bookId,
        connection_id: connectionId,
        account_id: a.accountId,
        name: a.name.slice(0, 200) || a.accountId,
        currency: a.currency,
        balance: null,
        balance_day: null,
        pocket_id: before?.pocket_id ?? null,
        created_at: this.now(),
      });
    }
  }

  private async accountsOf(bookId: number, connectionId: number) {
    const answer = await connectionAnswer(this.repo(), await this.require(bookId, connectionId), this.now(), 0);
    return answer.accounts.map(({ accountId, name, currency, balance, balanceDate, pocketId }) => ({
      accountId,
      name,
      currency,
      balance,
      balanceDate,
      pocketId,
    }));
  }

  /** POST bank/connection/map/{id}: a pocket of the account's currency per account (or a new one); null leaves it out. */
  async map(book: Owner, connectionId: number, body: unknown): Promise<BankConnection> {
    const input = parseOr400(bankMapSchema, body);
    await this.require(book.id, connectionId);
    const accounts = await this.repo().accounts(book.id, connectionId);
    const pockets = await new PocketsRepository(this.db).list(book.id);
    await this.db.transaction().execute(async (trx) => {
      const repo = this.repo(trx);
      for (const [i, m] of input.accounts.entries()) {
        const account = accounts.find((a) => a.account_id === m.accountId);
        if (account === undefined) throw notFound(`accounts.${i}.accountId: account ${m.accountId} not found`);
        let pocketId = m.pocketId;
        if (m.newPocketName !== undefined) {
          if (!pockets.some((p) => p.currency === account.currency))
            throw badRequest(`accounts.${i}: add ${account.currency} to your currencies first, then a pocket of it`);
          pocketId = await new PocketsRepository(trx).insert(
            book.id,
            { name: m.newPocketName, currency: account.currency, isCash: false },
            this.now(),
          );
        } else if (pocketId !== null) {
          const pocket = pockets.find((p) => p.id === pocketId);
          if (pocket === undefined) throw notFound(`accounts.${i}.pocketId: pocket ${pocketId} not found`);
          if (pocket.currency !== account.currency)
            throw badRequest(
              `accounts.${i}.pocketId: pocket "${pocket.name}" holds ${pocket.currency}, the account ${account.currency}`,
            );
        }
        await repo.updateAccount(book.id, account.id, { pocket_id: pocketId });
      }
    });
    return this.one(book.id, connectionId);
  }

  /** POST bank/connection/sync/{id}: one sync now, its batch, counts and anchors. */
  async sync(book: Owner, connectionId: number, trigger: 'manual' | 'scheduled' = 'manual'): Promise<BankSyncResult> {
    const connection = await this.require(book.id, connectionId);
    const now = this.now();
    if (connection.status === 'paused') throw conflict(`${connection.name} is paused: resume it to sync`);
    if (connection.status === 'expired')
      throw conflict(`The bank's consent for ${connection.name} has ended: connect again to sync`);
    if (connection.retry_after !== null && connection.retry_after > now)
      throw tooManyRequests(
        Math.ceil((connection.retry_after - now) / 1000),
        `The bank asks to wait until ${new Date(connection.retry_after).toISOString()} before the next sync`,
      );
    const repo = this.repo();
    if (!(await repo.takeLease(book.id, connectionId, now, now + LEASE_MS)))
      throw conflict(`A sync of ${connection.name} is running: wait for it to finish`);
    try {
      return await this.syncHeld(book, connection, trigger, now);
    } finally {
      await repo.releaseLease(book.id, connectionId);
    }
  }

  private async syncHeld(
    book: Owner,
    connection: ConnectionRow,
    trigger: 'manual' | 'scheduled',
    now: number,
  ): Promise<BankSyncResult> {
    const repo = this.repo();
    const from = isoDay(
      connection.last_sync_at === null
        ? now - FIRST_SYNC_DAYS * DAY_MS
        : connection.last_sync_at - OVERLAP_DAYS * DAY_MS,
    );
    const window = { from, to: isoDay(now) };
    try {
      const fetched = await this.fetch(book.id, connection, window);
      const outcome = await runSync(this.deps, book, connection, fetched, window, now);
      await repo.updateConnection(book.id, connection.id, { last_sync_at: now, last_error: null, retry_after: null });
      await repo.insertLog({
        user_id: book.id,
        connection_id: connection.id,
        at: now,
        trigger,
        batch_id: outcome.batchId,
        new_rows: outcome.counts.new,
        pending: outcome.counts.pending,
        posted: outcome.counts.posted,
        duplicate: outcome.counts.duplicate,
        expired: outcome.expired,
        anchors: JSON.stringify(outcome.anchors),
        error: null,
      });
      return { batchId: outcome.batchId, counts: outcome.counts, anchors: outcome.anchors };
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      await this.recordFailure(book.id, connection, err, trigger, now);
      throw answerOf(err);
    }
  }

  /** The mapped accounts' data over the window; accounts without a pocket are never asked for. */
  private async fetch(
    bookId: number,
    connection: ConnectionRow,
    window: { from: string; to: string },
  ): Promise<FetchedAccount[]> {
    const mapped = (await this.repo().accounts(bookId, connection.id)).flatMap((a) =>
      a.pocket_id === null ? [] : [{ ...a, pocket_id: a.pocket_id }],
    );
    if (mapped.length === 0) return [];
    const secret = openCredentials(this.settings.key, bookId, connection.provider, connection.credentials);
    if (secret === undefined)
      throw new ProviderError('consent-expired', "The connection's credentials cannot be read here: connect again");
    if (connection.provider === 'simplefin') {
      const ids = mapped.map((a) => a.account_id);
      const data = await fetchSimplefinAccounts(secret, this.settings.policy, window, ids);
      return mapped.flatMap((row) => {
        const found = data.accounts.find((d) => d.account.accountId === row.account_id);
        return found === undefined ? [] : [{ row, data: found }];
      });
    }
    const reads = this.settings.enableBanking;
    if (reads === undefined) throw new ProviderError('refused', 'Enable Banking is not set up on this server');
    const fetched: FetchedAccount[] = [];
    for (const row of mapped)
      fetched.push({ row, data: await reads.fetchAccount(secret, row.account_id, window.from, window.to) });
    return fetched;
  }

  private async recordFailure(
    bookId: number,
    connection: ConnectionRow,
    err: ProviderError,
    trigger: 'manual' | 'scheduled',
    now: number,
  ): Promise<void> {
    const repo = this.repo();
    await repo.updateConnection(bookId, connection.id, {
      last_error: err.message,
      ...(err.kind === 'consent-expired' ? { status: 'expired' as const } : {}),
      ...(err.kind === 'rate-limited'
        ? { retry_after: now + (err.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS) * 1000 }
        : {}),
    });
    await repo.insertLog({
      user_id: bookId,
      connection_id: connection.id,
      at: now,
      trigger,
      batch_id: null,
      anchors: '[]',
      error: err.message,
    });
  }

  /**
   * The scheduled sync (jobs/): every active connection whose last sync is older than the
   * interval, a few per run, as their book's founder. A failure is the connection's state and log
   * line, never the job's; a connection another instance is syncing is skipped.
   */
  async syncDue(intervalMs: number, log: { warn(obj: object, msg: string): void }): Promise<number> {
    const repo = this.repo();
    let synced = 0;
    for (const connection of await repo.due(this.now() - intervalMs, DUE_PER_RUN)) {
      if (connection.retry_after !== null && connection.retry_after > this.now()) continue;
      const book: Owner = { id: connection.user_id, mainCurrency: await repo.mainCurrencyOf(connection.user_id) };
      try {
        await this.sync(book, connection.id, 'scheduled');
        synced++;
      } catch (err) {
        if (!(err instanceof AppError)) log.warn({ err, connectionId: connection.id }, 'scheduled bank sync failed');
      }
    }
    return synced;
  }

  /** GET bank/connection/getall */
  async getAll(book: Owner): Promise<BankConnection[]> {
    const repo = this.repo();
    const rows = await repo.connections(book.id);
    return Promise.all(rows.map((c) => connectionAnswer(repo, c, this.now(), LOG_LINES)));
  }

  private async one(bookId: number, connectionId: number): Promise<BankConnection> {
    return connectionAnswer(this.repo(), await this.require(bookId, connectionId), this.now(), LOG_LINES);
  }

  /** GET bank/connection/pending/{id}: pending rows, newest first, with those booked or lapsed and why. */
  async pending(book: Owner, connectionId: number): Promise<BankPendingRow[]> {
    await this.require(book.id, connectionId);
    const repo = this.repo();
    const accounts = await repo.accounts(book.id, connectionId);
    return (await repo.pending(book.id, connectionId)).map((p) => pendingAnswer(p, accounts));
  }

  /** POST bank/connection/update/{id}: pause or resume; whether pending rows count in "available". */
  async update(book: Owner, connectionId: number, body: unknown): Promise<BankConnection> {
    const input = parseOr400(bankConnectionUpdateSchema, body);
    const connection = await this.require(book.id, connectionId);
    if (input.paused !== undefined && connection.status === 'expired')
      throw conflict(`The consent for ${connection.name} has ended: connect again instead`);
    await this.repo().updateConnection(book.id, connectionId, {
      ...(input.paused === undefined ? {} : { status: input.paused ? 'paused' : 'active' }),
      ...(input.pendingInAvailable === undefined ? {} : { pending_in_available: input.pendingInAvailable ? 1 : 0 }),
    });
    return this.one(book.id, connectionId);
  }

  /** DELETE bank/connection/delete/{id}: the connection, its accounts, pending rows and log; imported rows stay. */
  async delete(book: Owner, connectionId: number): Promise<ConnectionRow> {
    const connection = await this.require(book.id, connectionId);
    await this.db.transaction().execute((trx) => this.repo(trx).deleteConnection(book.id, connectionId));
    return connection;
  }

  /** The sealed credentials of a connection, for the provider's own clean-up (an Enable Banking session's end). */
  credentialsOf(bookId: number, connection: ConnectionRow): string | undefined {
    return openCredentials(this.settings.key, bookId, connection.provider, connection.credentials);
  }
}

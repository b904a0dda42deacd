import type { BankAnchor, BankSyncResult } from '@kassa/contract';
import { currencyInfo, dayFromIso, fixedDecimal, minorToMajor } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Owner } from '../auth/service.js';
import type { ImportService } from '../import/service.js';
import type { ParsedRow, ParsedStatement } from '../import/formats/types.js';
import { exactMinor } from '../import/statement-amounts.js';
import { rowTime } from '../import/stored-row.js';
import type { LedgerReader } from '../ledger/index.js';
import { PocketsRepository } from '../pockets/repository.js';
import { matchPending, type BookedRow } from './pending.js';
import { ProviderError, type AccountData } from './providers/types.js';
import { major } from './answers.js';
import { BankSyncRepository, type AccountRow, type ConnectionRow } from './repository.js';

// One sync of a connection (issue 35): the bank's balances are stored and anchor their pockets,
// pending rows are kept apart, booked rows go through the import pipeline as one batch (external
// ids first, then fingerprints and near matches, rules, transfer pairing, undo), and a booked row
// replaces the pending row it books.

const DAY_MS = 86_400_000;

export interface SyncDeps {
  db: Kysely<DB>;
  imports: ImportService;
  ledger: LedgerReader;
}

/** A mapped account and what the provider answered for it over the sync's window. */
export interface FetchedAccount {
  row: AccountRow & { pocket_id: number };
  data: AccountData;
}

export interface SyncOutcome extends BankSyncResult {
  expired: number;
}

/** The statement account of a provider account: its own name space, never a file's. */
const statementAccount = (connection: ConnectionRow, accountId: string) =>
  `${connection.provider}:${connection.id}:${accountId}`;

/** The day of a provider's date; the clients check their dates, so a bad one is the provider's fault. */
const dayOf = (iso: string): number => {
  const day = dayFromIso(iso);
  if (day === undefined) throw new ProviderError('malformed', `The bank sent a date that is not one: ${iso}`);
  return day;
};

const minorOf = (amount: string, currency: string): number => {
  const minor = exactMinor(amount, currency);
  // The clients check the text is a decimal; more decimals than the currency has is the bank's error too.
  if (minor === undefined)
    throw new ProviderError('malformed', `The bank sent ${amount}, which is not an amount of ${currency}`);
  return minor;
};

/** Runs the sync over what was fetched; `window.from` is the first day the provider was asked for. */
export async function runSync(
  deps: SyncDeps,
  owner: Owner,
  connection: ConnectionRow,
  fetched: readonly FetchedAccount[],
  window: { from: string },
  now: number,
): Promise<SyncOutcome> {
  const repo = new BankSyncRepository(deps.db);
  await storeBalances(repo, owner.id, fetched);
  const held = await holdPending(repo, owner.id, connection.id, fetched, now);
  const booked = fetched.flatMap((f) =>
    f.data.transactions
      .filter((t) => !t.pending)
      .map((t) => ({
        bankAccountId: f.row.id,
        externalId: t.externalId,
        link: t.link,
        day: dayOf(t.date),
        amount: minorOf(t.amount, f.row.currency),
      })),
  );
  const open = await repo.pending(owner.id, connection.id, 'pending');
  const books = matchPending(
    open.map((p) => ({
      id: p.id,
      bankAccountId: p.bank_account_id,
      externalId: p.external_id,
      link: p.link,
      day: p.day,
      amount: p.amount,
    })),
    booked,
  );

  const imported = await importBooked(deps, owner, connection, fetched, now);
  await markPosted(deps.db, repo, owner.id, fetched, books, now);
  const expired = await expireUnlisted(repo, owner.id, open, books, held.seen, fetched, window.from, now);
  const anchors = await anchorsOf(deps, owner.id, fetched);
  return {
    batchId: imported.batchId,
    counts: {
      new: imported.new,
      pending: held.seen.size - [...books.keys()].filter((id) => held.seen.has(id)).length,
      posted: books.size,
      duplicate: imported.duplicate,
    },
    anchors,
    expired,
  };
}

async function storeBalances(repo: BankSyncRepository, bookId: number, fetched: readonly FetchedAccount[]) {
  for (const { row, data } of fetched) {
    // The name stays as the connection listed it: a provider's data answer may not carry one.
    const { balance, balanceDate } = data.account;
    await repo.updateAccount(bookId, row.id, {
      balance: balance === null ? null : minorOf(balance, row.currency),
      balance_day: balanceDate === null ? null : dayOf(balanceDate),
    });
  }
}

/** Stores the pending rows of this fetch (new ones inserted, known ones refreshed); answers the ids seen. */
async function holdPending(
  repo: BankSyncRepository,
  bookId: number,
  connectionId: number,
  fetched: readonly FetchedAccount[],
  now: number,
): Promise<{ seen: Set<number> }> {
  const known = new Map(
    (await repo.pending(bookId, connectionId)).map((p) => [`${p.bank_account_id}|${p.external_id}`, p]),
  );
  const seen = new Set<number>();
  for (const { row, data } of fetched)
    for (const t of data.transactions) {
      if (!t.pending) continue;
      const fields = {
        link: t.link,
        day: dayOf(t.date),
        amount: minorOf(t.amount, row.currency),
        payee: t.payee,
        description: t.description,
        last_seen: now,
      };
      const existing = known.get(`${row.id}|${t.externalId}`);
      if (existing === undefined) {
        await repo.insertPending({
          ...fields,
          user_id: bookId,
          connection_id: connectionId,
          bank_account_id: row.id,
          external_id: t.externalId,
          currency: row.currency,
          first_seen: now,
        });
      } else if (existing.status === 'pending') await repo.updatePending(bookId, existing.id, fields);
    }
  for (const p of await repo.pending(bookId, connectionId, 'pending')) if (p.last_seen === now) seen.add(p.id);
  return { seen };
}

/** The booked rows as one import batch, committed with the balances as anchors; null batch when nothing was fetched. */
async function importBooked(
  deps: SyncDeps,
  owner: Owner,
  connection: ConnectionRow,
  fetched: readonly FetchedAccount[],
  now: number,
): Promise<{ batchId: number | null; new: number; duplicate: number }> {
  if (fetched.length === 0) return { batchId: null, new: 0, duplicate: 0 };
  const rows: ParsedRow[] = [];
  const repo = new BankSyncRepository(deps.db);
  for (const { row, data } of fetched) {
    const after = (await repo.latestStatementOf(owner.id, row.pocket_id))?.time;
    for (const t of data.transactions)
      if (!t.pending)
        rows.push({
          line: rows.length + 1,
          date: t.date,
          amount: t.amount,
          currency: '',
          description: t.description,
          payee: t.payee,
          externalId: t.externalId,
          account: statementAccount(connection, row.account_id),
          ...rowInstant(dayOf(t.date), after, now),
        });
  }
  const parsed: ParsedStatement = {
    accounts: fetched.map((f) => ({
      account: statementAccount(connection, f.row.account_id),
      currency: f.row.currency,
      ...balancesOf(f),
    })),
    rows,
  };
  const pockets = await new PocketsRepository(deps.db).list(owner.id);
  const preview = await deps.imports.previewStatement(
    owner,
    parsed,
    fetched.map((f) => pockets.find((p) => p.id === f.row.pocket_id)),
    {
      fileName: connection.name,
      format: 'bank',
      options: null,
      connection: { source: connection.provider, connectionId: connection.id },
    },
  );
  const committed = await deps.imports.commit(owner, preview.batchId, { fixpoint: true });
  return { batchId: preview.batchId, new: committed.imported, duplicate: committed.duplicates };
}

/**
 * Where a booked row goes within its day; {} leaves it at the day's noon (import's rowTime). A row
 * booked on the day an earlier sync anchored the pocket was not in that anchor's balance (it was
 * not listed then), so it goes just after that anchor; a row booked today happened before now, so
 * it goes no later than now, before this sync's own anchor (else a morning's sync would see it as
 * drift). Rows of earlier days are the bank's own revisions and stay at noon.
 */
export function rowInstant(day: number, anchored: number | undefined, now: number): { time?: number } {
  const noon = rowTime(day);
  let time = noon;
  if (anchored !== undefined && Math.floor(anchored / DAY_MS) === day) time = Math.max(time, anchored + 1);
  if (Math.floor(now / DAY_MS) === day) time = Math.min(time, now);
  return time === noon || time >= (day + 1) * DAY_MS ? {} : { time };
}

/**
 * The bank's balance as the statement's closing; on an account's first sync also its opening, the
 * balance less the booked rows up to it, before the first of them: the window's history then
 * agrees with the bank by itself, as a bank file's opening balance makes it (issue 32), and any
 * later difference is drift the log shows.
 */
function balancesOf({ row, data }: FetchedAccount): Partial<ParsedStatement['accounts'][number]> {
  const { balance, balanceDate } = data.account;
  if (balance === null || balanceDate === null) return {};
  const closing = { closingBalance: balance, closingDate: balanceDate };
  const booked = data.transactions.filter((t) => !t.pending && t.date <= balanceDate);
  if (row.balance_day !== null || booked.length === 0) return closing;
  const sum = booked.reduce((total, t) => total + minorOf(t.amount, row.currency), 0);
  const first = booked.reduce((min, t) => (t.date < min ? t.date : min), balanceDate);
  const opening = fixedDecimal(BigInt(minorOf(balance, row.currency) - sum), currencyInfo(row.currency).decimals);
  return { ...closing, openingBalance: opening, openingDate: first };
}

/** Marks the pending rows booked this sync, with the transaction the booked row is (this batch's or an earlier one's). */
async function markPosted(
  db: Kysely<DB>,
  repo: BankSyncRepository,
  bookId: number,
  fetched: readonly FetchedAccount[],
  books: ReadonlyMap<number, BookedRow>,
  now: number,
): Promise<void> {
  const pocketOf = new Map(fetched.map((f) => [f.row.id, f.row.pocket_id]));
  for (const [pendingId, booked] of books) {
    const link = await db
      .selectFrom('import_links')
      .select('transaction_id')
      .where('user_id', '=', bookId)
      .where('pocket_id', '=', pocketOf.get(booked.bankAccountId) ?? 0)
      .where('external_id', '=', booked.externalId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    await repo.updatePending(bookId, pendingId, {
      status: 'posted',
      resolved_at: now,
      transaction_id: link?.transaction_id ?? null,
      note: 'Booked by the bank',
    });
  }
}

/**
 * A pending row the bank no longer lists although the sync asked for its day was never booked (a
 * hold released, a payment cancelled): it lapses with a note, and its money is no longer shown.
 */
async function expireUnlisted(
  repo: BankSyncRepository,
  bookId: number,
  open: readonly { id: number; bank_account_id: number; day: number }[],
  books: ReadonlyMap<number, BookedRow>,
  seen: ReadonlySet<number>,
  fetched: readonly FetchedAccount[],
  from: string,
  now: number,
): Promise<number> {
  const asked = new Set(fetched.map((f) => f.row.id));
  const firstDay = dayOf(from);
  const lapsed = open.filter(
    (p) => asked.has(p.bank_account_id) && p.day >= firstDay && !seen.has(p.id) && !books.has(p.id),
  );
  for (const p of lapsed)
    await repo.updatePending(bookId, p.id, {
      status: 'expired',
      resolved_at: now,
      note: 'Not booked: the bank no longer lists it',
    });
  return lapsed.length;
}

/** Each anchored pocket's error at its anchor: the bank's balance minus what Kassa's books calculate there. */
async function anchorsOf(deps: SyncDeps, bookId: number, fetched: readonly FetchedAccount[]): Promise<BankAnchor[]> {
  const repo = new BankSyncRepository(deps.db);
  const anchors: BankAnchor[] = [];
  for (const { row, data } of fetched) {
    const { balance, balanceDate } = data.account;
    if (balance === null || balanceDate === null) continue;
    // The commit anchors the end of the balance's day, or its own "now" for today's (import/anchors.ts).
    const dayStart = dayOf(balanceDate) * DAY_MS;
    const fixpoint = await repo.latestStatementOf(bookId, row.pocket_id, {
      from: dayStart,
      until: dayStart + DAY_MS - 1,
    });
    if (fixpoint === undefined) continue;
    const error = (await deps.ledger.error(bookId, fixpoint)).get(row.currency) ?? 0n;
    anchors.push({
      pocketId: row.pocket_id,
      date: balanceDate,
      balance: major(minorOf(balance, row.currency), row.currency),
      error: minorToMajor(error, currencyInfo(row.currency).decimals),
    });
  }
  return anchors;
}

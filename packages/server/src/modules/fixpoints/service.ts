import type {
  Fixpoint,
  FixpointDetail,
  PagedInterval,
  FixpointError,
  PocketBalance,
  PocketStateGroup,
  PocketStateUpdate,
} from '@kassa/contract';
import { decimalsOf, minorToMajor, parseSignedAmount } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { pageOf, rowsToRead, type Page } from '../../http/paging.js';
import { UserCurrenciesRepository } from '../currencies/repository.js';
import type { PerCurrency } from '../ledger/index.js';
import type { LedgerReader } from '../ledger/index.js';
import type { FixpointRow, StateRow } from '../ledger/index.js';
import { PocketsRepository } from '../pockets/repository.js';
import { enteredBy, UsersRepository } from '../users/repository.js';
import { FixpointsRepository, type MadeFixpoint } from './repository.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** Fixpoints: stated pocket balances at an instant, and their errors against the ledger (DESIGN §4). */
export class FixpointsService {
  private readonly fixpoints: FixpointsRepository;
  private readonly pockets: PocketsRepository;
  private readonly currencies: UserCurrenciesRepository;
  private readonly users: UsersRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ledger: LedgerReader,
    private readonly now: () => number = Date.now,
  ) {
    this.fixpoints = new FixpointsRepository(db);
    this.pockets = new PocketsRepository(db);
    this.currencies = new UserCurrenciesRepository(db);
    this.users = new UsersRepository(db);
  }

  /** Fixpoints as listed, each with the member who made it. */
  private async listed(rows: readonly MadeFixpoint[]): Promise<Fixpoint[]> {
    const makers = await this.users.makersOf(rows);
    return rows.map((r) => ({ id: r.id, time: iso(r.time), createdBy: enteredBy(makers, r.createdBy) }));
  }

  private async one(row: MadeFixpoint): Promise<Fixpoint> {
    return { id: row.id, time: iso(row.time), createdBy: enteredBy(await this.users.makersOf([row]), row.createdBy) };
  }

  private async require(userId: number, id: number): Promise<MadeFixpoint> {
    const row = await this.fixpoints.find(userId, id);
    if (row === undefined) throw notFound(`Fixpoint ${id} not found`);
    return row;
  }

  /** The error lines: every currency of the user or of either side, sorted by code. */
  /** Errors of every currency of the user, or only of those a partial fixpoint states (`onlyStated`). */
  private async errors(
    userId: number,
    stated: PerCurrency,
    calculated: PerCurrency,
    onlyStated = false,
    openings: ReadonlySet<string> = new Set(),
  ): Promise<FixpointError[]> {
    const codes = onlyStated
      ? new Set(stated.keys())
      : new Set([...(await this.currencies.list(userId)).map((c) => c.code), ...stated.keys(), ...calculated.keys()]);
    return [...codes].sort().map((currency) => {
      const s = stated.get(currency) ?? 0n;
      const c = calculated.get(currency) ?? 0n;
      const d = decimalsOf(currency);
      const error = {
        currency,
        stated: minorToMajor(s, d),
        calculated: minorToMajor(c, d),
        error: minorToMajor(s - c, d),
      };
      return openings.has(currency) && s !== c ? { ...error, opening: true as const } : error;
    });
  }

  /** Checks a full statement of the user's pockets; returns minor-unit balances and per-currency sums. */
  private async statement(userId: number, balances: readonly PocketBalance[]) {
    const pockets = await this.pockets.list(userId);
    const byId = new Map(pockets.map((p) => [p.id, p]));
    const seen = new Set<number>();
    const states: { pocketId: number; balance: number }[] = [];
    const stated: PerCurrency = new Map();
    for (const [i, b] of balances.entries()) {
      const pocket = byId.get(b.pocketId);
      if (pocket === undefined) throw notFound(`Pocket ${b.pocketId} not found`);
      if (seen.has(b.pocketId)) throw badRequest(`${i}.pocketId: pocket ${b.pocketId} is listed twice`);
      seen.add(b.pocketId);
      const parsed = parseSignedAmount(b.balance, decimalsOf(pocket.currency));
      if (!parsed.ok) throw badRequest(`${i}.balance: ${parsed.message}`);
      states.push({ pocketId: b.pocketId, balance: Number(parsed.minor) });
      stated.set(pocket.currency, (stated.get(pocket.currency) ?? 0n) + parsed.minor);
    }
    const missing = pockets.filter((p) => !seen.has(p.id));
    if (missing.length > 0)
      throw badRequest(`body: every pocket needs a stated balance; missing: ${missing.map((p) => p.name).join(', ')}`);
    return { states, stated };
  }

  private checkTime(time: number): void {
    if (time > this.now()) throw badRequest('time: a fixpoint cannot be in the future');
  }

  /** The errors a fixpoint with these balances at `time` would have, without saving anything. */
  async calcError(userId: number, balances: readonly PocketBalance[], time = this.now()): Promise<FixpointError[]> {
    this.checkTime(time);
    const { states, stated } = await this.statement(userId, balances);
    const calculated = await this.ledger.calculated(userId, time);
    const openings = await this.ledger.openings(
      userId,
      time,
      states.map((s) => s.pocketId),
      calculated,
    );
    return this.errors(userId, stated, calculated, false, openings);
  }

  /** Saves a fixpoint with its pocket states atomically, made by `actor` (a member of the book; its founder by default). */
  async set(
    userId: number,
    balances: readonly PocketBalance[],
    time = this.now(),
    actor = userId,
  ): Promise<FixpointDetail> {
    this.checkTime(time);
    const { states, stated } = await this.statement(userId, balances);
    if ((await this.fixpoints.findAt(userId, time)) !== undefined)
      throw conflict(`time: there is already a fixpoint at ${iso(time)}`);
    const calculated = await this.ledger.calculated(userId, time);
    const openings = await this.ledger.openings(
      userId,
      time,
      states.map((s) => s.pocketId),
      calculated,
    );
    const errors = await this.errors(userId, stated, calculated, false, openings);
    const at = this.now();
    const id = await this.db
      .transaction()
      .execute((trx) => new FixpointsRepository(trx).insert(userId, time, states, at, actor));
    return { ...(await this.one({ id, time, createdBy: actor })), errors };
  }

  async last(userId: number): Promise<Fixpoint | null> {
    const row = await this.fixpoints.last(userId);
    return row === undefined ? null : this.one(row);
  }

  /** A page of the fixpoints in the interval, newest first: at most `limit`, or MAX_LIST_ROWS. */
  async between(userId: number, q: PagedInterval): Promise<Page<Fixpoint>> {
    const rows = await this.fixpoints.between(userId, {
      start: q.start,
      end: q.end,
      limit: rowsToRead(q.limit),
      before: q.after,
    });
    const page = pageOf(rows, q.limit, (r) => r);
    return { ...page, rows: await this.listed(page.rows) };
  }

  /** A fixpoint with its errors per currency as the ledger stands now. */
  async get(userId: number, id: number): Promise<FixpointDetail> {
    const row = await this.require(userId, id);
    const { stated, calculated, partial } = await this.ledger.statedAndCalculated(userId, row);
    const pocketIds = (await this.ledger.states(userId, id)).map((s) => s.pocketId);
    const openings = await this.ledger.openings(userId, row.time, pocketIds, calculated);
    const errors = await this.errors(userId, stated, calculated, partial, openings);
    return { ...(await this.one(row)), errors };
  }

  async states(userId: number, id: number): Promise<PocketStateGroup[]> {
    await this.require(userId, id);
    const groups = new Map<string, PocketStateGroup['items']>();
    for (const s of await this.ledger.states(userId, id)) {
      const items = groups.get(s.currency) ?? [];
      items.push({
        fixpointId: s.fixpointId,
        pocketId: s.pocketId,
        name: s.name,
        isCash: s.isCash,
        balance: minorToMajor(BigInt(s.balance), decimalsOf(s.currency)),
      });
      groups.set(s.currency, items);
    }
    return [...groups].map(([currency, items]) => ({ currency, items }));
  }

  async delete(userId: number, id: number): Promise<void> {
    const row = await this.require(userId, id);
    await this.db.transaction().execute((trx) => new FixpointsRepository(trx).delete(userId, row));
  }

  /** Changes stated balances of existing pocket states, all or nothing. */
  async updateStates(userId: number, updates: readonly PocketStateUpdate[], actor = userId): Promise<void> {
    const resolved: { fixpoint: FixpointRow; pocketId: number; balance: number }[] = [];
    const fixpointsById = new Map<number, FixpointRow>();
    const statesOf = new Map<number, StateRow[]>();
    for (const [i, u] of updates.entries()) {
      let states = statesOf.get(u.fixpointId);
      if (states === undefined) {
        fixpointsById.set(u.fixpointId, await this.require(userId, u.fixpointId));
        states = await this.ledger.states(userId, u.fixpointId);
        statesOf.set(u.fixpointId, states);
      }
      const state = states.find((s) => s.pocketId === u.pocketId);
      if (state === undefined)
        throw notFound(`Pocket state of pocket ${u.pocketId} in fixpoint ${u.fixpointId} not found`);
      const parsed = parseSignedAmount(u.balance, decimalsOf(state.currency));
      if (!parsed.ok) throw badRequest(`${i}.balance: ${parsed.message}`);
      const fixpoint = fixpointsById.get(u.fixpointId);
      if (fixpoint === undefined) throw notFound(`Fixpoint ${u.fixpointId} not found`);
      resolved.push({ fixpoint, pocketId: u.pocketId, balance: Number(parsed.minor) });
    }
    await this.db.transaction().execute(async (trx) => {
      const repo = new FixpointsRepository(trx);
      for (const r of resolved) await repo.updateState(userId, r.fixpoint, r.pocketId, r.balance, actor);
    });
  }
}

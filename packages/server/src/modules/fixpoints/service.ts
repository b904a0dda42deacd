import type {
  Fixpoint,
  FixpointDetail,
  FixpointError,
  PocketBalance,
  PocketStateGroup,
  PocketStateUpdate,
} from '@kassa/contract';
import { currencyInfo, minorToMajor, parseSignedAmount } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { UserCurrenciesRepository } from '../currencies/repository.js';
import { cashFlows } from '../ledger/flows.js';
import { PocketsRepository } from '../pockets/repository.js';
import { FixpointsRepository, type FixpointRow } from './repository.js';

const decimalsOf = (code: string) => currencyInfo(code).decimals;
const iso = (ms: number) => new Date(ms).toISOString();

/** Per currency, in minor units. */
type ByCurrency = Map<string, bigint>;

/** Fixpoints: stated pocket balances at an instant, and their errors against the ledger (DESIGN §4). */
export class FixpointsService {
  private readonly fixpoints: FixpointsRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = Date.now,
  ) {
    this.fixpoints = new FixpointsRepository(db);
  }

  private async require(userId: number, id: number): Promise<FixpointRow> {
    const row = await this.fixpoints.find(userId, id);
    if (row === undefined) throw notFound(`Fixpoint ${id} not found`);
    return row;
  }

  /** Stated balances of a fixpoint per currency. */
  private async statedOf(userId: number, fixpointId: number): Promise<ByCurrency> {
    const stated: ByCurrency = new Map();
    for (const s of await this.fixpoints.states(userId, fixpointId))
      stated.set(s.currency, (stated.get(s.currency) ?? 0n) + BigInt(s.balance));
    return stated;
  }

  /**
   * available_C(t) (DESIGN §4): the stated balances of the last fixpoint at or before t (strictly
   * before, for a fixpoint's own calculated_C) plus the cash flows after it up to t.
   */
  async balancesAt(userId: number, time: number, strictlyBefore = false): Promise<ByCurrency> {
    const previous = await this.fixpoints.latest(userId, time, strictlyBefore);
    const balances = previous === undefined ? new Map<string, bigint>() : await this.statedOf(userId, previous.id);
    for (const [currency, flow] of await cashFlows(this.db, userId, previous?.time, time)) {
      balances.set(currency, (balances.get(currency) ?? 0n) + flow);
    }
    return balances;
  }

  /** calculated_C(F): what the ledger says at t, counted from the fixpoint before. */
  private calculatedAt(userId: number, time: number): Promise<ByCurrency> {
    return this.balancesAt(userId, time, true);
  }

  /** error_C(F) = stated_C(F) - calculated_C(F) for every currency of either side, minor units. */
  async errorByCurrency(userId: number, fixpoint: FixpointRow): Promise<ByCurrency> {
    const stated = await this.statedOf(userId, fixpoint.id);
    const calculated = await this.calculatedAt(userId, fixpoint.time);
    const errors: ByCurrency = new Map();
    for (const code of new Set([...stated.keys(), ...calculated.keys()]))
      errors.set(code, (stated.get(code) ?? 0n) - (calculated.get(code) ?? 0n));
    return errors;
  }

  /** The error lines: every currency of the user or of either side, sorted by code. */
  private async errors(userId: number, stated: ByCurrency, calculated: ByCurrency): Promise<FixpointError[]> {
    const codes = new Set([
      ...(await new UserCurrenciesRepository(this.db).list(userId)).map((c) => c.code),
      ...stated.keys(),
      ...calculated.keys(),
    ]);
    return [...codes].sort().map((currency) => {
      const s = stated.get(currency) ?? 0n;
      const c = calculated.get(currency) ?? 0n;
      const d = decimalsOf(currency);
      return { currency, stated: minorToMajor(s, d), calculated: minorToMajor(c, d), error: minorToMajor(s - c, d) };
    });
  }

  /** Checks a full statement of the user's pockets; returns minor-unit balances and per-currency sums. */
  private async statement(userId: number, balances: readonly PocketBalance[]) {
    const pockets = await new PocketsRepository(this.db).list(userId);
    const byId = new Map(pockets.map((p) => [p.id, p]));
    const seen = new Set<number>();
    const states: { pocketId: number; balance: number }[] = [];
    const stated: ByCurrency = new Map();
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
    const { stated } = await this.statement(userId, balances);
    return this.errors(userId, stated, await this.calculatedAt(userId, time));
  }

  /** Saves a fixpoint with its pocket states atomically. */
  async set(userId: number, balances: readonly PocketBalance[], time = this.now()): Promise<FixpointDetail> {
    this.checkTime(time);
    const { states, stated } = await this.statement(userId, balances);
    if ((await this.fixpoints.findAt(userId, time)) !== undefined)
      throw conflict(`time: there is already a fixpoint at ${iso(time)}`);
    const errors = await this.errors(userId, stated, await this.calculatedAt(userId, time));
    const at = this.now();
    const id = await this.db
      .transaction()
      .execute((trx) => new FixpointsRepository(trx).insert(userId, time, states, at));
    return { id, time: iso(time), errors };
  }

  async last(userId: number): Promise<Fixpoint | null> {
    const row = await this.fixpoints.latest(userId, Number.MAX_SAFE_INTEGER);
    return row === undefined ? null : { id: row.id, time: iso(row.time) };
  }

  async between(userId: number, start: number, end: number): Promise<Fixpoint[]> {
    return (await this.fixpoints.between(userId, start, end)).map((r) => ({ id: r.id, time: iso(r.time) }));
  }

  /** A fixpoint with its errors per currency as the ledger stands now. */
  async get(userId: number, id: number): Promise<FixpointDetail> {
    const row = await this.require(userId, id);
    const errors = await this.errors(
      userId,
      await this.statedOf(userId, id),
      await this.calculatedAt(userId, row.time),
    );
    return { id, time: iso(row.time), errors };
  }

  async states(userId: number, id: number): Promise<PocketStateGroup[]> {
    await this.require(userId, id);
    const groups = new Map<string, PocketStateGroup['items']>();
    for (const s of await this.fixpoints.states(userId, id)) {
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
    await this.require(userId, id);
    await this.fixpoints.delete(userId, id);
  }

  /** Changes stated balances of existing pocket states, all or nothing. */
  async updateStates(userId: number, updates: readonly PocketStateUpdate[]): Promise<void> {
    const resolved: { fixpointId: number; pocketId: number; balance: number }[] = [];
    const statesOf = new Map<number, Awaited<ReturnType<FixpointsRepository['states']>>>();
    for (const [i, u] of updates.entries()) {
      let states = statesOf.get(u.fixpointId);
      if (states === undefined) {
        await this.require(userId, u.fixpointId);
        states = await this.fixpoints.states(userId, u.fixpointId);
        statesOf.set(u.fixpointId, states);
      }
      const state = states.find((s) => s.pocketId === u.pocketId);
      if (state === undefined)
        throw notFound(`Pocket state of pocket ${u.pocketId} in fixpoint ${u.fixpointId} not found`);
      const parsed = parseSignedAmount(u.balance, decimalsOf(state.currency));
      if (!parsed.ok) throw badRequest(`${i}.balance: ${parsed.message}`);
      resolved.push({ fixpointId: u.fixpointId, pocketId: u.pocketId, balance: Number(parsed.minor) });
    }
    await this.db.transaction().execute(async (trx) => {
      const repo = new FixpointsRepository(trx);
      for (const r of resolved) await repo.updateState(r.fixpointId, r.pocketId, r.balance);
    });
  }
}

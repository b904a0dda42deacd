import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { MEASURES, type PerCurrency } from './flows.js';
import type { FixpointRow } from './rows.js';

// DESIGN §4, "Pockets carry their own rows; a fixpoint states what it names": a pocket that a
// fixpoint does not state passes through it at its calculated balance. Books in which every
// fixpoint states every pocket (all the spec's forms can make) count as before, by currency; the
// others (a pocket or currency added after a fixpoint, history imported before the first one,
// a statement's balance anchoring one pocket) are counted here, pocket by pocket.

/** A pocket as the rule needs it; the default pocket of a currency is its oldest (lowest id). */
export interface RulePocket {
  id: number;
  currency: string;
  isDefault: boolean;
}

/** The user's pockets and fixpoints (oldest first) with the pockets each one states. */
export interface Statements {
  pockets: RulePocket[];
  fixpoints: FixpointRow[];
  states: Map<number, Map<number, bigint>>;
}

/** Cash flows per currency over (after, until]; after undefined = from the ledger's start. */
export type CurrencyFlows = (after: number | undefined, until: number) => Promise<PerCurrency>;

/** A pocket's last statement at or before T (strictly before when `strict`). */
function lastStatement(s: Statements, pocketId: number, time: number, strict: boolean) {
  for (let i = s.fixpoints.length - 1; i >= 0; i--) {
    const f = s.fixpoints[i];
    if (f === undefined || (strict ? f.time >= time : f.time > time)) continue;
    const stated = s.states.get(f.id)?.get(pocketId);
    if (stated !== undefined) return { time: f.time, stated };
  }
  return undefined;
}

/** The cash flows of one non-default pocket's own rows over (after, until], in its currency. */
async function ownRows(
  db: Kysely<DB>,
  userId: number,
  pocket: RulePocket,
  after: number | undefined,
  until: number,
): Promise<bigint> {
  if (after !== undefined && after >= until) return 0n;
  const tx = await db
    .selectFrom('transactions')
    .select(MEASURES.cash.as('net'))
    .where('pocket_id', '=', pocket.id)
    .where('user_id', '=', userId)
    .where('currency', '=', pocket.currency)
    .$if(after !== undefined, (q) => q.where('time', '>', after ?? 0))
    .where('time', '<=', until)
    .executeTakeFirst();
  const conv = await db
    .selectFrom('conversions')
    .select([
      sql<string>`sum(case when from_pocket_id = ${pocket.id} and from_currency = ${pocket.currency} then from_amount else 0 end)`.as(
        'out',
      ),
      sql<string>`sum(case when to_pocket_id = ${pocket.id} and to_currency = ${pocket.currency} then to_amount else 0 end)`.as(
        'in',
      ),
    ])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('from_pocket_id', '=', pocket.id), eb('to_pocket_id', '=', pocket.id)]))
    .$if(after !== undefined, (q) => q.where('time', '>', after ?? 0))
    .where('time', '<=', until)
    .executeTakeFirst();
  return BigInt(tx?.net ?? 0) + BigInt(conv?.in ?? 0) - BigInt(conv?.out ?? 0);
}

/** Counts with one user's statements: balances per pocket and currency by the rule. */
export class PocketRule {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
    private readonly s: Statements,
    private readonly currencyFlows: CurrencyFlows,
  ) {}

  private pocketsOf(currency: string): RulePocket[] {
    return this.s.pockets.filter((p) => p.currency === currency);
  }

  /** The cash flow of one pocket's rows over (after, until]: a default pocket holds what no other pocket of its currency does. */
  async pocketFlows(pocket: RulePocket, after: number | undefined, until: number): Promise<bigint> {
    if (after !== undefined && after >= until) return 0n;
    if (!pocket.isDefault) return ownRows(this.db, this.userId, pocket, after, until);
    let flow = (await this.currencyFlows(after, until)).get(pocket.currency) ?? 0n;
    for (const other of this.pocketsOf(pocket.currency))
      if (other.id !== pocket.id) flow -= await ownRows(this.db, this.userId, other, after, until);
    return flow;
  }

  /** balance_P(T): the pocket's last statement (strictly before T when `strict`) plus its rows after it. */
  async pocketBalance(pocket: RulePocket, time: number, strict = false): Promise<bigint> {
    const last = lastStatement(this.s, pocket.id, time, strict);
    return (last?.stated ?? 0n) + (await this.pocketFlows(pocket, last?.time, time));
  }

  /**
   * available_C(T) for every currency with a pocket: each currency counts from the latest
   * statement of any of its pockets (one range of currency flows), and a pocket whose own last
   * statement is older brings its rows up to that point.
   */
  async available(time: number, strict = false): Promise<PerCurrency> {
    const out: PerCurrency = new Map();
    const flowsFrom = new Map<number | undefined, Promise<PerCurrency>>();
    for (const currency of new Set(this.s.pockets.map((p) => p.currency))) {
      const pockets = this.pocketsOf(currency).map((p) => ({ p, last: lastStatement(this.s, p.id, time, strict) }));
      const anchor = pockets.reduce<number | undefined>(
        (latest, { last }) =>
          last === undefined || (latest !== undefined && latest >= last.time) ? latest : last.time,
        undefined,
      );
      let balance = 0n;
      for (const { p, last } of pockets) {
        balance += last?.stated ?? 0n;
        if (last?.time !== anchor && anchor !== undefined) balance += await this.pocketFlows(p, last?.time, anchor);
      }
      let flows = flowsFrom.get(anchor);
      if (flows === undefined) {
        flows = this.currencyFlows(anchor, time);
        flowsFrom.set(anchor, flows);
      }
      out.set(currency, balance + ((await flows).get(currency) ?? 0n));
    }
    return out;
  }

  /**
   * error_C(F) for each currency F states a pocket of: Σ over those pockets of stated minus
   * calculated, each pocket counted from its own statement before F. A currency F states no
   * pocket of is not in F's errors.
   */
  async error(fixpoint: FixpointRow): Promise<{ stated: PerCurrency; calculated: PerCurrency }> {
    const own = this.s.states.get(fixpoint.id) ?? new Map<number, bigint>();
    const stated: PerCurrency = new Map();
    const calculated: PerCurrency = new Map();
    const named = this.s.pockets.filter((p) => own.has(p.id));
    const whole = await this.available(fixpoint.time, true);
    for (const currency of new Set(named.map((p) => p.currency))) {
      const mine = named.filter((p) => p.currency === currency);
      stated.set(
        currency,
        mine.reduce((sum, p) => sum + (own.get(p.id) ?? 0n), 0n),
      );
      if (mine.length === this.pocketsOf(currency).length) {
        calculated.set(currency, whole.get(currency) ?? 0n);
        continue;
      }
      let sum = 0n;
      for (const p of mine) sum += await this.pocketBalance(p, fixpoint.time, true);
      calculated.set(currency, sum);
    }
    return { stated, calculated };
  }
}

import type { ImportCommit } from '@kassa/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { CategoryRow } from '../categories/repository.js';
import type { LedgerBatch, TransactionRow } from '../ledger/index.js';
import { normalisePayee } from './fingerprint.js';
import { rejectedPairKey, type StoredRow } from './stored-row.js';
import type { ImportLinksRepository, NewLink } from './links-repository.js';

// What a commit will do with each stored row (the body's changes applied and checked first), and
// what the steps of a commit share (commit.ts runs them in one database transaction).

/** Rows written per step of a commit or undo. */
export const WRITE_SLICE = 5000;

/** What undo needs to put back: earlier imported transactions a commit replaced, and pocket states it changed. */
export interface Replaced {
  transactions: { linkId: number; row: Omit<TransactionRow, 'id'> }[];
  /** A state's balance before the commit; null when the commit added the state (undo removes it). */
  states: { fixpointId: number; time: number; pocketId: number; balance: number | null }[];
  fixpoints: { id: number; time: number }[];
}

export const withoutId = (t: TransactionRow): Omit<TransactionRow, 'id'> => ({
  categoryId: t.categoryId,
  kind: t.kind,
  businessType: t.businessType,
  isIncome: t.isIncome,
  amount: t.amount,
  currency: t.currency,
  description: t.description,
  time: t.time,
  day: t.day,
});

/** How the commit treats a row. */
export type Action = 'write' | 'skip' | 'duplicate' | 'error' | 'pair';

/** The transaction description of an imported row: payee and text, as the statement shows them. */
export function describe(row: StoredRow): string {
  const parts = [row.payee, row.description].map((t) => t.trim()).filter((t) => t !== '');
  const [first = '', second = ''] = parts;
  // A bank that starts its text with the payee ("REWE" / "REWE SAGT DANKE") shows it once.
  const text = second.toLowerCase().startsWith(first.toLowerCase()) ? second : parts.join(' · ');
  return cutAt(text, 500);
}

/** The first `max` UTF-16 units, never ending in half of a surrogate pair (an emoji cut in two). */
function cutAt(text: string, max: number): string {
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Applies the body's overrides to the stored rows; checks every line and category first (nothing is written on a 4xx). */
export function decide(rows: StoredRow[], input: ImportCommit, categories: readonly CategoryRow[]) {
  const byLine = new Map(rows.map((r) => [r.line, r]));
  const actions = new Map<number, Action>();
  for (const r of rows)
    actions.set(
      r.line,
      r.status === 'new' ? (r.match ? 'pair' : 'write') : r.status === 'duplicate' ? 'duplicate' : 'error',
    );
  const rejected = new Set<number>();
  // Duplicates the user imports anyway: never checked again at commit.
  const anyway = new Set<number>();
  const category = new Map(categories.map((c) => [c.id, c]));
  for (const [i, o] of (input.rows ?? []).entries()) {
    const row = byLine.get(o.line);
    if (row === undefined) throw badRequest(`rows.${i}.line: the file has no row at line ${o.line}`);
    if (o.categoryId !== undefined && o.categoryId !== null) {
      const c = category.get(o.categoryId);
      if (c === undefined) throw notFound(`rows.${i}.categoryId: category ${o.categoryId} not found`);
      const income = row.minor > 0;
      if (c.type !== 'real' || c.isIncome !== income)
        throw badRequest(`rows.${i}.categoryId: ${c.name} is not an ${income ? 'income' : 'expense'} category`);
      if (!c.isActive) throw badRequest(`rows.${i}.categoryId: ${c.name} is not active`);
    }
    if (o.categoryId !== undefined) row.categoryId = o.categoryId;
    if (o.schedule === false) delete row.schedule;
    if (o.skip === false && row.status === 'error')
      throw badRequest(`rows.${i}.skip: line ${o.line} cannot be imported: ${row.reason ?? 'it has an error'}`);
    if (o.match === false && row.match !== undefined) {
      rejected.add(row.line);
      actions.set(row.line, 'write');
    }
    if (o.skip === false && row.status === 'duplicate') anyway.add(row.line);
    if (o.skip === true) actions.set(row.line, 'skip');
    else if (o.skip === false) actions.set(row.line, row.match && !rejected.has(row.line) ? 'pair' : 'write');
  }
  // A pair within the file stands only while both sides do; a rejected side rejects the pair.
  for (const r of rows) {
    const otherLine = r.match?.line;
    if (otherLine === undefined || actions.get(r.line) !== 'pair') continue;
    if (actions.get(otherLine) !== 'pair' || rejected.has(otherLine)) {
      actions.set(r.line, 'write');
      if (rejected.has(otherLine)) rejected.add(r.line);
    }
  }
  return { byLine, actions, rejected, anyway };
}

/** The pairs the body rejected, as rejectedPairKey keys: later imports do not propose them again. */
export function rejectedPairsOf({ byLine, rejected }: ReturnType<typeof decide>): [string, string][] {
  return [...rejected].flatMap((line) => {
    const row = byLine.get(line);
    return row?.matchKey === undefined ? [] : [rejectedPairKey(row.pairKey, row.matchKey)];
  });
}

/** What the steps of one commit share: its database transaction, the ledger batch, the batch's links. */
export interface CommitRun {
  trx: Kysely<DB>;
  ledger: LedgerBatch;
  links: ImportLinksRepository;
  userId: number;
  batchId: number;
  now: number;
  replaced: Replaced;
}

/** The link of an imported row to what it became (a transaction or one leg of a conversion). */
export function linkOf(
  run: Pick<CommitRun, 'userId' | 'batchId'>,
  row: StoredRow,
  target: { transaction_id?: number; conversion_id?: number },
): NewLink {
  return {
    user_id: run.userId,
    batch_id: run.batchId,
    pocket_id: row.pocketId ?? 0,
    line: row.line,
    transaction_id: target.transaction_id ?? null,
    conversion_id: target.conversion_id ?? null,
    external_id: row.externalId,
    fingerprint: row.fingerprint,
    day: row.day,
    amount: row.minor,
    currency: row.currency,
    payee: normalisePayee(row.payee === '' ? row.description : row.payee),
    description: describe(row),
  };
}

import type { BackupDocument } from '@kassa/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { MembersRepository } from '../members/repository.js';
import { displayName } from '../users/repository.js';
import type { BackupRepository } from './repository.js';
import type { Resolved } from './resolve.js';

// The people a backup's rows name (version 5, issue 34): who entered a row, who paid a split
// expense and its shares, the two sides of a settlement. User ids mean nothing on another server,
// so the document keys them by position and carries their names and e-mails; a restore finds
// them among the book's members by e-mail.

type LedgerRows = Awaited<ReturnType<BackupRepository['read']>>;

/** Every user id the rows name. */
function namedIds(rows: LedgerRows): number[] {
  const ids = new Set<number>();
  const add = (id: number | null) => {
    if (id !== null) ids.add(id);
  };
  for (const t of rows.transactions) {
    add(t.created_by);
    add(t.paid_by);
    if (t.shares !== null) for (const [userId] of JSON.parse(t.shares) as [number, number][]) add(userId);
  }
  for (const c of rows.conversions) add(c.created_by);
  for (const s of rows.settlements) {
    add(s.from_member);
    add(s.to_member);
    add(s.created_by);
  }
  return [...ids].sort((a, b) => a - b);
}

/** The document's members, and each user id's key (users whose account is gone have none). */
export async function documentMembers(
  backups: BackupRepository,
  rows: LedgerRows,
): Promise<{ members: BackupDocument['members']; keyOf: Map<number, number> }> {
  const people = await backups.people(namedIds(rows));
  const keyOf = new Map(people.map((p, i) => [p.id, i + 1]));
  return {
    members: people.map((p, i) => ({
      key: i + 1,
      name: displayName(p.first_name, p.last_name, p.email),
      email: p.email,
    })),
    keyOf,
  };
}

/** `{[field]: key}` of a person by user id, or nothing when there is none (or their account is gone). */
export function personField(keyOf: ReadonlyMap<number, number>) {
  return <F extends string>(field: F, id: number | null) => {
    const key = id === null ? undefined : keyOf.get(id);
    return (key === undefined ? {} : { [field]: key }) as Partial<Record<F, number>>;
  };
}

/** A split expense's payer and shares by member key; nothing for a row that is not split. */
export function documentSplit(
  t: { paid_by: number | null; shares: string | null },
  keyOf: ReadonlyMap<number, number>,
): { paidBy?: number; shares?: { memberKey: number; weight: number }[] } {
  if (t.shares === null) return {};
  return {
    ...personField(keyOf)('paidBy', t.paid_by),
    shares: (JSON.parse(t.shares) as [number, number][]).flatMap(([userId, weight]) => {
      const memberKey = keyOf.get(userId);
      return memberKey === undefined ? [] : [{ memberKey, weight }];
    }),
  };
}

/** The settlements with their sides by member key (one whose side's account is gone cannot be restored: left out). */
export function documentSettlements(
  settlements: LedgerRows['settlements'],
  keyOf: ReadonlyMap<number, number>,
  amount: (minor: number, currency: string) => string,
): BackupDocument['settlements'] {
  return settlements.flatMap((s) => {
    const fromKey = keyOf.get(s.from_member);
    const toKey = keyOf.get(s.to_member);
    if (fromKey === undefined || toKey === undefined) return [];
    const description = s.description;
    return [
      {
        fromKey,
        toKey,
        amount: amount(s.amount, s.currency),
        currency: s.currency,
        time: new Date(s.time).toISOString(),
        description,
        ...personField(keyOf)('createdBy', s.created_by),
      },
    ];
  });
}

/**
 * A restored row's maker, payer and shares as user ids of the book. A maker the book does not
 * know, or none named (before version 5), is left to the ledger writer: the member who restores,
 * who kept these books.
 */
export function restoredSplit(
  t: Resolved['transactions'][number],
  memberIds: ReadonlyMap<number, number>,
): Pick<Resolved['transactions'][number], 'createdBy' | 'paidBy' | 'shares'> {
  const createdBy = memberIds.get(t.createdBy ?? 0);
  if (t.shares === undefined || t.shares === null) return { createdBy };
  return {
    createdBy,
    paidBy: memberIds.get(t.paidBy ?? 0) ?? null,
    shares: t.shares.map((s) => ({ userId: memberIds.get(s.userId) ?? 0, weight: s.weight })),
  };
}

/** Writes the document's settlements with their sides found in the book (`memberIdsOf`). */
export async function writeSettlements(
  backups: BackupRepository,
  bookId: number,
  doc: Resolved,
  memberIds: ReadonlyMap<number, number>,
  at: number,
): Promise<void> {
  await backups.insertSettlements(
    doc.settlements.map((s) => ({
      user_id: bookId,
      from_member: memberIds.get(s.fromKey) ?? 0,
      to_member: memberIds.get(s.toKey) ?? 0,
      amount: s.amount,
      currency: s.currency,
      description: s.description,
      time: s.time,
      day: s.day,
      created_at: at,
      created_by: memberIds.get(s.createdBy ?? 0) ?? bookId,
    })),
  );
}

/**
 * Each document member's user id in the book restored into, by e-mail. A row's maker who is not
 * a member becomes the member who restores (the service's choice); a split or a settlement cannot
 * lose a side, so a member they name who is not in the book is a 400 naming them, before anything
 * is written.
 */
export async function memberIdsOf(db: Kysely<DB>, bookId: number, doc: Resolved): Promise<Map<number, number>> {
  const byEmail = await new MembersRepository(db).byEmail(bookId);
  const ids = new Map<number, number>();
  for (const m of doc.members) {
    const id = byEmail.get(m.email);
    if (id !== undefined) ids.set(m.key, id);
  }
  const needed = new Set<number>();
  for (const t of doc.transactions) {
    if (t.paidBy !== undefined && t.paidBy !== null) needed.add(t.paidBy);
    for (const s of t.shares ?? []) needed.add(s.userId);
  }
  for (const s of doc.settlements) needed.add(s.fromKey).add(s.toKey);
  const missing = doc.members.filter((m) => needed.has(m.key) && !ids.has(m.key)).map((m) => m.email);
  if (missing.length > 0)
    throw badRequest(
      `members: ${missing.join(', ')} ${missing.length === 1 ? 'is not a member' : 'are not members'} of this book; invite them before restoring, as its splits and settlements name them`,
    );
  return ids;
}

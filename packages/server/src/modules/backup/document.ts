import { BACKUP_FORMAT, BACKUP_VERSION, type BackupDocument } from '@kassa/contract';
import { decimalsOf, placeDecimalPoint } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { exportImports } from './imports.js';
import { documentMembers, documentSettlements, documentSplit, personField } from './members.js';
import { BackupRepository } from './repository.js';
import { exportSchedules, readSchedules } from './schedules.js';

// Writing a user's books as a backup document of the current version (DESIGN §9).

const iso = (ms: number) => new Date(ms).toISOString();
const flag = (n: number) => n === 1;

type Rows = Awaited<ReturnType<BackupRepository['read']>> & {
  scheduled: Awaited<ReturnType<typeof readSchedules>>;
  people: Awaited<ReturnType<typeof documentMembers>>;
};

/** The user's books as a document of the current version, read in one snapshot. */
export async function backupDocument(db: Kysely<DB>, userId: number, now: number): Promise<BackupDocument> {
  const user = await db.selectFrom('users').select('main_currency').where('id', '=', userId).executeTakeFirst();
  if (user?.main_currency === undefined || user.main_currency === null)
    throw conflict('The account has no books yet: complete the registration first');
  const mainCurrency = user.main_currency;
  // One snapshot for every read, so a write landing between them cannot tear the document:
  // repeatable read on PostgreSQL (read committed would see it); SQLite's read transaction
  // keeps one snapshot anyway (its driver ignores the level).
  const rows = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const backups = new BackupRepository(trx);
      const read = await backups.read(userId);
      return { ...read, scheduled: await readSchedules(trx, userId), people: await documentMembers(backups, read) };
    });
  return documentOf(rows, mainCurrency, now);
}

/** The document of rows read: keys are positions (1, 2, …), so a restored copy exports the same keys again. */
function documentOf(rows: Rows, mainCurrency: string, now: number): BackupDocument {
  const amount = (minor: number, code: string) => placeDecimalPoint(BigInt(minor), decimalsOf(code));
  // Keys are positions (1, 2, …), so a restored copy exports the same keys again.
  const pocketKey = new Map(rows.pockets.map((p, i) => [p.id, i + 1]));
  const pocketCurrency = new Map(rows.pockets.map((p) => [p.id, p.currency]));
  const categoryKey = new Map(rows.categories.map((c, i) => [c.id, i + 1]));
  const index = (rows: readonly { id: number }[]) => new Map(rows.map((r, i) => [r.id, i]));
  const { members, keyOf } = rows.people;
  const person = personField(keyOf);

  const statesOf = new Map<number, BackupDocument['fixpoints'][number]['states']>();
  for (const s of rows.states) {
    const list = statesOf.get(s.fixpoint_id) ?? [];
    list.push({
      pocketKey: pocketKey.get(s.pocket_id) ?? 0,
      balance: amount(s.balance, pocketCurrency.get(s.pocket_id) ?? ''),
    });
    statesOf.set(s.fixpoint_id, list);
  }
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: iso(now),
    mainCurrency,
    currencies: rows.currencies.map((c) => ({ code: c.code, lastUsed: iso(c.last_used) })),
    pockets: rows.pockets.map((p, i) => ({
      key: i + 1,
      name: p.name,
      currency: p.currency,
      isCash: flag(p.is_cash),
    })),
    categories: rows.categories.map((c, i) => ({
      key: i + 1,
      name: c.name,
      type: c.type,
      description: c.description,
      isIncome: c.is_income === null ? null : flag(c.is_income),
      isBuiltIn: flag(c.is_built_in),
      isActive: flag(c.is_active),
      monthlyLimit: c.monthly_limit === null ? null : amount(c.monthly_limit, mainCurrency),
      rollover: c.rollover === 1,
      lastUsed: iso(c.last_used),
    })),
    transactions: rows.transactions.map((t) => ({
      categoryKey: categoryKey.get(t.category_id) ?? 0,
      isIncome: flag(t.is_income),
      businessType: t.business_type,
      amount: amount(t.amount, t.currency),
      currency: t.currency,
      description: t.description,
      time: iso(t.time),
      ...(t.pocket_id === null ? {} : { pocketKey: pocketKey.get(t.pocket_id) ?? 0 }),
      ...person('createdBy', t.created_by),
      ...documentSplit(t, keyOf),
    })),
    conversions: rows.conversions.map((c) => ({
      fromAmount: amount(c.from_amount, c.from_currency),
      fromCurrency: c.from_currency,
      toAmount: amount(c.to_amount, c.to_currency),
      toCurrency: c.to_currency,
      description: c.description,
      time: iso(c.time),
      ...(c.from_pocket_id === null ? {} : { fromPocketKey: pocketKey.get(c.from_pocket_id) ?? 0 }),
      ...(c.to_pocket_id === null ? {} : { toPocketKey: pocketKey.get(c.to_pocket_id) ?? 0 }),
      ...person('createdBy', c.created_by),
    })),
    fixpoints: rows.fixpoints.map((f) => ({ time: iso(f.time), states: statesOf.get(f.id) ?? [] })),
    rules: rows.rules.map((r) => ({
      match: r.match,
      pattern: r.pattern,
      categoryKey: categoryKey.get(r.category_id) ?? 0,
      currency: r.currency,
      minAmount: r.min_amount === null || r.currency === null ? null : amount(r.min_amount, r.currency),
      maxAmount: r.max_amount === null || r.currency === null ? null : amount(r.max_amount, r.currency),
      position: r.position,
    })),
    ...exportImports(rows, {
      pocketKey,
      pocketCurrency,
      categoryKey,
      transactionIndex: index(rows.transactions),
      conversionIndex: index(rows.conversions),
      fixpointIndex: index(rows.fixpoints),
      amount,
    }),
    schedules: exportSchedules(rows.scheduled, {
      categoryKey,
      transactionIndex: index(rows.transactions),
      conversionIndex: index(rows.conversions),
      amount,
    }),
    members,
    settlements: documentSettlements(rows.settlements, keyOf, amount),
  };
}

import type { BulkRequest, Undoable } from '@kassa/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { CategoriesRepository, type CategoryRow } from '../categories/repository.js';
import { LedgerWriter } from '../ledger/index.js';
import { recordUndo } from '../undo/record.js';
import { BulkTransactionsRepository, type SelectedGroup } from './bulk-repository.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** How a category reads in a message: "an expense category", "a loan category". */
function categoryKind(c: CategoryRow): string {
  if (c.type === 'real') return c.isIncome === true ? 'an income category' : 'an expense category';
  return c.type === 'external' ? 'an external category' : `a ${c.type} category`;
}

/** How rows of a group read: "expenses", "loan transactions". */
function rowsKind(g: SelectedGroup): string {
  if (g.kind === 'real') return g.isIncome ? 'income' : 'expenses';
  return `${g.kind} transactions`;
}

/** A closed loan or business category freezes its transactions (spec §4), as transaction/update has it. */
function isClosed(c: CategoryRow): boolean {
  return !c.isActive && (c.type === 'loan' || c.type === 'business');
}

/**
 * The rules of transaction/update, for many rows at once. The new category must hold every row
 * as it is: the same kind, and for real rows the same direction (update would flip an expense
 * into income with its category; a bulk change of category must not move money silently). A
 * business row keeps its business type, a loan row its direction.
 */
function checkTarget(target: CategoryRow, groups: readonly SelectedGroup[]): void {
  if (isClosed(target)) throw conflict(`Category ${target.name} is closed; it takes no transactions`);
  // Rows that do not fit, counted by how they read ("loan transactions" of both directions together).
  const misfits = new Map<string, number>();
  for (const g of groups)
    if (g.kind !== target.type || (target.type === 'real' && g.isIncome !== target.isIncome))
      misfits.set(rowsKind(g), (misfits.get(rowsKind(g)) ?? 0) + g.count);
  const [first] = misfits;
  if (first !== undefined)
    throw badRequest(
      `changes.categoryId: ${target.name} is ${categoryKind(target)}; ${plural(first[1], 'of the transactions is', 'of the transactions are')} ${first[0]}`,
    );
  if (!target.isActive && groups.some((g) => g.categoryId !== target.id))
    throw conflict(`Category ${target.name} is inactive; activate it to use it`);
}

/**
 * transaction/bulk: deletes or updates the user's transactions with these ids in one database
 * transaction, all or nothing: an id that is not the user's is a 404, a rule broken by any row a
 * 400 or 409, and nothing is written. The rows are saved for undo first; the ledger writer
 * changes the daily totals by sums computed in SQL (ledger/writer.ts LedgerBatch).
 */
export async function bulkEdit(
  db: Kysely<DB>,
  userId: number,
  request: BulkRequest,
  now: number,
  actor?: number,
): Promise<Undoable> {
  const ids = [...new Set(request.ids)];
  return db.transaction().execute(async (trx) => {
    const writer = await LedgerWriter.open(trx, userId, now, actor);
    const rows = new BulkTransactionsRepository(trx);
    const groups = await rows.groups(userId, ids);
    if (groups.reduce((n, g) => n + g.count, 0) < ids.length)
      throw notFound(`ids: transaction ${(await rows.firstMissing(userId, ids)) ?? ''} not found`);
    const categories = new Map((await new CategoriesRepository(trx).list(userId)).map((c) => [c.id, c]));
    for (const g of groups) {
      const c = categories.get(g.categoryId);
      if (c !== undefined && isClosed(c))
        throw conflict(`Category ${c.name} is closed; its transactions cannot be added, changed or deleted`);
    }
    const changes = request.action === 'update' ? (request.changes ?? {}) : undefined;
    if (changes?.categoryId !== undefined) {
      const target = categories.get(changes.categoryId);
      if (target === undefined) throw notFound(`changes.categoryId: category ${changes.categoryId} not found`);
      checkTarget(target, groups);
    }

    const recorded = await recordUndo(
      trx,
      userId,
      { action: request.action, transactionIds: ids, ...(changes === undefined ? {} : { changes }) },
      now,
    );
    // Using a category moves it to the top of its picker, as a single update does.
    const batch = writer.batch({ markUsed: true });
    if (changes === undefined) await batch.dropTransactions(ids);
    else await batch.setTransactionColumns(ids, changes);
    await batch.finish();
    return { count: ids.length, undo: recorded.token };
  });
}

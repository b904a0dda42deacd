import { BULK_ROWS, settleSearchIndex } from '../../db/search-index.js';
import type { BackupDocument, BackupRestoreResult } from '@kassa/contract';
import type { Kysely } from 'kysely';
import { brokenConstraint } from '../../db/constraint-errors.js';
import type { DB } from '../../db/schema.js';
import { badRequest, conflict } from '../../http/errors.js';
import { CategoriesRepository } from '../categories/repository.js';
import { FixpointsRepository } from '../fixpoints/repository.js';
import { LedgerWriter, type MainValuation } from '../ledger/index.js';
import { PocketsRepository } from '../pockets/repository.js';
import { RulesRepository } from '../rules/repository.js';
import { allocateIds } from '../../db/id-allocation.js';
import { mapPaced } from '../../util/breathe.js';
import { backupDocument } from './document.js';
import { writeImports } from './imports.js';
import { BackupRepository } from './repository.js';
import { memberIdsOf, restoredSplit, writeSettlements } from './members.js';
import { readBackup, type Resolved } from './resolve.js';
import { writeSchedules } from './schedules.js';

/**
 * Backup and restore of one user's books as a versioned JSON document (DESIGN §9,
 * docs/DECISIONS.md "Backup and restore"). The API and the admin CLI both come through here:
 * the document is written in document.ts and read in resolve.ts (on a worker thread for the API).
 */
export class BackupService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = Date.now,
    /** Values the restored totals as they are written (app.ts hands in the rates'), so the first report is quick. */
    private readonly valuation?: MainValuation,
  ) {}

  /** The user's books as a document of the current version. */
  async backup(userId: number): Promise<BackupDocument> {
    return backupDocument(this.db, userId, this.now());
  }

  /** Reads a document of any version up to BACKUP_VERSION; a 400 naming the problem's path otherwise. */
  parse(input: unknown): Resolved {
    return readBackup(input);
  }

  /**
   * Loads a document into the user's account in one database transaction: into an account without
   * transactions and conversions (DESIGN §9; fixpoints alone, like the start balances a web
   * registration states, are replaced), or with `replace` over the books it has. Currencies,
   * pockets and categories become the document's (system categories keep their rows and take the
   * document's text); every derived table is rebuilt from the restored rows. A document that
   * fails a check changes nothing.
   */
  async restore(userId: number, input: unknown, options: { replace: boolean }): Promise<BackupRestoreResult> {
    return this.restoreRead(userId, this.parse(input), options);
  }

  /** restore of a document already read (readBackup, on a worker thread for the API). */
  async restoreRead(userId: number, doc: Resolved, options: { replace: boolean }): Promise<BackupRestoreResult> {
    const at = this.now();
    try {
      await this.write(userId, doc, options, at);
      if (doc.transactions.length + doc.conversions.length >= BULK_ROWS) void settleSearchIndex(this.db);
    } catch (err) {
      // The checks above cover names among the document's categories; a document category can
      // still take the name of a system category the document leaves out.
      if (brokenConstraint(err) === 'unique')
        throw badRequest('categories: a category has the name of a system category the document does not list');
      throw err;
    }
    return {
      currencies: doc.currencies.length,
      pockets: doc.pockets.length,
      categories: doc.categories.length,
      transactions: doc.transactions.length,
      conversions: doc.conversions.length,
      fixpoints: doc.fixpoints.length,
      rules: doc.rules.length,
      imports: doc.imports.imports.length,
      schedules: doc.schedules.length,
      settlements: doc.settlements.length,
    };
  }

  private async write(userId: number, doc: Resolved, options: { replace: boolean }, at: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // The restored rows go in through the ledger writer, which rebuilds what derives from them.
      const ledger = (await LedgerWriter.open(trx, userId, at)).batch({
        rebuild: true,
        ...(this.valuation && { valuation: this.valuation }),
      });
      const backups = new BackupRepository(trx);
      if (!options.replace) {
        const counts = await backups.counts(userId);
        const held = (
          [
            [counts.transactions, 'transaction'],
            [counts.conversions, 'conversion'],
          ] as const
        )
          .filter(([n]) => n > 0)
          .map(([n, what]) => `${n} ${what}${n === 1 ? '' : 's'}`);
        if (held.length > 0)
          throw conflict(
            `The account already has books (${held.join(', ')}); restore with replace=true to replace them`,
          );
      }
      const memberIds = await memberIdsOf(trx, userId, doc);
      await backups.clear(userId, () => ledger.dropAll());
      await backups.setMainCurrency(userId, doc.mainCurrency);
      await backups.insertCurrencies(userId, doc.currencies);

      const pockets = new PocketsRepository(trx);
      const pocketIds = new Map<number, number>();
      for (const p of doc.pockets)
        pocketIds.set(
          p.key,
          await pockets.insert(userId, { name: p.name, currency: p.currency, isCash: p.isCash }, at),
        );

      const categoryIds = await this.restoreCategories(trx, userId, doc.categories);
      // Ids taken first, so the import links know the rows they point at.
      const transactionIds = await allocateIds(trx, 'transactions', doc.transactions.length);
      await ledger.insertTransactions(
        await mapPaced(doc.transactions, (t, i) => ({
          ...t,
          id: transactionIds[i],
          categoryId: categoryIds.get(t.categoryId) ?? 0,
          pocketId: t.pocketId == null ? null : (pocketIds.get(t.pocketId) ?? null),
          ...restoredSplit(t, memberIds),
        })),
      );
      const conversionIds = await allocateIds(trx, 'conversions', doc.conversions.length);
      await ledger.insertConversions(
        await mapPaced(doc.conversions, (c, i) => ({
          ...c,
          id: conversionIds[i],
          fromPocketId: c.fromPocketId == null ? null : (pocketIds.get(c.fromPocketId) ?? null),
          toPocketId: c.toPocketId == null ? null : (pocketIds.get(c.toPocketId) ?? null),
          createdBy: memberIds.get(c.createdBy ?? 0),
        })),
      );
      const rules = new RulesRepository(trx);
      for (const r of doc.rules)
        await rules.insert(userId, { ...r, categoryId: categoryIds.get(r.categoryId) ?? 0 }, at);
      const fixpoints = new FixpointsRepository(trx);
      const fixpointIds: { id: number; time: number }[] = [];
      for (const f of doc.fixpoints)
        fixpointIds.push({
          id: await fixpoints.insert(
            userId,
            f.time,
            f.states.map((s) => ({ pocketId: pocketIds.get(s.pocketKey) ?? 0, balance: s.balance })),
            at,
          ),
          time: f.time,
        });
      await writeImports(
        trx,
        userId,
        doc.imports,
        { pocketIds, categoryIds, transactionIds, conversionIds, fixpoints: fixpointIds },
        at,
      );
      await writeSchedules(trx, userId, doc.schedules, { categoryIds, transactionIds, conversionIds }, at);
      await writeSettlements(backups, userId, doc, memberIds, at);

      await ledger.finish();
    });
  }

  /**
   * Writes the document's categories; returns document key → new id. The account's system
   * categories stay (every user has them) and are matched to the document's built-in ones of the
   * same type and direction, in order; they take the document's name, text and limit. Names are
   * first made unique so that swapped names cannot clash half-way.
   */
  private async restoreCategories(
    trx: Kysely<DB>,
    userId: number,
    categories: Resolved['categories'],
  ): Promise<Map<number, number>> {
    const repo = new CategoriesRepository(trx);
    const backups = new BackupRepository(trx);
    const system = await repo.list(userId);
    system.sort((a, b) => a.id - b.id);
    for (const s of system)
      await backups.updateCategory(userId, s.id, {
        name: `restoring-${s.id}`,
        description: s.description,
        monthlyLimit: s.monthlyLimit,
        rollover: s.rollover,
        lastUsed: s.lastUsed,
      });
    const unmatched = [...system];
    const ids = new Map<number, number>();
    for (const c of categories) {
      const index = c.isBuiltIn ? unmatched.findIndex((s) => s.type === c.type && s.isIncome === c.isIncome) : -1;
      const match = index >= 0 ? unmatched.splice(index, 1)[0] : undefined;
      if (match !== undefined) {
        await backups.updateCategory(userId, match.id, c);
        ids.set(c.key, match.id);
      } else {
        ids.set(
          c.key,
          await repo.insert(userId, {
            name: c.name,
            type: c.type,
            description: c.description,
            isIncome: c.isIncome,
            isBuiltIn: c.isBuiltIn,
            isActive: c.isActive,
            monthlyLimit: c.monthlyLimit,
            rollover: c.rollover,
            lastUsed: c.lastUsed,
          }),
        );
      }
    }
    // System categories the document did not name keep their own names.
    for (const s of unmatched) await backups.updateCategory(userId, s.id, s);
    return ids;
  }
}

import { isoFromDay } from '@kassa/money';
import { allocateIds } from '../../db/id-allocation.js';
import { CategoriesRepository, type CategoryRow } from '../categories/repository.js';
import type { TransactionRow } from '../ledger/index.js';
import { SchedulesRepository } from '../schedules/repository.js';
import { describe, linkOf, type CommitRun } from './commit-plan.js';
import { storedRowTime, type StoredRow } from './stored-row.js';
import type { ImportLinksRepository, NewLink } from './links-repository.js';

/** The category a row without one gets, per direction, created when first needed (DESIGN §9). */
const UNCATEGORIZED = 'Uncategorized';

/**
 * Writes the commit's plain rows: one transaction each, under ids taken first so each link knows
 * its row, a slice at a time (`add` then `flush`), so a million rows are never all held as rows,
 * links and deltas at once. Counts what it wrote and what another batch imported since the preview.
 */
export class RowsWriter {
  /** Rows written, and rows left out because another batch imported them since the preview. */
  written = 0;
  importedSincePreview = 0;
  private slice: StoredRow[] = [];
  private readonly uncategorized = new Map<boolean, number>();
  private readonly occurrences: SchedulesRepository;
  /** Whether another batch has links at all, asked once (under the ledger lock, so it holds for the whole commit). */
  private othersLinked: Promise<boolean> | undefined;

  constructor(
    private readonly run: CommitRun,
    private readonly categories: readonly CategoryRow[],
    /** Duplicates the user imports anyway: never checked again. */
    private readonly anyway: ReadonlySet<number>,
  ) {
    this.occurrences = new SchedulesRepository(run.trx);
  }

  /** Rows waiting for the next flush. */
  get waiting(): number {
    return this.slice.length;
  }

  add(row: StoredRow): void {
    this.slice.push(row);
  }

  async flush(): Promise<void> {
    const { run } = this;
    // A first import has no other batch's links to be checked against: a query per slice saved.
    this.othersLinked ??= run.links.hasLinksBesides(run.userId, run.batchId);
    const fresh = (await this.othersLinked)
      ? await notImportedSince(run.links, run.userId, run.batchId, this.slice, this.anyway)
      : this.slice;
    this.importedSincePreview += this.slice.length - fresh.length;
    this.written += fresh.length;
    this.slice = [];
    if (fresh.length === 0) return;
    const ids = await allocateIds(run.trx, 'transactions', fresh.length);
    const written: TransactionRow[] = [];
    const links: NewLink[] = [];
    for (const [i, r] of fresh.entries()) {
      const t: TransactionRow = {
        id: ids[i] ?? 0,
        categoryId: await this.categoryOf(r),
        kind: 'real',
        businessType: null,
        isIncome: r.minor > 0,
        amount: Math.abs(r.minor),
        currency: r.currency,
        description: describe(r),
        time: storedRowTime(r),
        day: r.day,
        pocketId: r.pocketId,
      };
      written.push(t);
      links.push(linkOf(run, r, { transaction_id: t.id }));
    }
    await run.ledger.insertTransactions(written);
    await run.links.insertLinks(links);
    await this.postReminders(fresh, ids);
  }

  /**
   * A row that pays a pending reminder is that occurrence's posting (DESIGN §9 and
   * docs/DECISIONS.md, Scheduled entries): claimed in this same database transaction. One
   * confirmed or skipped since the preview keeps its own; the row is imported all the same.
   */
  private async postReminders(rows: readonly StoredRow[], ids: readonly number[]): Promise<void> {
    const { userId, now } = this.run;
    for (const [i, r] of rows.entries()) {
      const id = ids[i];
      if (r.schedule === undefined || id === undefined) continue;
      const { scheduleId, occurrence } = r.schedule;
      // A schedule deleted since the preview has nothing to confirm.
      if ((await this.occurrences.find(userId, scheduleId)) === undefined) continue;
      if (await this.occurrences.claim(userId, scheduleId, occurrence, 'posted', isoFromDay(r.day), now))
        await this.occurrences.setWritten(userId, scheduleId, occurrence, { transactionId: id });
    }
  }

  private async categoryOf(r: StoredRow): Promise<number> {
    const own = usable(r, this.categories);
    if (own !== null) return own;
    const isIncome = r.minor > 0;
    let id = this.uncategorized.get(isIncome);
    if (id === undefined) {
      id = await uncategorizedId(this.run, isIncome);
      this.uncategorized.set(isIncome, id);
    }
    return id;
  }
}

/**
 * The rows of a slice that no other batch has imported since the preview. The preview marked
 * duplicates against the links of its moment; a second preview of the same file, committed in
 * between (or at the same time: commits of one user take turns on the ledger lock), has added
 * links since. Rows the user imports anyway are kept whatever they match.
 */
async function notImportedSince(
  links: ImportLinksRepository,
  userId: number,
  batchId: number,
  slice: StoredRow[],
  anyway: ReadonlySet<number>,
): Promise<StoredRow[]> {
  const checked = slice.flatMap((r) =>
    r.pocketId === null || anyway.has(r.line)
      ? []
      : [{ pocketId: r.pocketId, externalId: r.externalId, fingerprint: r.fingerprint }],
  );
  if (checked.length === 0) return slice;
  const imported = await links.importedKeys(userId, batchId, checked);
  if (imported.size === 0) return slice;
  return slice.filter(
    (r) =>
      r.pocketId === null ||
      anyway.has(r.line) ||
      !imported.has(r.externalId === null ? `${r.pocketId}|f:${r.fingerprint}` : `${r.pocketId}|e:${r.externalId}`),
  );
}

/** The row's category when it is still an active real category of its direction (it may have changed since the preview). */
function usable(row: StoredRow, categories: readonly CategoryRow[]): number | null {
  const c = categories.find((x) => x.id === row.categoryId);
  return c !== undefined && c.type === 'real' && c.isActive && c.isIncome === row.minor > 0 ? c.id : null;
}

/** The user's Uncategorized category of a direction, created when a row first needs it. */
async function uncategorizedId({ trx, userId, now }: CommitRun, isIncome: boolean): Promise<number> {
  const repo = new CategoriesRepository(trx);
  const existing = await repo.findByName(userId, 'real', isIncome, UNCATEGORIZED);
  return (
    existing?.id ??
    repo.insert(userId, {
      name: UNCATEGORIZED,
      type: 'real',
      description: 'Imported rows no rule or earlier row gave a category',
      isIncome,
      isBuiltIn: false,
      isActive: true,
      monthlyLimit: null,
      lastUsed: now,
    })
  );
}

import type { ImportCommit, ImportCommitResult, ImportUndoResult } from '@kassa/contract';
import { isoFromDay } from '@kassa/money';
import type { Kysely } from 'kysely';
import { allocateIds } from '../../db/id-allocation.js';
import { refreshStatistics } from '../../db/statistics.js';
import type { DB } from '../../db/schema.js';
import type { ReportProgress } from '../../http/progress-answer.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { CategoriesRepository, type CategoryRow } from '../categories/repository.js';
import { FixpointsRepository } from '../fixpoints/repository.js';
import { LedgerRepository } from '../ledger/index.js';
import type { ConversionRow, TransactionRow } from '../ledger/index.js';
import { LedgerWriter } from '../ledger/index.js';
import { SchedulesRepository } from '../schedules/repository.js';
import { breather } from '../../util/breathe.js';
import { normalisePayee } from './fingerprint.js';
import { rejectedPairKey, rowTime, type StoredRow } from './preview-rows.js';
import { statementAnchors, type StoredAccount } from './anchors.js';
import { ImportRepository, type NewLink } from './repository.js';
import type { SavedProfile } from './service.js';

// The writes of import (DESIGN §9): commit turns a stored preview into transactions, transfers
// and conversions in one database transaction; undo takes exactly those back out.

/** Rows written per step of a commit or undo. */
const WRITE_SLICE = 5000;

/** A commit this large leaves PostgreSQL's planner statistics behind (db/statistics.ts). */
const BIG_BATCH = 1000;

/** The category a row without one gets, per direction, created when first needed (DESIGN §9). */
const UNCATEGORIZED = 'Uncategorized';

/** What undo needs to put back: earlier imported transactions a commit replaced, and pocket states it changed. */
interface Replaced {
  transactions: { linkId: number; row: Omit<TransactionRow, 'id'> }[];
  /** A state's balance before the commit; null when the commit added the state (undo removes it). */
  states: { fixpointId: number; time: number; pocketId: number; balance: number | null }[];
  fixpoints: { id: number; time: number }[];
}

const withoutId = (t: TransactionRow): Omit<TransactionRow, 'id'> => ({
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
type Action = 'write' | 'skip' | 'duplicate' | 'error' | 'pair';

/** The transaction description of an imported row: payee and text, as the statement shows them. */
function describe(row: StoredRow): string {
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
function decide(rows: StoredRow[], input: ImportCommit, categories: readonly CategoryRow[]) {
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

/**
 * Commits a previewed batch: every new row (and each duplicate the body imports anyway) becomes
 * a transaction in its pocket's currency; pairs become one conversion (a transfer when
 * both legs are in one currency); closing balances become a fixpoint when asked. All or nothing.
 */
export async function commitBatch(
  db: Kysely<DB>,
  userId: number,
  batchId: number,
  input: ImportCommit,
  now: number,
  report: ReportProgress = () => undefined,
): Promise<ImportCommitResult> {
  const repo = new ImportRepository(db);
  const batch = await repo.findBatch(userId, batchId);
  if (batch === undefined) throw notFound(`Import ${batchId} not found`);
  if (batch.status !== 'preview') throw conflict(`Import ${batchId} was already ${batch.status}`);
  if (batch.expires_at < now) throw notFound(`Import ${batchId} has expired: preview the file again`);
  // Only rows the body changes or that pair with another leg are held; the others are read a
  // chunk at a time while they are written (a million rows are never all in memory).
  const wanted = new Set([...(input.rows ?? []).map((o) => o.line), ...(JSON.parse(batch.paired_lines) as number[])]);
  const special = await repo.rowsAt<StoredRow>(batch.id, wanted);
  const categories = await new CategoriesRepository(db).list(userId);
  const { byLine, actions, rejected, anyway } = decide(special, input, categories);
  const actionOf = (r: StoredRow): Action =>
    actions.get(r.line) ?? (r.status === 'new' ? 'write' : r.status === 'duplicate' ? 'duplicate' : 'error');

  const result = await db.transaction().execute(async (trx) => {
    // Rows in, through the ledger writer: the totals follow at finish; what they use moves up its picker.
    const ledger = (await LedgerWriter.open(trx, userId, now)).batch({ markUsed: true });
    const batches = new ImportRepository(trx);
    if (!(await batches.moveStatus(userId, batchId, 'preview', { status: 'committed', committed_at: now })))
      throw conflict(`Import ${batchId} was already committed`);
    // The rows read so far of all the batch holds: what the page's progress bar shows.
    let read = 0;
    report({ stage: 'write', done: read, total: batch.row_count });
    const links: NewLink[] = [];
    const replaced: Replaced = { transactions: [], states: [], fixpoints: [] };
    const link = (row: StoredRow, target: { transaction_id?: number; conversion_id?: number }): NewLink => ({
      user_id: userId,
      batch_id: batchId,
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
    });

    // Pairs: with a row of this file, or with an earlier import's transaction (which is replaced).
    let transfers = 0;
    let conversionCount = 0;
    const done = new Set<number>();
    for (const row of special) {
      const match = row.match;
      if (actions.get(row.line) !== 'pair' || match === undefined || done.has(row.line)) continue;
      done.add(row.line);
      const other = match.line === undefined ? undefined : byLine.get(match.line);
      if (other !== undefined) done.add(other.line);
      let otherLeg: { minor: number; currency: string; day: number; pocketId: number | null } | undefined = other;
      if (other === undefined) {
        const standing =
          match.transactionId === undefined ? undefined : await batches.standingLink(userId, match.transactionId);
        const [removed] = standing === undefined ? [] : await ledger.deleteTransactions([match.transactionId ?? 0]);
        if (standing === undefined || removed === undefined) {
          actions.set(row.line, 'write'); // the other leg is gone since the preview: a plain row again
          continue;
        }
        replaced.transactions.push({ linkId: standing.id, row: withoutId(removed) });
        otherLeg = {
          minor: standing.amount,
          currency: standing.currency,
          day: standing.day,
          pocketId: standing.pocket_id === 0 ? null : standing.pocket_id,
        };
        await batches.setLinkTargets(standing.id, { transaction_id: null, conversion_id: null });
      }
      if (otherLeg === undefined) continue;
      // A transfer (one currency, two pockets) is one conversion too: it changes no currency's
      // total but takes from one pocket and puts into the other (DESIGN §4).
      if (match.kind === 'transfer') transfers++;
      else conversionCount++;
      const [from, to] = row.minor < 0 ? [row, otherLeg] : [otherLeg, row];
      const conversion: Omit<ConversionRow, 'id'> = {
        fromAmount: -from.minor,
        fromCurrency: from.currency,
        toAmount: to.minor,
        toCurrency: to.currency,
        description: describe(row),
        time: rowTime(Math.max(from.day, to.day)),
        day: Math.max(from.day, to.day),
        fromPocketId: from.pocketId,
        toPocketId: to.pocketId,
      };
      const conversionId = await ledger.insertConversion(conversion);
      links.push(link(row, { conversion_id: conversionId }));
      if (other !== undefined) links.push(link(other, { conversion_id: conversionId }));
      else {
        const linkId = replaced.transactions.at(-1)?.linkId;
        if (linkId !== undefined)
          await batches.setLinkTargets(linkId, { transaction_id: null, conversion_id: conversionId });
      }
    }

    await batches.insertLinks(links);

    // Plain rows: one transaction each, under ids taken first so each link knows its row; written
    // a slice at a time, so a million rows are never all held as rows, links and deltas at once.
    const uncategorized = new Map<boolean, number>();
    const categoryOf = async (r: StoredRow): Promise<number> => {
      const own = usable(r, categories);
      if (own !== null) return own;
      const isIncome = r.minor > 0;
      let id = uncategorized.get(isIncome);
      if (id === undefined) {
        id = await uncategorizedId(trx, userId, isIncome, now);
        uncategorized.set(isIncome, id);
      }
      return id;
    };
    const occurrences = new SchedulesRepository(trx);
    const tally = { write: 0, skip: 0, error: 0, duplicate: 0, pair: 0 };
    let importedSincePreview = 0;
    const pace = breather();
    let slice: StoredRow[] = [];
    const flush = async () => {
      const fresh = await notImportedSince(batches, userId, batchId, slice, anyway);
      importedSincePreview += slice.length - fresh.length;
      tally.duplicate += slice.length - fresh.length;
      tally.write += fresh.length;
      slice = fresh;
      if (slice.length === 0) return;
      const ids = await allocateIds(trx, 'transactions', slice.length);
      const written: TransactionRow[] = [];
      const writtenLinks: NewLink[] = [];
      for (const [i, r] of slice.entries()) {
        const t: TransactionRow = {
          id: ids[i] ?? 0,
          categoryId: await categoryOf(r),
          kind: 'real',
          businessType: null,
          isIncome: r.minor > 0,
          amount: Math.abs(r.minor),
          currency: r.currency,
          description: describe(r),
          time: rowTime(r.day),
          day: r.day,
          pocketId: r.pocketId,
        };
        written.push(t);
        writtenLinks.push(link(r, { transaction_id: t.id }));
      }
      await ledger.insertTransactions(written);
      await batches.insertLinks(writtenLinks);
      // A row that pays a pending reminder is that occurrence's posting (DESIGN §9 and
      // docs/DECISIONS.md, Scheduled entries): claimed in this same database transaction. One
      // confirmed or skipped since the preview keeps its own; the row is imported all the same.
      for (const [i, r] of slice.entries()) {
        const id = ids[i];
        if (r.schedule === undefined || id === undefined) continue;
        const { scheduleId, occurrence } = r.schedule;
        // A schedule deleted since the preview has nothing to confirm.
        if ((await occurrences.find(userId, scheduleId)) === undefined) continue;
        if (await occurrences.claim(userId, scheduleId, occurrence, 'posted', isoFromDay(r.day), now))
          await occurrences.setWritten(userId, scheduleId, occurrence, { transactionId: id });
      }
      slice = [];
    };
    // The first day of each pocket's rows: a statement's opening is anchored before it.
    const firstDay = new Map<number, number>();
    for await (const chunk of batches.rowChunks<StoredRow>(batchId))
      for (const stored of chunk) {
        read++;
        const r = byLine.get(stored.line) ?? stored; // with the body's changes
        if (r.pocketId !== null && r.status !== 'error' && r.day < (firstDay.get(r.pocketId) ?? Infinity))
          firstDay.set(r.pocketId, r.day);
        const action = actionOf(r);
        if (action !== 'write') {
          tally[action]++;
          continue;
        }
        slice.push(r);
        if (slice.length >= WRITE_SLICE) {
          await flush();
          report({ stage: 'write', done: read, total: batch.row_count });
          await pace.maybe(); // a million rows: other requests are served between slices
        }
      }
    await flush();
    report({ stage: 'write', done: batch.row_count, total: batch.row_count });
    await ledger.finish();

    const rejectedPairs = [...rejected].flatMap((line) => {
      const row = byLine.get(line);
      return row?.matchKey === undefined ? [] : [rejectedPairKey(row.pairKey, row.matchKey)];
    });
    await batches.rejectPairs(userId, rejectedPairs, now);

    const fixpointId =
      input.fixpoint === true ? await statementFixpoints(trx, userId, batch.accounts, replaced, now, firstDay) : null;
    await saveProfiles(batches, userId, batch.options, batch.accounts, now);
    await batches.finishCommit(userId, batchId, {
      imported: tally.write,
      replaced: JSON.stringify(replaced),
      fixpoint_id: fixpointId,
    });
    await batches.deleteRows(batchId);
    return {
      batchId,
      imported: tally.write,
      skipped: tally.skip + tally.error,
      duplicates: tally.duplicate,
      transfers,
      conversions: conversionCount,
      fixpointId,
      importedSincePreview,
    };
  });
  if (result.imported >= BIG_BATCH) await refreshStatistics(db, ['transactions', 'import_links']);
  return result;
}

/**
 * The rows of a slice that no other batch has imported since the preview. The preview marked
 * duplicates against the links of its moment; a second preview of the same file, committed in
 * between (or at the same time: commits of one user take turns on the ledger lock), has added
 * links since. Rows the user imports anyway are kept whatever they match.
 */
async function notImportedSince(
  batches: ImportRepository,
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
  const imported = await batches.importedKeys(userId, batchId, checked);
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
async function uncategorizedId(db: Kysely<DB>, userId: number, isIncome: boolean, now: number): Promise<number> {
  const repo = new CategoriesRepository(db);
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

/**
 * Saves each statement's anchors (`statementAnchors`) as its pocket's state in a fixpoint at that
 * instant, stating that pocket only: every other pocket passes through it at its calculated
 * balance (DESIGN §4). A fixpoint already at that instant gets the state instead (its old value,
 * or that it had none, kept for undo). Answers the closing balance's fixpoint (the latest).
 */
async function statementFixpoints(
  db: Kysely<DB>,
  userId: number,
  accountsJson: string,
  replaced: Replaced,
  now: number,
  firstDay: ReadonlyMap<number, number>,
): Promise<number | null> {
  const byTime = statementAnchors(JSON.parse(accountsJson) as StoredAccount[], now, firstDay);
  const fixpoints = new FixpointsRepository(db);
  const ledger = new LedgerRepository(db);
  const anchored: { id: number; time: number }[] = [];
  for (const [time, byPocket] of byTime) {
    const stated = [...byPocket].map(([pocketId, balance]) => ({ pocketId, balance }));
    const existing = await fixpoints.findAt(userId, time);
    if (existing === undefined) {
      const id = await fixpoints.insert(userId, time, stated, now);
      replaced.fixpoints.push({ id, time });
      anchored.push({ id, time });
      continue;
    }
    const states = await ledger.states(userId, existing.id);
    for (const s of stated) {
      const old = states.find((x) => x.pocketId === s.pocketId);
      replaced.states.push({ fixpointId: existing.id, time, pocketId: s.pocketId, balance: old?.balance ?? null });
      if (old === undefined) await fixpoints.addState(userId, existing, s.pocketId, s.balance);
      else await fixpoints.updateState(userId, existing, s.pocketId, s.balance);
    }
    anchored.push({ id: existing.id, time });
  }
  const latest = anchored.reduce<{ id: number; time: number } | undefined>(
    (last, f) => (last === undefined || f.time > last.time ? f : last),
    undefined,
  );
  return latest?.id ?? null;
}

/** Remembers the options used for each pocket of the file, so its next file reads the same way. */
async function saveProfiles(
  repo: ImportRepository,
  userId: number,
  optionsJson: string,
  accountsJson: string,
  now: number,
): Promise<void> {
  const options = JSON.parse(optionsJson) as SavedProfile & { csv?: SavedProfile['csv'] };
  const profile: SavedProfile = {
    encoding: options.encoding,
    ...(options.csv === undefined ? {} : { csv: options.csv }),
  };
  const accounts = JSON.parse(accountsJson) as { account: string; pocketId: number | null }[];
  for (const a of accounts)
    if (a.pocketId !== null) await repo.saveProfile(userId, a.pocketId, a.account, JSON.stringify(profile), now);
}

/** Undoes a committed batch: its transactions and conversions go (as they are now, edited or not), what it replaced comes back. */
export async function undoBatch(
  db: Kysely<DB>,
  userId: number,
  batchId: number,
  now: number,
): Promise<ImportUndoResult> {
  const repo = new ImportRepository(db);
  const batch = await repo.findBatch(userId, batchId);
  if (batch === undefined) throw notFound(`Import ${batchId} not found`);
  if (batch.status !== 'committed')
    throw conflict(`Import ${batchId} ${batch.status === 'undone' ? 'was already undone' : 'was never committed'}`);
  return db.transaction().execute(async (trx) => {
    const ledger = (await LedgerWriter.open(trx, userId, now)).batch();
    const batches = new ImportRepository(trx);
    if (!(await batches.moveStatus(userId, batchId, 'committed', { status: 'undone', undone_at: now })))
      throw conflict(`Import ${batchId} was already undone`);
    const links = await batches.linksOfBatch(batchId);
    const transactionIds = links.flatMap((l) => (l.transaction_id === null ? [] : [l.transaction_id]));
    // Occurrences of schedules these rows confirmed wait for confirm or skip again.
    await new SchedulesRepository(trx).releaseTransactions(userId, transactionIds);
    let removed = 0;
    for (let from = 0; from < transactionIds.length; from += WRITE_SLICE) {
      removed += (await ledger.deleteTransactions(transactionIds.slice(from, from + WRITE_SLICE))).length;
    }
    const conversionIds = new Set(links.flatMap((l) => (l.conversion_id === null ? [] : [l.conversion_id])));
    removed += (await ledger.deleteConversions([...conversionIds])).length;
    const replaced = JSON.parse(batch.replaced ?? '{"transactions":[],"states":[],"fixpoints":[]}') as Replaced;
    const ids = await allocateIds(trx, 'transactions', replaced.transactions.length);
    const restored = replaced.transactions.map((r, i) => ({ ...r.row, id: ids[i] ?? 0 }));
    await ledger.insertTransactions(restored);
    for (const [i, t] of restored.entries()) {
      const linkId = replaced.transactions[i]?.linkId;
      if (linkId !== undefined) await batches.setLinkTargets(linkId, { transaction_id: t.id, conversion_id: null });
    }
    const fixpoints = new FixpointsRepository(trx);
    for (const s of replaced.states) {
      const fixpoint = { id: s.fixpointId, time: s.time };
      if (s.balance === null) await fixpoints.removeState(userId, fixpoint, s.pocketId);
      else await fixpoints.updateState(userId, fixpoint, s.pocketId, s.balance);
    }
    for (const f of replaced.fixpoints) await fixpoints.delete(userId, f);
    await batches.deleteLinksOfBatch(batchId);
    await ledger.finish();
    return { batchId, removed, restored: restored.length };
  });
}

import {
  IMPORT_PREVIEW_TTL_MS,
  MAX_PENDING_PREVIEW_BYTES,
  MAX_PENDING_PREVIEW_ROWS,
  importCommitSchema,
  importOptionsSchema,
  type ImportAccount,
  type ImportBatch,
  type ImportCommitResult,
  type ImportPreview,
  type ImportRow,
  type ImportUndoResult,
  type ResolvedImportOptions,
  type BatchFormat,
  cleanText,
} from '@kassa/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import type { ReportProgress } from '../../http/progress-answer.js';
import { parseOr400 } from '../../http/validate.js';
import type { Owner } from '../auth/service.js';
import { PocketsRepository, type PocketRow } from '../pockets/repository.js';
import type { RatesService } from '../rates/service.js';
import { LedgerReader } from '../ledger/index.js';
import { anchorChecks } from './anchor-check.js';
import { commitBatch } from './commit.js';
import { readWithProfile } from './profiles.js';
import { enteredBy, UsersRepository } from '../users/repository.js';
import { undoBatch } from './undo-batch.js';
import { parseFile } from './formats/index.js';
import type { ParseFile, ParsedStatement } from './formats/types.js';
import { previewRows } from './preview-rows.js';
import { readPreviewContext } from './read-preview-context.js';
import { pocketsOfStatementAccounts, previewStatementAccounts } from './statement-accounts.js';
import { rowTime, storedRowTime, type StoredRow } from './stored-row.js';
import { ImportRepository, type BatchRow } from './repository.js';
import { breather } from '../../util/breathe.js';

// The file reader the service is made with (app.ts hands in one that runs on a worker thread).
export type { ParseFile } from './formats/types.js';

/** Caps on one user's pending previews (rows, and characters of stored JSON). */
export interface PendingCaps {
  rows: number;
  bytes: number;
}

/** Where a batch's rows came from: a file, or the sync of a bank connection (issue 35). */
export interface BatchConnection {
  source: 'file' | 'simplefin' | 'enablebanking';
  connectionId: number | null;
}

/** A statement's origin as its batch records it: a file read with its options, or a connection's sync. */
export interface StatementOrigin {
  fileName: string;
  format: BatchFormat;
  /** The options a file was read with; null for a sync. */
  options: ResolvedImportOptions | null;
  connection?: BatchConnection;
}

/** The preview of a statement, without what only a file has (its format, options and raw table). */
export type StatementPreview = Omit<ImportPreview, 'format' | 'options' | 'table'>;

/** Batches import/getall lists. */
const LISTED_BATCHES = 200;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The API's row: the stored row without what only commit needs. The fields are cleared in place
 * (JSON leaves undefined out), so a million-row answer makes no second million objects.
 */
function shown(row: StoredRow): ImportRow {
  const internal: Record<keyof Omit<StoredRow, keyof ImportRow>, undefined> = {
    day: undefined,
    minor: undefined,
    time: undefined,
    fingerprint: undefined,
    pairKey: undefined,
    matchKey: undefined,
  };
  return Object.assign(row, internal);
}

/** shown() over every row, giving way as it goes (a million rows). */
async function shownRows(rows: StoredRow[]): Promise<ImportRow[]> {
  const pace = breather();
  const out: ImportRow[] = [];
  for (const row of rows) {
    if (pace.due()) await pace.pause();
    out.push(shown(row));
  }
  return out;
}

/** How many rows are new, duplicates and errors, and the earliest day of a new row (null: none is new). */
function tally(rows: readonly StoredRow[]): { counts: ImportPreview['counts']; earliest: number | null } {
  const counts = { new: 0, duplicate: 0, error: 0 };
  let earliest = Infinity;
  for (const r of rows) {
    counts[r.status]++;
    if (r.status === 'new') earliest = Math.min(earliest, r.day);
  }
  return { counts, earliest: earliest === Infinity ? null : earliest };
}

/**
 * Import of bank files (DESIGN §9, docs/DECISIONS.md "Import"): preview reads and checks a file
 * and stores the rows as shown; commit writes exactly those rows; undo takes a batch back out.
 * The API and the admin CLI both come through here.
 */
export class ImportService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly rates: RatesService,
    /** Reads a file's bytes; the API's runs on a worker thread (app.ts), the CLI's in process. */
    private readonly parse: ParseFile = (bytes, request) => Promise.resolve(parseFile(bytes, request)),
    private readonly now: () => number = Date.now,
    /** What one user's pending previews may hold in all. */
    private readonly caps: PendingCaps = { rows: MAX_PENDING_PREVIEW_ROWS, bytes: MAX_PENDING_PREVIEW_BYTES },
    /** The ledger's read side (app.ts hands in its one reader; the CLI's is its own). */
    private readonly ledger: LedgerReader = new LedgerReader(db),
  ) {}

  /** Reads the file with the options (JSON of importOptionsSchema), stores the batch and returns what it would import. */
  async preview(
    owner: Owner,
    file: { name: string; bytes: Uint8Array },
    rawOptions: unknown,
    report: ReportProgress = () => undefined,
  ): Promise<ImportPreview> {
    // Wrapped so a problem is named from the field down: "options.csv.delimiter: …".
    const { options } = parseOr400(z.object({ options: importOptionsSchema }), { options: rawOptions ?? {} });
    const now = this.now();
    const repo = new ImportRepository(this.db);
    await repo.deleteExpired(owner.id, now);
    const pockets = await new PocketsRepository(this.db).list(owner.id);
    const chosen = options.pocketId === undefined ? undefined : pockets.find((p) => p.id === options.pocketId);
    if (options.pocketId !== undefined && chosen === undefined)
      throw notFound(`options.pocketId: pocket ${options.pocketId} not found`);
    const { parsed, source } = await readWithProfile(this.parse, file.bytes, options, chosen?.id, repo, owner.id);
    const statementPockets = await pocketsOfStatementAccounts(repo, owner.id, parsed.accounts, pockets, chosen);
    const resolved: ResolvedImportOptions = {
      pocketId: chosen?.id ?? null,
      format: parsed.format,
      encoding: parsed.encoding,
      ...(parsed.csv === undefined ? {} : { csv: parsed.csv }),
      source,
    };
    const preview = await this.previewStatement(
      owner,
      parsed,
      statementPockets,
      { fileName: file.name, format: parsed.format, options: resolved },
      report,
    );
    return { ...preview, format: parsed.format, options: resolved, ...(parsed.table && { table: parsed.table }) };
  }

  /**
   * Checks statement accounts and rows however they were read (a file, a bank connection's sync,
   * bank-sync/sync.ts), stores the batch and returns what it would import. `statementPockets`
   * gives each statement account's pocket, in the order of `parsed.accounts`.
   */
  async previewStatement(
    owner: Owner,
    parsed: ParsedStatement,
    statementPockets: readonly (PocketRow | undefined)[],
    origin: StatementOrigin,
    report: ReportProgress = () => undefined,
  ): Promise<StatementPreview> {
    const now = this.now();
    const repo = new ImportRepository(this.db);
    const statementAccounts = previewStatementAccounts(parsed.accounts, statementPockets);
    const pocketOfStatementAccount = new Map(parsed.accounts.map((a, i) => [a.account, statementPockets[i] ?? null]));
    const context = await readPreviewContext(this.db, this.rates, owner.id, parsed, pocketOfStatementAccount);
    const rows = await previewRows(
      parsed.rows,
      new Map(statementAccounts.map((a) => [a.account, a.currency])),
      context,
      (done, total) => report({ stage: 'check', done, total }),
    );

    const { counts, earliest } = tally(rows);
    const affected =
      earliest === null ? { count: 0, earliest: null } : await repo.fixpointsFrom(owner.id, rowTime(earliest));
    const expiresAt = now + IMPORT_PREVIEW_TTL_MS;
    const batchId = await this.store(
      owner,
      {
        ...origin,
        statementAccounts,
        rows,
        now,
        expiresAt,
        connection: origin.connection ?? { source: 'file', connectionId: null },
      },
      report,
    );
    const discarded = await this.keepWithinCaps(owner.id, batchId, repo);
    // What each statement's closing balance will do to the next fixpoint stating its pocket.
    const checks = await anchorChecks(
      this.ledger,
      owner.id,
      statementAccounts,
      rows.flatMap((r) =>
        r.status === 'new' ? [{ pocketId: r.pocketId, time: storedRowTime(r), minor: r.minor }] : [],
      ),
      now,
    );
    return {
      batchId,
      accounts: statementAccounts.map((a, i) => {
        const anchorCheck = checks[i];
        return anchorCheck === undefined ? a : { ...a, anchorCheck };
      }),
      counts,
      rows: await shownRows(rows), // the same objects, after they were stored
      fixpoints: { affected: affected.count, earliest: affected.earliest === null ? null : iso(affected.earliest) },
      expiresAt: iso(expiresAt),
      ...(discarded.length === 0 ? {} : { discardedPreviews: discarded }),
    };
  }

  /** Stores the previewed batch with its rows, in one database transaction; returns its id. */
  private async store(
    owner: Owner,
    batch: StatementOrigin & {
      statementAccounts: readonly ImportAccount[];
      rows: readonly StoredRow[];
      now: number;
      expiresAt: number;
    },
    report: ReportProgress,
  ): Promise<number> {
    const { rows } = batch;
    const userId = owner.id;
    const actor = owner.actorId ?? owner.id;
    return this.db.transaction().execute(async (trx) => {
      const batches = new ImportRepository(trx);
      const id = await batches.insertBatch({
        user_id: userId,
        file_name: cleanText(batch.fileName, 'line').slice(0, 255) || 'file',
        format: batch.format,
        options: JSON.stringify(batch.options ?? {}),
        accounts: JSON.stringify(batch.statementAccounts),
        status: 'preview',
        row_count: rows.length,
        paired_lines: JSON.stringify(rows.flatMap((r) => (r.match === undefined ? [] : [r.line]))),
        replaced: null,
        fixpoint_id: null,
        created_at: batch.now,
        expires_at: batch.expiresAt,
        committed_at: null,
        undone_at: null,
        created_by: actor,
        updated_by: actor,
        source: batch.connection?.source ?? 'file',
        connection_id: batch.connection?.connectionId ?? null,
      });
      await batches.insertRows(userId, id, rows, (done) => report({ stage: 'store', done, total: rows.length }));
      return id;
    });
  }

  /**
   * Discards the user's oldest previews until the pending ones fit the caps again (issue 31: seven
   * million-row previews made a 2.45 GB database). The new one is kept whatever its size: a single
   * file is already bounded by MAX_IMPORT_ROWS and MAX_IMPORT_BYTES.
   */
  private async keepWithinCaps(
    userId: number,
    keep: number,
    repo: ImportRepository,
  ): Promise<{ batchId: number; fileName: string }[]> {
    const pending = await repo.pendingPreviews(userId);
    let rows = pending.reduce((sum, p) => sum + p.row_count, 0);
    let bytes = pending.reduce((sum, p) => sum + p.stored_bytes, 0);
    const discarded: { batchId: number; fileName: string }[] = [];
    for (const p of pending) {
      if (rows <= this.caps.rows && bytes <= this.caps.bytes) break;
      if (p.id === keep || !(await repo.deletePreview(userId, p.id))) continue;
      rows -= p.row_count;
      bytes -= p.stored_bytes;
      discarded.push({ batchId: p.id, fileName: p.file_name });
    }
    return discarded;
  }

  /** Writes the batch as previewed, with the body's overrides, in one database transaction. */
  async commit(owner: Owner, batchId: number, body: unknown, report?: ReportProgress): Promise<ImportCommitResult> {
    const input = parseOr400(importCommitSchema, body ?? {});
    return commitBatch(this.db, owner, batchId, input, this.now(), report, (main) => this.rates.mainConverter(main));
  }

  /** Takes a committed batch back out of the books. */
  async undo(owner: Owner, batchId: number): Promise<ImportUndoResult> {
    return undoBatch(this.db, owner.id, batchId, this.now(), owner.actorId);
  }

  /** Drops a preview nobody will commit (DESIGN §9: kept until committed, discarded or 24 h old). */
  async discard(owner: Owner, batchId: number): Promise<void> {
    const repo = new ImportRepository(this.db);
    const batch = await repo.findBatch(owner.id, batchId);
    if (batch === undefined) throw notFound(`Import ${batchId} not found`);
    if (batch.status !== 'preview' || !(await repo.deletePreview(owner.id, batchId)))
      throw conflict(`Import ${batchId} was ${batch.status === 'undone' ? 'undone' : 'committed'}; undo it instead`);
  }

  /** The user's batches, newest first (previews past their time are dropped first). */
  async list(owner: Owner): Promise<ImportBatch[]> {
    const repo = new ImportRepository(this.db);
    await repo.deleteExpired(owner.id, this.now());
    const batches = await repo.listBatches(owner.id, LISTED_BATCHES);
    const makers = await new UsersRepository(this.db).makersOf(batches.map((b) => ({ createdBy: b.created_by })));
    return batches.map((b) => batchOf(b, makers));
  }
}

function batchOf(b: BatchRow, makers: ReadonlyMap<number, string>): ImportBatch {
  const statementAccounts = JSON.parse(b.accounts) as ImportAccount[];
  return {
    id: b.id,
    fileName: b.file_name,
    format: b.format as BatchFormat,
    status: b.status,
    pocketIds: [...new Set(statementAccounts.flatMap((a) => (a.pocketId === null ? [] : [a.pocketId])))],
    rows: b.row_count,
    imported: b.imported,
    createdAt: iso(b.created_at),
    committedAt: b.committed_at === null ? null : iso(b.committed_at),
    undoneAt: b.undone_at === null ? null : iso(b.undone_at),
    createdBy: enteredBy(makers, b.created_by),
    source: b.source,
    connectionId: b.connection_id,
  };
}

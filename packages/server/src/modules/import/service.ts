import {
  IMPORT_MATCH_DAYS,
  IMPORT_SCHEDULE_DAYS,
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
  cleanText,
} from '@kassa/contract';
import { currencyInfo, dayFromIso, isoFromDay } from '@kassa/money';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import type { ReportProgress } from '../../http/progress-answer.js';
import { parseOr400 } from '../../http/validate.js';
import type { Owner } from '../auth/service.js';
import { CategoriesRepository } from '../categories/repository.js';
import { PocketsRepository, type PocketRow } from '../pockets/repository.js';
import { Converter } from '../rates/conversion.js';
import type { RatesService } from '../rates/service.js';
import { compileRuleFinder } from '../rules/match.js';
import { RulesRepository } from '../rules/repository.js';
import { remindersBetween } from '../schedules/reminders.js';
import { LedgerReader } from '../ledger/index.js';
import { anchorChecks } from './anchor-check.js';
import { commitBatch } from './commit.js';
import type { SavedProfile } from './profiles.js';
import { undoBatch } from './undo-batch.js';
import { normalisePayee } from './fingerprint.js';
import { parseFile } from './formats/index.js';
import type { ParsedAccount, ParsedFile, ParseRequest } from './formats/types.js';
import type { PreviewContext } from './preview-context.js';
import { previewRows } from './preview-rows.js';
import { exactMinor, majorText } from './statement-amounts.js';
import { rowTime, type StoredRow } from './stored-row.js';
import { ImportLinksRepository } from './links-repository.js';
import { ImportRepository, type BatchRow } from './repository.js';
import { breather } from '../../util/breathe.js';

/** Reads a file's bytes into statement accounts and rows (formats/index.ts parseFile, or the same on a worker). */
export type ParseFile = (bytes: Uint8Array, request: ParseRequest) => Promise<ParsedFile>;

/** Caps on one user's pending previews (rows, and characters of stored JSON). */
export interface PendingCaps {
  rows: number;
  bytes: number;
}

/** Batches import/getall lists. */
const LISTED_BATCHES = 200;

/** What a pocket's import profile keeps: the options a user confirmed for its files. */

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The API's row: the stored row without what only commit needs. The fields are cleared in place
 * (JSON leaves undefined out), so a million-row answer makes no second million objects.
 */
function shown(row: StoredRow): ImportRow {
  const internal: Record<keyof Omit<StoredRow, keyof ImportRow>, undefined> = {
    day: undefined,
    minor: undefined,
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

/**
 * A statement's balance (closing or opening) as the preview offers it: only when it is an exact
 * amount of its currency on a real day, in the currency's decimals.
 */
function statedBalance(
  balance: string | undefined,
  day: string | undefined,
  currency: string,
): { balance: string; day: string } | undefined {
  if (balance === undefined || day === undefined || dayFromIso(day) === undefined) return undefined;
  const minor = exactMinor(balance, currency);
  return minor === undefined ? undefined : { balance: majorText(minor, currency), day };
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

    const request: ParseRequest = {
      format: options.format ?? 'auto',
      encoding: options.encoding ?? options.csv?.encoding,
      ...(options.csv === undefined ? {} : { csv: options.csv }),
    };
    const given = options.csv !== undefined || request.encoding !== undefined;
    const { parsed, source } = await this.read(file.bytes, request, given, chosen, repo, owner.id);

    const accountPockets = await this.pocketsOfAccounts(owner.id, parsed.accounts, pockets, chosen, repo);
    const accounts: ImportAccount[] = parsed.accounts.map((a, i) => {
      const pocket = accountPockets[i];
      const currency = a.currency || pocket?.currency || '';
      // A statement in a currency its pocket does not hold states nothing of that pocket: its
      // rows are errors until it goes to a pocket of its currency (the page offers one).
      const fits = pocket === undefined || pocket.currency === currency;
      const closing = fits ? statedBalance(a.closingBalance, a.closingDate, currency) : undefined;
      const opening = fits ? statedBalance(a.openingBalance, a.openingDate, currency) : undefined;
      return {
        account: a.account,
        currency,
        pocketId: accountPockets[i]?.id ?? null,
        ...(closing === undefined ? {} : { closingBalance: closing.balance, closingDate: closing.day }),
        ...(opening === undefined ? {} : { openingBalance: opening.balance, openingDate: opening.day }),
      };
    });
    const pocketOfAccount = new Map(parsed.accounts.map((a, i) => [a.account, accountPockets[i] ?? null]));
    const context = await this.context(owner.id, parsed, pocketOfAccount, new ImportLinksRepository(this.db));
    const rows = await previewRows(
      parsed.rows,
      new Map(accounts.map((a) => [a.account, a.currency])),
      context,
      (done, total) => report({ stage: 'check', done, total }),
    );

    const counts = { new: 0, duplicate: 0, error: 0 };
    let earliest = Infinity;
    for (const r of rows) {
      counts[r.status]++;
      if (r.status === 'new') earliest = Math.min(earliest, r.day);
    }
    const affected =
      earliest === Infinity ? { count: 0, earliest: null } : await repo.fixpointsFrom(owner.id, rowTime(earliest));
    const resolved: ResolvedImportOptions = {
      pocketId: chosen?.id ?? null,
      format: parsed.format,
      encoding: parsed.encoding,
      ...(parsed.csv === undefined ? {} : { csv: parsed.csv }),
      source,
    };
    const expiresAt = now + IMPORT_PREVIEW_TTL_MS;
    const batchId = await this.db.transaction().execute(async (trx) => {
      const batches = new ImportRepository(trx);
      const id = await batches.insertBatch({
        user_id: owner.id,
        file_name: cleanText(file.name, 'line').slice(0, 255) || 'file',
        format: parsed.format,
        options: JSON.stringify(resolved),
        accounts: JSON.stringify(accounts),
        status: 'preview',
        row_count: rows.length,
        paired_lines: JSON.stringify(rows.flatMap((r) => (r.match === undefined ? [] : [r.line]))),
        replaced: null,
        fixpoint_id: null,
        created_at: now,
        expires_at: expiresAt,
        committed_at: null,
        undone_at: null,
      });
      await batches.insertRows(owner.id, id, rows, (done) => report({ stage: 'store', done, total: rows.length }));
      return id;
    });
    const discarded = await this.keepWithinCaps(owner.id, batchId, repo);
    // What each statement's closing balance will do to the next fixpoint stating its pocket.
    const checks = await anchorChecks(
      this.ledger,
      owner.id,
      accounts,
      rows.flatMap((r) => (r.status === 'new' ? [{ pocketId: r.pocketId, time: rowTime(r.day), minor: r.minor }] : [])),
      now,
    );
    return {
      batchId,
      format: parsed.format,
      options: resolved,
      accounts: accounts.map((a, i) => {
        const anchorCheck = checks[i];
        return anchorCheck === undefined ? a : { ...a, anchorCheck };
      }),
      counts,
      rows: await shownRows(rows), // the same objects, after they were stored
      ...(parsed.table === undefined ? {} : { table: parsed.table }),
      fixpoints: { affected: affected.count, earliest: affected.earliest === null ? null : iso(affected.earliest) },
      expiresAt: iso(expiresAt),
      ...(discarded.length === 0 ? {} : { discardedPreviews: discarded }),
    };
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

  /**
   * Parses the file. Without options of the request's own, a pocket's saved profile is tried
   * first; when it no longer fits the file (the bank changed its columns), detection takes over.
   */
  private async read(
    bytes: Uint8Array,
    request: ParseRequest,
    given: boolean,
    pocket: PocketRow | undefined,
    repo: ImportRepository,
    userId: number,
  ): Promise<{ parsed: ParsedFile; source: ResolvedImportOptions['source'] }> {
    if (!given && pocket !== undefined) {
      const profile = await repo.profile(userId, pocket.id);
      if (profile !== undefined) {
        const saved = JSON.parse(profile.options) as SavedProfile;
        try {
          return {
            parsed: await this.parse(bytes, {
              ...request,
              encoding: saved.encoding,
              ...(saved.csv ? { csv: saved.csv } : {}),
            }),
            source: 'profile',
          };
        } catch (err) {
          // A profile that does not fit the file (a mapped column gone: 400; its title lines eat
          // a short file: 422) gives way to detection, which names its own problem if any.
          if (!(err instanceof AppError) || (err.status !== 400 && err.status !== 422)) throw err;
        }
      }
    }
    return { parsed: await this.parse(bytes, request), source: given ? 'given' : 'detected' };
  }

  /**
   * The pocket of each statement account. A file of one account: the pocket the user chose, else
   * the one whose profile names the account, else the user's only pocket of its currency (or
   * only pocket at all, for files that name no currency). A file of several: profiles first, then
   * the chosen pocket for the first other account of its currency, then the only pocket.
   */
  private async pocketsOfAccounts(
    userId: number,
    accounts: readonly ParsedAccount[],
    pockets: readonly PocketRow[],
    chosen: PocketRow | undefined,
    repo: ImportRepository,
  ): Promise<(PocketRow | undefined)[]> {
    const profiled = await repo.pocketsOfAccounts(
      userId,
      accounts.map((a) => a.account),
    );
    const profileOf = (a: ParsedAccount) => pockets.find((p) => p.id === profiled.get(a.account));
    const unique = (a: ParsedAccount) => {
      const candidates = a.currency === '' ? pockets : pockets.filter((p) => p.currency === a.currency);
      return candidates.length === 1 ? candidates[0] : undefined;
    };
    // One account: the pocket the user chose is the answer, whatever a profile says.
    if (accounts.length === 1) return accounts.map((a) => chosen ?? profileOf(a) ?? unique(a));
    // Several: saved profiles first; the chosen pocket then goes to the first other account of its currency.
    const assigned = accounts.map(profileOf);
    let chosenTaken = chosen !== undefined && assigned.some((p) => p?.id === chosen.id);
    return accounts.map((a, i) => {
      const byProfile = assigned[i];
      if (byProfile !== undefined) return byProfile;
      if (chosen !== undefined && !chosenTaken && (a.currency === '' || a.currency === chosen.currency)) {
        chosenTaken = true;
        return chosen;
      }
      return unique(a);
    });
  }

  /** Everything the preview compares the file with, read once. */
  private async context(
    userId: number,
    parsed: ParsedFile,
    pocketOfAccount: ReadonlyMap<string, PocketRow | null | undefined>,
    links: ImportLinksRepository,
  ): Promise<PreviewContext> {
    const pocketIds = [...new Set([...pocketOfAccount.values()].flatMap((p) => (p ? [p.id] : [])))];
    // The first and last day of the file, without a second array of a million days.
    const pace = breather();
    let first = Infinity;
    let last = -Infinity;
    let dated = 0;
    for (const r of parsed.rows) {
      if (pace.due()) await pace.pause();
      const d = dayFromIso(r.date);
      if (d === undefined) continue;
      dated++;
      if (d < first) first = d;
      if (d > last) last = d;
    }
    const days = { length: dated };
    const from = first - IMPORT_MATCH_DAYS;
    const to = last + IMPORT_MATCH_DAYS;
    const currencies = [...new Set([...pocketOfAccount.values()].flatMap((p) => (p ? [p.currency] : [])))];
    const nearby = new Map(
      days.length === 0
        ? []
        : await Promise.all(
            currencies.map(async (c) => [c, await links.transactionsNear(userId, c, from, to)] as const),
          ),
    );

    const categories = await new CategoriesRepository(this.db).list(userId, { type: 'real', active: true });
    const direction = new Map(categories.map((c) => [c.id, c.isIncome]));
    const rules = await new RulesRepository(this.db).list(userId);
    const incomeRule = compileRuleFinder(rules.filter((r) => direction.get(r.categoryId) === true));
    const expenseRule = compileRuleFinder(rules.filter((r) => direction.get(r.categoryId) === false));
    const payees = new Map<string, number>();
    for (const p of await links.payeeCategories(userId)) {
      const key = `${p.isIncome ? 1 : 0}|${p.payee}`;
      if (!payees.has(key) && direction.get(p.categoryId) === p.isIncome) payees.set(key, p.categoryId);
    }
    const table = this.rates.table();
    const converters = new Map<string, Converter | null>();
    const converterTo = (code: string) => {
      if (!converters.has(code)) {
        try {
          converters.set(code, new Converter(table, currencyInfo(code)));
        } catch {
          converters.set(code, null);
        }
      }
      return converters.get(code) ?? null;
    };

    return {
      pocketOf: (account) => pocketOfAccount.get(account) ?? null,
      links: await links.linksOfPockets(userId, pocketIds),
      nearby: (currency) => nearby.get(currency) ?? [],
      otherLegs: days.length === 0 ? [] : await links.standingLinksBetween(userId, from, to, pocketIds),
      findRule: (text, minor, currency) => {
        const rule = (minor > 0 ? incomeRule : expenseRule)({ text, amountMinor: minor, currency });
        return rule === null ? null : { id: rule.id, categoryId: rule.categoryId };
      },
      payeeCategory: (payee, isIncome) =>
        payees.size === 0 ? null : (payees.get(`${isIncome ? 1 : 0}|${normalisePayee(payee)}`) ?? null),
      rejected: await links.rejectedPairs(userId),
      // Pending reminders a row of the file may confirm (IMPORT_SCHEDULE_DAYS either side of its days).
      reminders:
        days.length === 0
          ? []
          : await remindersBetween(
              this.db,
              userId,
              isoFromDay(first - IMPORT_SCHEDULE_DAYS),
              isoFromDay(last + IMPORT_SCHEDULE_DAYS),
            ),
      convert: (minor, fromCode, toCode, day) => {
        try {
          return Number(converterTo(toCode)?.toMinor(BigInt(minor), currencyInfo(fromCode), day) ?? NaN) || null;
        } catch {
          return null;
        }
      },
    };
  }

  /** Writes the batch as previewed, with the body's overrides, in one database transaction. */
  async commit(owner: Owner, batchId: number, body: unknown, report?: ReportProgress): Promise<ImportCommitResult> {
    const input = parseOr400(importCommitSchema, body ?? {});
    return commitBatch(this.db, owner.id, batchId, input, this.now(), report, (main) => this.rates.mainConverter(main));
  }

  /** Takes a committed batch back out of the books. */
  async undo(owner: Owner, batchId: number): Promise<ImportUndoResult> {
    return undoBatch(this.db, owner.id, batchId, this.now());
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
    return (await repo.listBatches(owner.id, LISTED_BATCHES)).map(batchOf);
  }
}

function batchOf(b: BatchRow): ImportBatch {
  const accounts = JSON.parse(b.accounts) as ImportAccount[];
  return {
    id: b.id,
    fileName: b.file_name,
    format: b.format as ImportBatch['format'],
    status: b.status,
    pocketIds: [...new Set(accounts.flatMap((a) => (a.pocketId === null ? [] : [a.pocketId])))],
    rows: b.row_count,
    imported: b.imported,
    createdAt: iso(b.created_at),
    committedAt: b.committed_at === null ? null : iso(b.committed_at),
    undoneAt: b.undone_at === null ? null : iso(b.undone_at),
  };
}

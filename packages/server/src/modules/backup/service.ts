import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  backupDocumentV1Schema,
  backupDocumentV2Schema,
  backupDocumentV3Schema,
  backupDocumentV4Schema,
  backupHeaderSchema,
  type BackupDocument,
  type BackupRestoreResult,
  type ParsedBackup,
} from '@kassa/contract';
import { findCurrency, parseAmount, parseSignedAmount, placeDecimalPoint, utcDayOf } from '@kassa/money';
import type { Kysely } from 'kysely';
import { brokenConstraint } from '../../db/constraint-errors.js';
import type { DB } from '../../db/schema.js';
import { badRequest, conflict } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { CategoriesRepository } from '../categories/repository.js';
import { FixpointsRepository } from '../fixpoints/repository.js';
import { LedgerWriter } from '../ledger/index.js';
import type { ConversionRow, TransactionRow } from '../ledger/index.js';
import { PocketsRepository } from '../pockets/repository.js';
import { compileRegex } from '../rules/match.js';
import { RulesRepository, type RuleRow } from '../rules/repository.js';
import { allocateIds } from '../../db/id-allocation.js';
import { exportImports, resolveImports, writeImports, type ResolvedImports } from './imports.js';
import { BackupRepository } from './repository.js';
import {
  exportSchedules,
  readSchedules,
  resolveSchedules,
  writeSchedules,
  type ResolvedSchedule,
} from './schedules.js';

const iso = (ms: number) => new Date(ms).toISOString();
const flag = (n: number) => n === 1;

/** The document's rows resolved into what the tables hold: minor units, epoch ms, keys checked. */
export interface Resolved {
  mainCurrency: string;
  currencies: { code: string; lastUsed: number }[];
  pockets: { key: number; name: string; currency: string; isCash: boolean }[];
  categories: {
    key: number;
    name: string;
    type: 'real' | 'loan' | 'business' | 'external';
    description: string;
    isIncome: boolean | null;
    isBuiltIn: boolean;
    isActive: boolean;
    monthlyLimit: number | null;
    rollover: boolean;
    lastUsed: number;
  }[];
  /** Transactions with the category's document key in categoryId (mapped to the new id on write). */
  transactions: Omit<TransactionRow, 'id'>[];
  conversions: Omit<ConversionRow, 'id'>[];
  fixpoints: { time: number; states: { pocketKey: number; balance: number }[] }[];
  /** Category rules with the category's document key in categoryId (mapped on write). */
  rules: Omit<RuleRow, 'id'>[];
  /** Import batches with their links, and import profiles (version 3). */
  imports: ResolvedImports;
  /** Scheduled entries with their occurrences (version 4), categories by document key. */
  schedules: ResolvedSchedule[];
}

/** Minor units of a decimal string already shaped by the schema; a 400 naming `path` when it has too many decimals. */
/**
 * A regex rule restore takes: one RE2 runs, or one the JavaScript engine of earlier versions took
 * (a lookahead, a backreference). A backup holds the user's own rules; such a rule is kept as
 * written and never matches (rules/match.ts), as on the server it came from since issue 31. Only
 * compiled here, never run, so no pattern can backtrack.
 */
function restorableRegex(pattern: string): boolean {
  try {
    compileRegex(pattern);
    return true;
  } catch {
    try {
      new RegExp(pattern, 'i');
      return true;
    } catch {
      return false;
    }
  }
}

function minorOf(text: string, currency: string, path: string, signed: boolean): number {
  const decimals = findCurrency(currency)?.decimals ?? 2;
  const parsed = signed ? parseSignedAmount(text, decimals) : parseAmount(text, decimals);
  if (!parsed.ok) throw badRequest(`${path}: ${parsed.message}`);
  return Number(parsed.minor);
}

/**
 * Checks everything a document's schema cannot (versions 1 and 2; a version 1 document comes here
 * with no rules): references by key, currencies the
 * document lists, amounts within their currency's decimals, kinds and directions that agree with
 * the category, one fixpoint per instant. Throws a 400 naming the first problem's path.
 */
function resolve(doc: ParsedBackup): Resolved {
  const supported = (code: string, path: string) => {
    if (findCurrency(code) === undefined) throw badRequest(`${path}: ${code} is not a supported currency`);
  };
  const codes = new Set<string>();
  for (const [i, c] of doc.currencies.entries()) {
    supported(c.code, `currencies.${i}.code`);
    if (codes.has(c.code)) throw badRequest(`currencies.${i}.code: ${c.code} is listed twice`);
    codes.add(c.code);
  }
  const listed = (code: string, path: string) => {
    supported(code, path);
    if (!codes.has(code)) throw badRequest(`${path}: ${code} is not one of the document's currencies`);
  };
  listed(doc.mainCurrency, 'mainCurrency');

  const pocketCurrency = new Map<number, string>();
  for (const [i, p] of doc.pockets.entries()) {
    if (pocketCurrency.has(p.key)) throw badRequest(`pockets.${i}.key: ${p.key} is used twice`);
    listed(p.currency, `pockets.${i}.currency`);
    pocketCurrency.set(p.key, p.currency);
  }

  const categories = new Map<number, ParsedBackup['categories'][number]>();
  const names = new Set<string>();
  const resolvedCategories: Resolved['categories'] = [];
  for (const [i, c] of doc.categories.entries()) {
    const path = `categories.${i}`;
    if (categories.has(c.key)) throw badRequest(`${path}.key: ${c.key} is used twice`);
    if ((c.type === 'real') !== (c.isIncome !== null))
      throw badRequest(`${path}.isIncome: a real category has a direction (true or false), the others null`);
    const name = `${c.type}|${String(c.isIncome)}|${c.name.toLowerCase()}`;
    if (names.has(name)) throw badRequest(`${path}.name: a ${c.type} category named ${c.name} is listed twice`);
    names.add(name);
    categories.set(c.key, c);
    resolvedCategories.push({
      ...c,
      monthlyLimit:
        c.monthlyLimit === null ? null : minorOf(c.monthlyLimit, doc.mainCurrency, `${path}.monthlyLimit`, true),
    });
    if (c.monthlyLimit !== null && c.monthlyLimit.startsWith('-'))
      throw badRequest(`${path}.monthlyLimit: must not be negative`);
    if (c.rollover && (c.type !== 'real' || c.isIncome !== false))
      throw badRequest(`${path}.rollover: only expense categories have a budget to roll over`);
  }

  // A row's pocket is a pocket of the row's currency; its key stays a key until the pockets exist.
  const pocketOf = (key: number | undefined, currency: string, path: string): number | null => {
    if (key === undefined) return null;
    const of = pocketCurrency.get(key);
    if (of === undefined) throw badRequest(`${path}: no pocket has key ${key}`);
    if (of !== currency) throw badRequest(`${path}: pocket ${key} holds ${of}, not ${currency}`);
    return key;
  };
  const resolveTransaction = (t: ParsedBackup['transactions'][number], path: string): Omit<TransactionRow, 'id'> => {
    const category = categories.get(t.categoryKey);
    if (category === undefined) throw badRequest(`${path}.categoryKey: no category has key ${t.categoryKey}`);
    if (category.type === 'real' && t.isIncome !== category.isIncome)
      throw badRequest(`${path}.isIncome: must match the direction of category ${category.name}`);
    if ((category.type === 'business') !== (t.businessType !== null))
      throw badRequest(`${path}.businessType: is required for business categories and null for the others`);
    listed(t.currency, `${path}.currency`);
    return {
      pocketId: pocketOf(t.pocketKey, t.currency, `${path}.pocketKey`),
      categoryId: t.categoryKey,
      kind: category.type,
      businessType: t.businessType,
      isIncome: t.isIncome,
      amount: minorOf(t.amount, t.currency, `${path}.amount`, false),
      currency: t.currency,
      description: t.description,
      time: t.time,
      day: utcDayOf(t.time),
    };
  };
  const transactions = doc.transactions.map((t, i) => resolveTransaction(t, `transactions.${i}`));

  const conversions = doc.conversions.map((c, i): Omit<ConversionRow, 'id'> => {
    const path = `conversions.${i}`;
    listed(c.fromCurrency, `${path}.fromCurrency`);
    listed(c.toCurrency, `${path}.toCurrency`);
    const fromAmount = minorOf(c.fromAmount, c.fromCurrency, `${path}.fromAmount`, false);
    const toAmount = minorOf(c.toAmount, c.toCurrency, `${path}.toAmount`, false);
    // One currency: a transfer between two pockets (DESIGN §4), which puts in what it takes.
    if (c.fromCurrency === c.toCurrency && fromAmount !== toAmount)
      throw badRequest(`${path}.toAmount: a transfer between two pockets of one currency puts in what it takes`);
    return {
      fromPocketId: pocketOf(c.fromPocketKey, c.fromCurrency, `${path}.fromPocketKey`),
      toPocketId: pocketOf(c.toPocketKey, c.toCurrency, `${path}.toPocketKey`),
      fromAmount,
      fromCurrency: c.fromCurrency,
      toAmount,
      toCurrency: c.toCurrency,
      description: c.description,
      time: c.time,
      day: utcDayOf(c.time),
    };
  });

  const times = new Set<number>();
  const fixpoints = doc.fixpoints.map((f, i) => {
    const path = `fixpoints.${i}`;
    if (times.has(f.time)) throw badRequest(`${path}.time: there is already a fixpoint at ${iso(f.time)}`);
    times.add(f.time);
    const seen = new Set<number>();
    const states = f.states.map((s, j) => {
      const currency = pocketCurrency.get(s.pocketKey);
      if (currency === undefined) throw badRequest(`${path}.states.${j}.pocketKey: no pocket has key ${s.pocketKey}`);
      if (seen.has(s.pocketKey))
        throw badRequest(`${path}.states.${j}.pocketKey: pocket ${s.pocketKey} is stated twice`);
      seen.add(s.pocketKey);
      return { pocketKey: s.pocketKey, balance: minorOf(s.balance, currency, `${path}.states.${j}.balance`, true) };
    });
    return { time: f.time, states };
  });

  // Rules as rule/add accepts them: a real category, a pattern that compiles, the range in the
  // rule's currency (given exactly when a bound is), min <= max.
  const categoryType = new Map(resolvedCategories.map((c) => [c.key, c.type]));
  const rules = doc.rules.map((r, i) => {
    const path = `rules.${i}`;
    const type = categoryType.get(r.categoryKey);
    if (type === undefined) throw badRequest(`${path}.categoryKey: no category has key ${r.categoryKey}`);
    if (type !== 'real') throw badRequest(`${path}.categoryKey: must be an income or expense category`);
    if (r.match === 'regex' && !restorableRegex(r.pattern))
      throw badRequest(`${path}.pattern: not a valid regular expression`);
    const bounded = r.minAmount !== null || r.maxAmount !== null;
    if (bounded !== (r.currency !== null))
      throw badRequest(`${path}.currency: must be given exactly when an amount bound is`);
    if (r.currency !== null) supported(r.currency, `${path}.currency`);
    const bound = (text: string | null, field: string) =>
      text === null || r.currency === null ? null : minorOf(text, r.currency, `${path}.${field}`, false);
    const minAmount = bound(r.minAmount, 'minAmount');
    const maxAmount = bound(r.maxAmount, 'maxAmount');
    if (minAmount !== null && maxAmount !== null && minAmount > maxAmount)
      throw badRequest(`${path}.maxAmount: must not be less than minAmount`);
    return {
      match: r.match,
      pattern: r.pattern,
      categoryId: r.categoryKey,
      currency: r.currency,
      minAmount,
      maxAmount,
      position: r.position,
    };
  });

  return {
    mainCurrency: doc.mainCurrency,
    currencies: doc.currencies,
    pockets: doc.pockets,
    categories: resolvedCategories,
    transactions,
    conversions,
    fixpoints,
    rules,
    imports: resolveImports(doc, {
      pocketCurrency,
      transactions: transactions.length,
      conversions: conversions.length,
      fixpoints: fixpoints.length,
      supported,
      minorOf,
      transaction: resolveTransaction,
    }),
    schedules: resolveSchedules(doc.schedules, {
      category: (key) => categories.get(key),
      listed,
      minorOf,
      transactions: transactions.length,
      conversions: conversions.length,
    }),
  };
}

/**
 * Backup and restore of one user's books as a versioned JSON document (DESIGN §9,
 * docs/DECISIONS.md "Backup and restore"). The API and the admin CLI both come through here.
 */
/** Reads a backup document of any version into the rows restore writes; 400 naming what is wrong. Pure: runs on a worker thread. */
export function readBackup(input: unknown): Resolved {
  const header = parseOr400(backupHeaderSchema, input);
  if (header.version > BACKUP_VERSION)
    throw badRequest(
      `version: ${header.version} is newer than this server reads (up to ${BACKUP_VERSION}); update Kassa first`,
    );
  const noImports = { version: 4 as const, imports: [], importProfiles: [], schedules: [] };
  if (header.version === 1) return resolve({ ...parseOr400(backupDocumentV1Schema, input), ...noImports, rules: [] });
  if (header.version === 2) return resolve({ ...parseOr400(backupDocumentV2Schema, input), ...noImports });
  if (header.version === 3)
    return resolve({ ...parseOr400(backupDocumentV3Schema, input), version: 4 as const, schedules: [] });
  return resolve(parseOr400(backupDocumentV4Schema, input));
}

export class BackupService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The user's books as a document of the current version. */
  async backup(userId: number): Promise<BackupDocument> {
    const user = await this.db.selectFrom('users').select('main_currency').where('id', '=', userId).executeTakeFirst();
    if (user?.main_currency === undefined || user.main_currency === null)
      throw conflict('The account has no books yet: complete the registration first');
    const mainCurrency = user.main_currency;
    // One snapshot for every read, so a write landing between them cannot tear the document:
    // repeatable read on PostgreSQL (read committed would see it); SQLite's read transaction
    // keeps one snapshot anyway (its driver ignores the level).
    const rows = await this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => ({
        ...(await new BackupRepository(trx).read(userId)),
        scheduled: await readSchedules(trx, userId),
      }));
    const decimals = (code: string) => findCurrency(code)?.decimals ?? 2;
    const amount = (minor: number, code: string) => placeDecimalPoint(BigInt(minor), decimals(code));
    // Keys are positions (1, 2, …), so a restored copy exports the same keys again.
    const pocketKey = new Map(rows.pockets.map((p, i) => [p.id, i + 1]));
    const pocketCurrency = new Map(rows.pockets.map((p) => [p.id, p.currency]));
    const categoryKey = new Map(rows.categories.map((c, i) => [c.id, i + 1]));
    const index = (rows: readonly { id: number }[]) => new Map(rows.map((r, i) => [r.id, i]));
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
      exportedAt: iso(this.now()),
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
    };
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
    };
  }

  private async write(userId: number, doc: Resolved, options: { replace: boolean }, at: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // The restored rows go in through the ledger writer, which rebuilds what derives from them.
      const ledger = (await LedgerWriter.open(trx, userId, at)).batch({ rebuild: true });
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
        doc.transactions.map((t, i) => ({
          ...t,
          id: transactionIds[i],
          categoryId: categoryIds.get(t.categoryId) ?? 0,
          pocketId: t.pocketId == null ? null : (pocketIds.get(t.pocketId) ?? null),
        })),
      );
      const conversionIds = await allocateIds(trx, 'conversions', doc.conversions.length);
      await ledger.insertConversions(
        doc.conversions.map((c, i) => ({
          ...c,
          id: conversionIds[i],
          fromPocketId: c.fromPocketId == null ? null : (pocketIds.get(c.fromPocketId) ?? null),
          toPocketId: c.toPocketId == null ? null : (pocketIds.get(c.toPocketId) ?? null),
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

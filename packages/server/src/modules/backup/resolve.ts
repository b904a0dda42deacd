import {
  BACKUP_VERSION,
  backupDocumentV1Schema,
  backupDocumentV2Schema,
  backupDocumentV3Schema,
  backupDocumentV4Schema,
  backupDocumentV5Schema,
  backupHeaderSchema,
  type ParsedBackup,
} from '@kassa/contract';
import { findCurrency, parseAmount, parseSignedAmount, utcDayOf } from '@kassa/money';
import { badRequest } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import type { ConversionRow, TransactionRow } from '../ledger/index.js';
import { compileRegex } from '../rules/match.js';
import type { RuleRow } from '../rules/repository.js';
import { resolveImports, type ResolvedImports } from './imports-resolve.js';
import { resolveSchedules, type ResolvedSchedule } from './schedules.js';

// Reading a backup document into the rows restore writes: pure (it runs on a worker thread), and
// every check a schema cannot make, with a 400 naming the first problem's path.

const iso = (ms: number) => new Date(ms).toISOString();

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
  /**
   * The people the rows name (version 5), found among the book's members on write: until then
   * the rows' createdBy, paidBy and shares' userId hold their document keys, as do settlements.
   */
  members: { key: number; name: string; email: string }[];
  settlements: ResolvedSettlement[];
}

/** A settlement with its members' document keys, its amount in minor units. */
export interface ResolvedSettlement {
  fromKey: number;
  toKey: number;
  amount: number;
  currency: string;
  time: number;
  day: number;
  description: string;
  createdBy: number | null;
}

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

/** Minor units of a decimal string already shaped by the schema; a 400 naming `path` when it has too many decimals. */
export function minorOf(text: string, currency: string, path: string, signed: boolean): number {
  const decimals = findCurrency(currency)?.decimals;
  if (decimals === undefined) throw badRequest(`${path}: ${currency} is not a supported currency`);
  const parsed = signed ? parseSignedAmount(text, decimals) : parseAmount(text, decimals);
  if (!parsed.ok) throw badRequest(`${path}: ${parsed.message}`);
  return Number(parsed.minor);
}

type DocumentCategory = ParsedBackup['categories'][number];

/**
 * Checks everything a document's schema cannot (a version 1 document comes here with no rules):
 * references by key, currencies the document lists, amounts within their currency's decimals,
 * kinds and directions that agree with the category, one fixpoint per instant.
 */
class DocumentCheck {
  private readonly codes = new Set<string>();
  readonly pocketCurrency = new Map<number, string>();
  readonly categories = new Map<number, DocumentCategory>();
  private readonly memberKeys = new Set<number>();

  constructor(private readonly doc: ParsedBackup) {}

  /** The people the rows name: keys and e-mails each once. */
  members(): void {
    const emails = new Set<string>();
    for (const [i, m] of this.doc.members.entries()) {
      if (this.memberKeys.has(m.key)) throw badRequest(`members.${i}.key: ${m.key} is used twice`);
      if (emails.has(m.email)) throw badRequest(`members.${i}.email: ${m.email} is listed twice`);
      this.memberKeys.add(m.key);
      emails.add(m.email);
    }
  }

  readonly supported = (code: string, path: string): void => {
    if (findCurrency(code) === undefined) throw badRequest(`${path}: ${code} is not a supported currency`);
  };

  /** A currency the document lists in its currencies. */
  readonly listed = (code: string, path: string): void => {
    this.supported(code, path);
    if (!this.codes.has(code)) throw badRequest(`${path}: ${code} is not one of the document's currencies`);
  };

  currenciesAndPockets(): void {
    for (const [i, c] of this.doc.currencies.entries()) {
      this.supported(c.code, `currencies.${i}.code`);
      if (this.codes.has(c.code)) throw badRequest(`currencies.${i}.code: ${c.code} is listed twice`);
      this.codes.add(c.code);
    }
    this.listed(this.doc.mainCurrency, 'mainCurrency');
    for (const [i, p] of this.doc.pockets.entries()) {
      if (this.pocketCurrency.has(p.key)) throw badRequest(`pockets.${i}.key: ${p.key} is used twice`);
      this.listed(p.currency, `pockets.${i}.currency`);
      this.pocketCurrency.set(p.key, p.currency);
    }
  }

  resolvedCategories(): Resolved['categories'] {
    const names = new Set<string>();
    return this.doc.categories.map((c, i) => {
      const path = `categories.${i}`;
      if (this.categories.has(c.key)) throw badRequest(`${path}.key: ${c.key} is used twice`);
      if ((c.type === 'real') !== (c.isIncome !== null))
        throw badRequest(`${path}.isIncome: a real category has a direction (true or false), the others null`);
      const name = `${c.type}|${String(c.isIncome)}|${c.name.toLowerCase()}`;
      if (names.has(name)) throw badRequest(`${path}.name: a ${c.type} category named ${c.name} is listed twice`);
      names.add(name);
      this.categories.set(c.key, c);
      const monthlyLimit =
        c.monthlyLimit === null ? null : minorOf(c.monthlyLimit, this.doc.mainCurrency, `${path}.monthlyLimit`, true);
      if (c.monthlyLimit !== null && c.monthlyLimit.startsWith('-'))
        throw badRequest(`${path}.monthlyLimit: must not be negative`);
      if (c.rollover && (c.type !== 'real' || c.isIncome !== false))
        throw badRequest(`${path}.rollover: only expense categories have a budget to roll over`);
      return { ...c, monthlyLimit };
    });
  }

  /** A row's pocket is a pocket of the row's currency; its key stays a key until the pockets exist. */
  private pocketOf(key: number | undefined, currency: string, path: string): number | null {
    if (key === undefined) return null;
    const of = this.pocketCurrency.get(key);
    if (of === undefined) throw badRequest(`${path}: no pocket has key ${key}`);
    if (of !== currency) throw badRequest(`${path}: pocket ${key} holds ${of}, not ${currency}`);
    return key;
  }

  readonly transaction = (t: ParsedBackup['transactions'][number], path: string): Omit<TransactionRow, 'id'> => {
    const category = this.categories.get(t.categoryKey);
    if (category === undefined) throw badRequest(`${path}.categoryKey: no category has key ${t.categoryKey}`);
    if (category.type === 'real' && t.isIncome !== category.isIncome)
      throw badRequest(`${path}.isIncome: must match the direction of category ${category.name}`);
    if ((category.type === 'business') !== (t.businessType !== null))
      throw badRequest(`${path}.businessType: is required for business categories and null for the others`);
    this.listed(t.currency, `${path}.currency`);
    return {
      pocketId: this.pocketOf(t.pocketKey, t.currency, `${path}.pocketKey`),
      categoryId: t.categoryKey,
      kind: category.type,
      businessType: t.businessType,
      isIncome: t.isIncome,
      amount: minorOf(t.amount, t.currency, `${path}.amount`, false),
      currency: t.currency,
      description: t.description,
      time: t.time,
      day: utcDayOf(t.time),
      ...this.madeBy(t.createdBy, path),
      ...this.split(t, category, path),
    };
  };

  /** A row's maker by document key (absent: the member who restores). */
  private madeBy(key: number | undefined, path: string): { createdBy?: number } {
    if (key === undefined) return {};
    return { createdBy: this.member(key, `${path}.createdBy`) };
  }

  private member(key: number, path: string): number {
    if (!this.memberKeys.has(key)) throw badRequest(`${path}: no member has key ${key}`);
    return key;
  }

  /** A split expense's payer and shares by document key, as transaction/add would take them. */
  private split(
    t: ParsedBackup['transactions'][number],
    category: { type: string; isIncome: boolean | null },
    path: string,
  ): Pick<TransactionRow, 'paidBy' | 'shares'> {
    const { paidBy, shares } = t;
    if (shares === undefined) {
      if (paidBy !== undefined) throw badRequest(`${path}.paidBy: only a split expense has a payer`);
      return {};
    }
    if (category.type !== 'real' || category.isIncome !== false)
      throw badRequest(`${path}.shares: only an expense of a real category can be split`);
    if (paidBy === undefined) throw badRequest(`${path}.paidBy: a split expense needs its payer`);
    const seen = new Set<number>();
    return {
      paidBy: this.member(paidBy, `${path}.paidBy`),
      shares: shares.map((s, i) => {
        if (seen.has(s.memberKey))
          throw badRequest(`${path}.shares.${i}.memberKey: member ${s.memberKey} is named twice`);
        seen.add(s.memberKey);
        return { userId: this.member(s.memberKey, `${path}.shares.${i}.memberKey`), weight: s.weight };
      }),
    };
  }

  /** Settlements as settlement/add would take them; members by document key. */
  settlements(): ResolvedSettlement[] {
    return this.doc.settlements.map((s, i) => {
      const path = `settlements.${i}`;
      const fromKey = this.member(s.fromKey, `${path}.fromKey`);
      const toKey = this.member(s.toKey, `${path}.toKey`);
      if (fromKey === toKey) throw badRequest(`${path}.toKey: must differ from fromKey`);
      this.supported(s.currency, `${path}.currency`);
      return {
        fromKey,
        toKey,
        amount: minorOf(s.amount, s.currency, `${path}.amount`, false),
        currency: s.currency,
        time: s.time,
        day: utcDayOf(s.time),
        description: s.description,
        createdBy: s.createdBy === undefined ? null : this.member(s.createdBy, `${path}.createdBy`),
      };
    });
  }

  conversion(c: ParsedBackup['conversions'][number], path: string): Omit<ConversionRow, 'id'> {
    this.listed(c.fromCurrency, `${path}.fromCurrency`);
    this.listed(c.toCurrency, `${path}.toCurrency`);
    const fromAmount = minorOf(c.fromAmount, c.fromCurrency, `${path}.fromAmount`, false);
    const toAmount = minorOf(c.toAmount, c.toCurrency, `${path}.toAmount`, false);
    // One currency: a transfer between two pockets (DESIGN §4), which puts in what it takes.
    if (c.fromCurrency === c.toCurrency && fromAmount !== toAmount)
      throw badRequest(`${path}.toAmount: a transfer between two pockets of one currency puts in what it takes`);
    return {
      fromPocketId: this.pocketOf(c.fromPocketKey, c.fromCurrency, `${path}.fromPocketKey`),
      toPocketId: this.pocketOf(c.toPocketKey, c.toCurrency, `${path}.toPocketKey`),
      fromAmount,
      fromCurrency: c.fromCurrency,
      toAmount,
      toCurrency: c.toCurrency,
      description: c.description,
      time: c.time,
      day: utcDayOf(c.time),
      ...this.madeBy(c.createdBy, path),
    };
  }

  fixpoints(): Resolved['fixpoints'] {
    const times = new Set<number>();
    return this.doc.fixpoints.map((f, i) => {
      const path = `fixpoints.${i}`;
      if (times.has(f.time)) throw badRequest(`${path}.time: there is already a fixpoint at ${iso(f.time)}`);
      times.add(f.time);
      const seen = new Set<number>();
      const states = f.states.map((s, j) => {
        const currency = this.pocketCurrency.get(s.pocketKey);
        if (currency === undefined) throw badRequest(`${path}.states.${j}.pocketKey: no pocket has key ${s.pocketKey}`);
        if (seen.has(s.pocketKey))
          throw badRequest(`${path}.states.${j}.pocketKey: pocket ${s.pocketKey} is stated twice`);
        seen.add(s.pocketKey);
        return { pocketKey: s.pocketKey, balance: minorOf(s.balance, currency, `${path}.states.${j}.balance`, true) };
      });
      return { time: f.time, states };
    });
  }

  /**
   * Rules as rule/add accepts them: a real category, a pattern that compiles, the range in the
   * rule's currency (given exactly when a bound is), min <= max.
   */
  rules(): Resolved['rules'] {
    return this.doc.rules.map((r, i) => {
      const path = `rules.${i}`;
      const type = this.categories.get(r.categoryKey)?.type;
      if (type === undefined) throw badRequest(`${path}.categoryKey: no category has key ${r.categoryKey}`);
      if (type !== 'real') throw badRequest(`${path}.categoryKey: must be an income or expense category`);
      if (r.match === 'regex' && !restorableRegex(r.pattern))
        throw badRequest(`${path}.pattern: not a valid regular expression`);
      const bounded = r.minAmount !== null || r.maxAmount !== null;
      if (bounded !== (r.currency !== null))
        throw badRequest(`${path}.currency: must be given exactly when an amount bound is`);
      if (r.currency !== null) this.supported(r.currency, `${path}.currency`);
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
  }
}

/** The document checked and resolved, in the order its parts refer to each other; a 400 naming the first problem's path. */
function resolve(doc: ParsedBackup): Resolved {
  const check = new DocumentCheck(doc);
  check.currenciesAndPockets();
  check.members();
  const categories = check.resolvedCategories();
  const transactions = doc.transactions.map((t, i) => check.transaction(t, `transactions.${i}`));
  const conversions = doc.conversions.map((c, i) => check.conversion(c, `conversions.${i}`));
  const fixpoints = check.fixpoints();
  const rules = check.rules();
  const settlements = check.settlements();
  return {
    mainCurrency: doc.mainCurrency,
    currencies: doc.currencies,
    pockets: doc.pockets,
    categories,
    transactions,
    conversions,
    fixpoints,
    rules,
    imports: resolveImports(doc, {
      pocketCurrency: check.pocketCurrency,
      transactions: transactions.length,
      conversions: conversions.length,
      fixpoints: fixpoints.length,
      supported: check.supported,
      minorOf,
      transaction: check.transaction,
    }),
    schedules: resolveSchedules(doc.schedules, {
      category: (key) => check.categories.get(key),
      listed: check.listed,
      minorOf,
      transactions: transactions.length,
      conversions: conversions.length,
    }),
    members: doc.members,
    settlements,
  };
}

/** Reads a backup document of any version into the rows restore writes; 400 naming what is wrong. Pure: runs on a worker thread. */
export function readBackup(input: unknown): Resolved {
  const header = parseOr400(backupHeaderSchema, input);
  if (header.version > BACKUP_VERSION)
    throw badRequest(
      `version: ${header.version} is newer than this server reads (up to ${BACKUP_VERSION}); update Kassa first`,
    );
  // Older versions are the newest with what they did not have yet left empty.
  const noMembers = { version: 5 as const, members: [], settlements: [] };
  const noImports = { ...noMembers, imports: [], importProfiles: [], schedules: [] };
  if (header.version === 1) return resolve({ ...parseOr400(backupDocumentV1Schema, input), ...noImports, rules: [] });
  if (header.version === 2) return resolve({ ...parseOr400(backupDocumentV2Schema, input), ...noImports });
  if (header.version === 3)
    return resolve({ ...parseOr400(backupDocumentV3Schema, input), ...noMembers, schedules: [] });
  if (header.version === 4) return resolve({ ...parseOr400(backupDocumentV4Schema, input), ...noMembers });
  return resolve(parseOr400(backupDocumentV5Schema, input));
}

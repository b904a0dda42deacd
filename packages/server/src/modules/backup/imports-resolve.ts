import type { ParsedBackup } from '@kassa/contract';
import { dayFromIso, type Minor } from '@kassa/money';
import type { TransactionRow } from '../ledger/index.js';
import { badRequest } from '../../http/errors.js';

// The import history of a backup document read back (version 3, imports.ts writes it): every
// reference checked, a 400 naming the first problem's path.

/** A batch resolved from a document: minor units, day numbers, references checked (still by index and key). */
export interface ResolvedImport {
  fileName: string;
  format: string;
  status: 'committed' | 'undone';
  createdAt: number;
  committedAt: number;
  undoneAt: number | null;
  rowCount: number;
  imported: number;
  accounts: { account: string; currency: string; pocketKey: number | null }[];
  links: {
    pocketKey: number;
    line: number;
    transaction: number | null;
    conversion: number | null;
    externalId: string | null;
    fingerprint: string;
    day: number;
    amount: Minor;
    currency: string;
    payee: string;
    description: string;
  }[];
  replaced: {
    /** The transaction with its category's document key in categoryId (mapped on write). */
    transactions: { link: { batch: number; link: number } | null; row: Omit<TransactionRow, 'id'> }[];
    states: { fixpoint: number; pocketKey: number; balance: number }[];
    fixpoints: number[];
  };
  fixpoint: number | null;
}

export interface ResolvedImports {
  imports: ResolvedImport[];
  profiles: { pocketKey: number; account: string; options: string }[];
}

/** What the import checks need from the rest of the document. */
export interface ResolveContext {
  pocketCurrency: ReadonlyMap<number, string>;
  transactions: number;
  conversions: number;
  fixpoints: number;
  supported: (code: string, path: string) => void;
  minorOf: (text: string, currency: string, path: string, signed: boolean) => number;
  transaction: (t: ParsedBackup['transactions'][number], path: string) => Omit<TransactionRow, 'id'>;
}

type ParsedImports = Pick<ParsedBackup, 'imports' | 'importProfiles'>;
type ParsedBatch = ParsedImports['imports'][number];

/** Checks every reference of the import history; a 400 naming the first problem's path. */
export function resolveImports(doc: ParsedImports, ctx: ResolveContext): ResolvedImports {
  const linkedTransactions = new Set<number>();
  const imports = doc.imports.map((b, i) => resolveBatch(b, `imports.${i}`, ctx, linkedTransactions));
  checkReplacedLinks(imports);
  return { imports, profiles: resolveProfiles(doc.importProfiles, ctx) };
}

/** A 400 when a document index points past the list it indexes. */
function checkIndex(i: number | null, count: number, what: string, path: string): void {
  if (i !== null && i >= count) throw badRequest(`${path}: the document has no ${what} at index ${i}`);
}

/** The currency of the pocket with the key; a 400 when no pocket has it. */
function pocketCurrency(ctx: ResolveContext, key: number, path: string): string {
  const currency = ctx.pocketCurrency.get(key);
  if (currency === undefined) throw badRequest(`${path}: no pocket has key ${key}`);
  return currency;
}

/** One batch, its references checked in document order; a transaction may be linked to one imported row only. */
function resolveBatch(
  b: ParsedBatch,
  path: string,
  ctx: ResolveContext,
  linkedTransactions: Set<number>,
): ResolvedImport {
  if ((b.status === 'undone') !== (b.undoneAt !== null))
    throw badRequest(`${path}.undoneAt: is required for an undone batch and null for a committed one`);
  const accounts = b.accounts.map((a, j) => {
    ctx.supported(a.currency, `${path}.accounts.${j}.currency`);
    if (a.pocketKey !== null) pocketCurrency(ctx, a.pocketKey, `${path}.accounts.${j}.pocketKey`);
    return { account: a.account, currency: a.currency, pocketKey: a.pocketKey };
  });
  const links = resolveLinks(b.links, path, ctx, linkedTransactions);
  const replaced = resolveReplaced(b.replaced, `${path}.replaced`, ctx);
  checkIndex(b.fixpoint, ctx.fixpoints, 'fixpoint', `${path}.fixpoint`);
  return {
    fileName: b.fileName,
    format: b.format,
    status: b.status,
    createdAt: b.createdAt,
    committedAt: b.committedAt,
    undoneAt: b.undoneAt,
    rowCount: b.rowCount,
    imported: b.imported,
    accounts,
    links,
    replaced,
    fixpoint: b.fixpoint,
  };
}

/** A batch's links: pocket, target and day checked, amounts in minor units. */
function resolveLinks(
  links: ParsedBatch['links'],
  path: string,
  ctx: ResolveContext,
  linkedTransactions: Set<number>,
): ResolvedImport['links'] {
  return links.map((l, j) => {
    const at = `${path}.links.${j}`;
    pocketCurrency(ctx, l.pocketKey, `${at}.pocketKey`);
    checkIndex(l.transaction, ctx.transactions, 'transaction', `${at}.transaction`);
    checkIndex(l.conversion, ctx.conversions, 'conversion', `${at}.conversion`);
    if (l.transaction !== null && l.conversion !== null)
      throw badRequest(`${at}.conversion: a row became a transaction or a conversion, not both`);
    if (l.transaction !== null) {
      if (linkedTransactions.has(l.transaction))
        throw badRequest(`${at}.transaction: transaction ${l.transaction} is linked to two imported rows`);
      linkedTransactions.add(l.transaction);
    }
    if (!/^v\d+:/.test(l.fingerprint)) throw badRequest(`${at}.fingerprint: must be a versioned fingerprint (v1:…)`);
    const day = dayFromIso(l.day);
    if (day === undefined) throw badRequest(`${at}.day: ${l.day} is not a date`);
    ctx.supported(l.currency, `${at}.currency`);
    return {
      pocketKey: l.pocketKey,
      line: l.line,
      transaction: l.transaction,
      conversion: l.conversion,
      externalId: l.externalId,
      fingerprint: l.fingerprint,
      day,
      amount: ctx.minorOf(l.amount, l.currency, `${at}.amount`, true),
      currency: l.currency,
      payee: l.payee,
      description: l.description,
    };
  });
}

/** What undo of the batch would put back: transactions, pocket states and fixpoints, checked. */
function resolveReplaced(
  replaced: ParsedBatch['replaced'],
  path: string,
  ctx: ResolveContext,
): ResolvedImport['replaced'] {
  const transactions = replaced.transactions.map((r, j) => {
    const at = `${path}.transactions.${j}`;
    return { link: r.link, row: ctx.transaction(r.transaction, `${at}.transaction`) };
  });
  const states = replaced.states.map((s, j) => {
    const at = `${path}.states.${j}`;
    checkIndex(s.fixpoint, ctx.fixpoints, 'fixpoint', `${at}.fixpoint`);
    const currency = pocketCurrency(ctx, s.pocketKey, `${at}.pocketKey`);
    return {
      fixpoint: s.fixpoint,
      pocketKey: s.pocketKey,
      balance: ctx.minorOf(s.balance, currency, `${at}.balance`, true),
    };
  });
  for (const [j, f] of replaced.fixpoints.entries()) checkIndex(f, ctx.fixpoints, 'fixpoint', `${path}.fixpoints.${j}`);
  return { transactions, states, fixpoints: replaced.fixpoints };
}

/** Links back from what an undo puts back, checked once every batch's links are known. */
function checkReplacedLinks(imports: readonly ResolvedImport[]): void {
  for (const [i, b] of imports.entries())
    for (const [j, r] of b.replaced.transactions.entries()) {
      if (r.link === null) continue;
      const at = `imports.${i}.replaced.transactions.${j}.link`;
      const target = imports[r.link.batch];
      if (target === undefined) throw badRequest(`${at}.batch: the document has no import at index ${r.link.batch}`);
      if (r.link.link >= target.links.length)
        throw badRequest(`${at}.link: import ${r.link.batch} has no link at index ${r.link.link}`);
    }
}

/** The pockets' import profiles: one per pocket, its options kept as JSON text. */
function resolveProfiles(profiles: ParsedImports['importProfiles'], ctx: ResolveContext): ResolvedImports['profiles'] {
  const profiled = new Set<number>();
  return profiles.map((p, i) => {
    pocketCurrency(ctx, p.pocketKey, `importProfiles.${i}.pocketKey`);
    if (profiled.has(p.pocketKey))
      throw badRequest(`importProfiles.${i}.pocketKey: pocket ${p.pocketKey} has two profiles`);
    profiled.add(p.pocketKey);
    return { pocketKey: p.pocketKey, account: p.account, options: JSON.stringify(p.options) };
  });
}

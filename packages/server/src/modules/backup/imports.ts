import type { BackupDocument } from '@kassa/contract';
import { isoFromDay } from '@kassa/money';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, ImportLinksTable } from '../../db/schema.js';
import type { TransactionRow } from '../ledger/index.js';
import type { ResolvedImports } from './imports-resolve.js';
import { BackupRepository } from './repository.js';

// The import history in a backup (version 3, docs/DECISIONS.md "Backup and restore"): committed
// and undone batches with their links, what an undo would put back, and the pockets' import
// profiles. Rows refer to the document's lists by index (transactions, conversions, fixpoints,
// imports and their links) and to pockets and categories by key. Reading them back is imports-resolve.ts.

const iso = (ms: number) => new Date(ms).toISOString();

type LinkRow = Selectable<ImportLinksTable>;
type NewLink = Omit<Insertable<ImportLinksTable>, 'id'>;

/** What commit stores in import_batches.replaced (import/commit.ts `Replaced`). */
interface StoredReplaced {
  transactions: { linkId?: number; row: Omit<TransactionRow, 'id'> }[];
  states: { fixpointId: number; time: number; pocketId: number; balance: number }[];
  fixpoints: { id: number; time: number }[];
}

type BackupImport = BackupDocument['imports'][number];
type BackupTransaction = BackupDocument['transactions'][number];

/** The rows of the import tables as BackupRepository.read gives them. */
interface ImportRows {
  importBatches: {
    id: number;
    file_name: string;
    format: string;
    status: 'preview' | 'committed' | 'undone';
    accounts: string;
    row_count: number;
    imported: number;
    replaced: string | null;
    fixpoint_id: number | null;
    created_at: number;
    committed_at: number | null;
    undone_at: number | null;
  }[];
  importLinks: LinkRow[];
  importProfiles: { pocket_id: number; account: string; options: string }[];
}

/** Database id → document position or key, and amounts in major units. */
export interface ExportContext {
  pocketKey: ReadonlyMap<number, number>;
  pocketCurrency: ReadonlyMap<number, string>;
  categoryKey: ReadonlyMap<number, number>;
  transactionIndex: ReadonlyMap<number, number>;
  conversionIndex: ReadonlyMap<number, number>;
  fixpointIndex: ReadonlyMap<number, number>;
  amount: (minor: number, currency: string) => string;
}

/**
 * The import part of a document. References to rows that are gone since (a deleted transaction, a
 * fixpoint deleted by hand) are left out or null: undo would find nothing there either.
 */
export function exportImports(
  rows: ImportRows,
  ctx: ExportContext,
): Pick<BackupDocument, 'imports' | 'importProfiles'> {
  const batchIndex = new Map(rows.importBatches.map((b, i) => [b.id, i]));
  const linksOf = new Map<number, LinkRow[]>();
  const linkPosition = new Map<number, { batch: number; link: number }>();
  for (const l of rows.importLinks) {
    const list = linksOf.get(l.batch_id) ?? [];
    linkPosition.set(l.id, { batch: batchIndex.get(l.batch_id) ?? 0, link: list.length });
    list.push(l);
    linksOf.set(l.batch_id, list);
  }
  const orNull = (id: number | null, map: ReadonlyMap<number, number>) => (id === null ? null : (map.get(id) ?? null));
  const imports = rows.importBatches.map((b): BackupImport => {
    const replaced = (
      b.replaced === null ? { transactions: [], states: [], fixpoints: [] } : JSON.parse(b.replaced)
    ) as StoredReplaced;
    const accounts = JSON.parse(b.accounts) as { account: string; currency: string; pocketId: number | null }[];
    return {
      fileName: b.file_name,
      format: b.format as BackupImport['format'],
      status: b.status === 'undone' ? 'undone' : 'committed',
      createdAt: iso(b.created_at),
      committedAt: iso(b.committed_at ?? b.created_at),
      undoneAt: b.undone_at === null ? null : iso(b.undone_at),
      rowCount: b.row_count,
      imported: b.imported,
      accounts: accounts.map((a) => ({
        account: a.account,
        currency: a.currency,
        pocketKey: orNull(a.pocketId, ctx.pocketKey),
      })),
      links: (linksOf.get(b.id) ?? []).map((l) => ({
        pocketKey: ctx.pocketKey.get(l.pocket_id) ?? 0,
        line: l.line,
        transaction: orNull(l.transaction_id, ctx.transactionIndex),
        conversion: orNull(l.conversion_id, ctx.conversionIndex),
        externalId: l.external_id,
        fingerprint: l.fingerprint,
        day: isoFromDay(l.day),
        amount: ctx.amount(l.amount, l.currency),
        currency: l.currency,
        payee: l.payee,
        description: l.description,
      })),
      replaced: {
        transactions: replaced.transactions.flatMap(({ linkId, row }) => {
          const categoryKey = ctx.categoryKey.get(row.categoryId);
          if (categoryKey === undefined) return [];
          const transaction: BackupTransaction = {
            categoryKey,
            isIncome: row.isIncome,
            businessType: row.businessType,
            amount: ctx.amount(row.amount, row.currency),
            currency: row.currency,
            description: row.description,
            time: iso(row.time),
          };
          return [{ link: (linkId === undefined ? undefined : linkPosition.get(linkId)) ?? null, transaction }];
        }),
        states: replaced.states.flatMap((s) => {
          const fixpoint = ctx.fixpointIndex.get(s.fixpointId);
          const pocketKey = ctx.pocketKey.get(s.pocketId);
          const currency = ctx.pocketCurrency.get(s.pocketId);
          if (fixpoint === undefined || pocketKey === undefined || currency === undefined) return [];
          return [{ fixpoint, pocketKey, balance: ctx.amount(s.balance, currency) }];
        }),
        fixpoints: replaced.fixpoints.flatMap((f) => {
          const index = ctx.fixpointIndex.get(f.id);
          return index === undefined ? [] : [index];
        }),
      },
      fixpoint: orNull(b.fixpoint_id, ctx.fixpointIndex),
    };
  });
  const importProfiles = rows.importProfiles.flatMap((p) => {
    const pocketKey = ctx.pocketKey.get(p.pocket_id);
    if (pocketKey === undefined) return [];
    return [
      {
        pocketKey,
        account: p.account,
        options: JSON.parse(p.options) as BackupDocument['importProfiles'][number]['options'],
      },
    ];
  });
  return { imports, importProfiles };
}

/** New ids of what the rest of restore wrote, by document key or index. */
export interface WriteContext {
  pocketIds: ReadonlyMap<number, number>;
  categoryIds: ReadonlyMap<number, number>;
  transactionIds: readonly number[];
  conversionIds: readonly number[];
  fixpoints: readonly { id: number; time: number }[];
}

/** Writes the batches, their links (pointing at the new rows) and what undo puts back, then the profiles. */
export async function writeImports(
  trx: Kysely<DB>,
  userId: number,
  doc: ResolvedImports,
  ids: WriteContext,
  at: number,
): Promise<void> {
  const backups = new BackupRepository(trx);
  const pocketId = (key: number) => ids.pocketIds.get(key) ?? 0;
  const wanted = new Map<number, Set<number>>();
  for (const b of doc.imports)
    for (const r of b.replaced.transactions)
      if (r.link !== null) wanted.set(r.link.batch, (wanted.get(r.link.batch) ?? new Set()).add(r.link.link));
  const batchIds: number[] = [];
  const linkIds = new Map<number, Map<number, number>>();
  for (const [i, b] of doc.imports.entries()) {
    const fixpoint = b.fixpoint === null ? undefined : ids.fixpoints[b.fixpoint];
    const batchId = await backups.insertImportBatch({
      user_id: userId,
      file_name: b.fileName,
      format: b.format,
      accounts: JSON.stringify(
        b.accounts.map((a) => ({
          account: a.account,
          currency: a.currency,
          pocketId: a.pocketKey === null ? null : pocketId(a.pocketKey),
        })),
      ),
      status: b.status,
      row_count: b.rowCount,
      imported: b.imported,
      replaced: null,
      fixpoint_id: fixpoint?.id ?? null,
      created_at: b.createdAt,
      committed_at: b.committedAt,
      undone_at: b.undoneAt,
    });
    batchIds.push(batchId);
    const links = b.links.map((l): NewLink => ({
      user_id: userId,
      batch_id: batchId,
      pocket_id: pocketId(l.pocketKey),
      line: l.line,
      transaction_id: l.transaction === null ? null : (ids.transactionIds[l.transaction] ?? null),
      conversion_id: l.conversion === null ? null : (ids.conversionIds[l.conversion] ?? null),
      external_id: l.externalId,
      fingerprint: l.fingerprint,
      day: l.day,
      amount: l.amount,
      currency: l.currency,
      payee: l.payee,
      description: l.description,
    }));
    linkIds.set(i, await backups.insertImportLinks(links, wanted.get(i) ?? new Set()));
  }
  for (const [i, b] of doc.imports.entries()) {
    const replaced: StoredReplaced = {
      transactions: b.replaced.transactions.map((r) => {
        const linkId = r.link === null ? undefined : linkIds.get(r.link.batch)?.get(r.link.link);
        const row = { ...r.row, categoryId: ids.categoryIds.get(r.row.categoryId) ?? 0 };
        return linkId === undefined ? { row } : { linkId, row };
      }),
      states: b.replaced.states.map((s) => {
        const f = ids.fixpoints[s.fixpoint];
        return { fixpointId: f?.id ?? 0, time: f?.time ?? 0, pocketId: pocketId(s.pocketKey), balance: s.balance };
      }),
      fixpoints: b.replaced.fixpoints.map((f) => ({
        id: ids.fixpoints[f]?.id ?? 0,
        time: ids.fixpoints[f]?.time ?? 0,
      })),
    };
    const fixpoint = b.fixpoint === null ? undefined : ids.fixpoints[b.fixpoint];
    await backups.finishImportBatch(userId, batchIds[i] ?? 0, {
      imported: b.imported,
      replaced: JSON.stringify(replaced),
      fixpoint_id: fixpoint?.id ?? null,
    });
  }
  await backups.insertImportProfiles(
    userId,
    doc.profiles.map((p) => ({ pocketId: pocketId(p.pocketKey), account: p.account, options: p.options })),
    at,
  );
}

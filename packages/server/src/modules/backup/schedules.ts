import type { BackupDocument, ParsedBackup } from '@kassa/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { parseRecurrence } from '../schedules/recurrence.js';
import {
  SchedulesRepository,
  type OccurrenceRow,
  type SchedulePosting,
  type ScheduleRow,
} from '../schedules/repository.js';

// Scheduled entries in the backup document (version 4; docs/DECISIONS.md, Backup and restore):
// each schedule with its category by key and its handled occurrences, the rows they wrote by
// index into the document's transactions and conversions, so after a restore no occurrence
// posts a second time and "posted" still points at its row.

export type BackupSchedules = BackupDocument extends { schedules: infer S } ? S : never;

/** The user's schedules and their handled occurrences, read in the backup's snapshot. */
export async function readSchedules(
  trx: Kysely<DB>,
  userId: number,
): Promise<{ schedules: ScheduleRow[]; occurrences: OccurrenceRow[] }> {
  const repo = new SchedulesRepository(trx);
  const schedules = await repo.list(userId);
  return {
    schedules,
    occurrences: await repo.occurrences(
      userId,
      schedules.map((s) => s.id),
    ),
  };
}

/** The document's `schedules`: ids become category keys and row indexes (null for a row deleted since). */
export function exportSchedules(
  rows: { schedules: ScheduleRow[]; occurrences: OccurrenceRow[] },
  refs: {
    categoryKey: ReadonlyMap<number, number>;
    transactionIndex: ReadonlyMap<number, number>;
    conversionIndex: ReadonlyMap<number, number>;
    amount: (minor: number, code: string) => string;
  },
): BackupSchedules {
  const amount = (minor: number | null, code: string) => (minor === null ? null : refs.amount(minor, code));
  return rows.schedules.map((s) => {
    const p = s.posting;
    return {
      rule: s.rule,
      start: s.start,
      end: s.end,
      mode: s.mode,
      weekend: s.weekend,
      payload:
        p.kind === 'transaction'
          ? {
              kind: 'transaction' as const,
              categoryKey: refs.categoryKey.get(p.categoryId) ?? 0,
              isIncome: p.isIncome,
              businessType: p.businessType,
              amount: amount(p.amount, p.currency),
              currency: p.currency,
              description: p.description,
            }
          : {
              kind: 'conversion' as const,
              fromAmount: amount(p.fromAmount, p.fromCurrency),
              fromCurrency: p.fromCurrency,
              toAmount: amount(p.toAmount, p.toCurrency),
              toCurrency: p.toCurrency,
              description: p.description,
            },
      occurrences: rows.occurrences
        .filter((o) => o.scheduleId === s.id)
        .map((o) => ({
          occurrence: o.occurrence,
          status: o.status,
          postedDate: o.postedDate,
          transaction: o.transactionId === null ? null : (refs.transactionIndex.get(o.transactionId) ?? null),
          conversion: o.conversionId === null ? null : (refs.conversionIndex.get(o.conversionId) ?? null),
        })),
    };
  });
}

/** A schedule of the document, checked: the posting's category still a document key, amounts in minor units. */
export interface ResolvedSchedule {
  fields: Omit<ScheduleRow, 'id' | 'userId'>;
  occurrences: {
    occurrence: string;
    status: 'posted' | 'skipped';
    postedDate: string | null;
    transaction: number | null;
    conversion: number | null;
  }[];
}

/**
 * Checks what the schema cannot, as schedule/add would (the rule reads and yields a date, end not
 * before start, a category the document has and whose direction and kind agree, currencies the
 * document lists, amounts within their decimals) and the occurrences (each once, indexes that
 * exist). A 400 naming the path.
 */
export function resolveSchedules(
  schedules: ParsedBackup extends { schedules: infer S } ? S : never,
  ctx: {
    category: (key: number) => { type: string; isIncome: boolean | null; name: string } | undefined;
    listed: (code: string, path: string) => void;
    minorOf: (text: string, currency: string, path: string, signed: boolean) => number;
    transactions: number;
    conversions: number;
  },
): ResolvedSchedule[] {
  return schedules.map((s, i) => {
    const path = `schedules.${i}`;
    const parsed = parseRecurrence(s.rule, s.start, s.end);
    if (s.end !== null && s.end < s.start) throw badRequest(`${path}.end: must not be before start`);
    if (!parsed.ok) throw badRequest(`${path}.rule: ${parsed.message}`);
    const p = s.payload;
    const minor = (text: string | null, currency: string, field: string) =>
      text === null ? null : ctx.minorOf(text, currency, `${path}.payload.${field}`, false);
    let posting: SchedulePosting;
    if (p.kind === 'transaction') {
      const category = ctx.category(p.categoryKey);
      if (category === undefined) throw badRequest(`${path}.payload.categoryKey: no category has key ${p.categoryKey}`);
      if (category.type === 'real' && p.isIncome !== category.isIncome)
        throw badRequest(`${path}.payload.isIncome: must match the direction of category ${category.name}`);
      if ((category.type === 'business') !== (p.businessType !== null))
        throw badRequest(`${path}.payload.businessType: is required for business categories and null for the others`);
      ctx.listed(p.currency, `${path}.payload.currency`);
      posting = {
        kind: 'transaction',
        categoryId: p.categoryKey,
        currency: p.currency,
        amount: minor(p.amount, p.currency, 'amount'),
        isIncome: p.isIncome,
        businessType: p.businessType,
        description: p.description,
      };
    } else {
      ctx.listed(p.fromCurrency, `${path}.payload.fromCurrency`);
      ctx.listed(p.toCurrency, `${path}.payload.toCurrency`);
      if (p.fromCurrency === p.toCurrency)
        throw badRequest(`${path}.payload.toCurrency: must differ from fromCurrency`);
      if ((p.fromAmount === null) !== (p.toAmount === null))
        throw badRequest(`${path}.payload.toAmount: must be set together with fromAmount, or both null`);
      posting = {
        kind: 'conversion',
        fromCurrency: p.fromCurrency,
        fromAmount: minor(p.fromAmount, p.fromCurrency, 'fromAmount'),
        toCurrency: p.toCurrency,
        toAmount: minor(p.toAmount, p.toCurrency, 'toAmount'),
        description: p.description,
      };
    }
    const seen = new Set<string>();
    for (const [j, o] of s.occurrences.entries()) {
      const at = `${path}.occurrences.${j}`;
      if (seen.has(o.occurrence)) throw badRequest(`${at}.occurrence: ${o.occurrence} is listed twice`);
      seen.add(o.occurrence);
      if (o.transaction !== null && o.transaction >= ctx.transactions)
        throw badRequest(`${at}.transaction: there is no transaction at index ${o.transaction}`);
      if (o.conversion !== null && o.conversion >= ctx.conversions)
        throw badRequest(`${at}.conversion: there is no conversion at index ${o.conversion}`);
      if (o.status === 'skipped' && (o.transaction !== null || o.conversion !== null || o.postedDate !== null))
        throw badRequest(`${at}.status: a skipped occurrence has no posted date or row`);
    }
    return {
      fields: { rule: s.rule, start: s.start, end: s.end, mode: s.mode, weekend: s.weekend, posting },
      occurrences: s.occurrences,
    };
  });
}

/** Writes the restored schedules and their occurrences under the new category and row ids. */
export async function writeSchedules(
  trx: Kysely<DB>,
  userId: number,
  schedules: readonly ResolvedSchedule[],
  ids: {
    categoryIds: ReadonlyMap<number, number>;
    transactionIds: readonly number[];
    conversionIds: readonly number[];
  },
  at: number,
): Promise<void> {
  const repo = new SchedulesRepository(trx);
  for (const s of schedules) {
    const posting: SchedulePosting =
      s.fields.posting.kind === 'transaction'
        ? { ...s.fields.posting, categoryId: ids.categoryIds.get(s.fields.posting.categoryId) ?? 0 }
        : s.fields.posting;
    const scheduleId = await repo.insert(userId, { ...s.fields, posting }, at);
    for (const o of s.occurrences) {
      await repo.claim(userId, scheduleId, o.occurrence, o.status, o.postedDate, at);
      const transactionId = o.transaction === null ? undefined : ids.transactionIds[o.transaction];
      const conversionId = o.conversion === null ? undefined : ids.conversionIds[o.conversion];
      if (transactionId !== undefined) await repo.setWritten(userId, scheduleId, o.occurrence, { transactionId });
      if (conversionId !== undefined) await repo.setWritten(userId, scheduleId, o.occurrence, { conversionId });
    }
  }
}

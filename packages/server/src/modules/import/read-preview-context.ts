import { IMPORT_MATCH_DAYS, IMPORT_SCHEDULE_DAYS } from '@kassa/contract';
import { currencyInfo, dayFromIso, isoFromDay } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { breather } from '../../util/breathe.js';
import { CategoriesRepository } from '../categories/repository.js';
import type { PocketRow } from '../pockets/repository.js';
import { Converter } from '../rates/conversion.js';
import type { RatesService } from '../rates/service.js';
import { compileRuleFinder } from '../rules/match.js';
import { RulesRepository } from '../rules/repository.js';
import { remindersBetween } from '../schedules/reminders.js';
import { normalisePayee } from './fingerprint.js';
import type { ParsedRow, ParsedStatement } from './formats/types.js';
import { ImportLinksRepository } from './links-repository.js';
import type { PreviewContext } from './preview-context.js';

/** Everything the preview compares the file with, read once. */
export async function readPreviewContext(
  db: Kysely<DB>,
  rates: RatesService,
  userId: number,
  parsed: ParsedStatement,
  pocketOfStatementAccount: ReadonlyMap<string, PocketRow | null | undefined>,
): Promise<PreviewContext> {
  const links = new ImportLinksRepository(db);
  const pocketIds = [...new Set([...pocketOfStatementAccount.values()].flatMap((p) => (p ? [p.id] : [])))];
  const days = await fileDays(parsed.rows);
  const near =
    days === undefined ? undefined : { from: days.first - IMPORT_MATCH_DAYS, to: days.last + IMPORT_MATCH_DAYS };
  const currencies = [...new Set([...pocketOfStatementAccount.values()].flatMap((p) => (p ? [p.currency] : [])))];
  const nearby = new Map(
    near === undefined
      ? []
      : await Promise.all(
          currencies.map(async (c) => [c, await links.transactionsNear(userId, c, near.from, near.to)] as const),
        ),
  );
  const { findRule, payeeCategory } = await categoryFinders(db, links, userId);
  const convert = converterAt(rates);

  return {
    pocketOf: (statementAccount) => pocketOfStatementAccount.get(statementAccount) ?? null,
    links: await links.linksOfPockets(userId, pocketIds),
    nearby: (currency) => nearby.get(currency) ?? [],
    otherLegs: near === undefined ? [] : await links.standingLinksBetween(userId, near.from, near.to, pocketIds),
    findRule,
    payeeCategory,
    rejected: await links.rejectedPairs(userId),
    // Pending reminders a row of the file may confirm (IMPORT_SCHEDULE_DAYS either side of its days).
    reminders:
      days === undefined
        ? []
        : await remindersBetween(
            db,
            userId,
            isoFromDay(days.first - IMPORT_SCHEDULE_DAYS),
            isoFromDay(days.last + IMPORT_SCHEDULE_DAYS),
          ),
    convert,
  };
}

/** The first and last day of the file, without a second array of a million days; undefined when no row has one. */
async function fileDays(rows: readonly ParsedRow[]): Promise<{ first: number; last: number } | undefined> {
  const pace = breather();
  let first = Infinity;
  let last = -Infinity;
  let dated = 0;
  for (const r of rows) {
    if (pace.due()) await pace.pause();
    const d = dayFromIso(r.date);
    if (d === undefined) continue;
    dated++;
    if (d < first) first = d;
    if (d > last) last = d;
  }
  return dated === 0 ? undefined : { first, last };
}

/** The user's rules and payee history, each giving only active real categories of the row's direction. */
async function categoryFinders(
  db: Kysely<DB>,
  links: ImportLinksRepository,
  userId: number,
): Promise<Pick<PreviewContext, 'findRule' | 'payeeCategory'>> {
  const categories = await new CategoriesRepository(db).list(userId, { type: 'real', active: true });
  const direction = new Map(categories.map((c) => [c.id, c.isIncome]));
  const rules = await new RulesRepository(db).list(userId);
  const incomeRule = compileRuleFinder(rules.filter((r) => direction.get(r.categoryId) === true));
  const expenseRule = compileRuleFinder(rules.filter((r) => direction.get(r.categoryId) === false));
  const payees = new Map<string, number>();
  for (const p of await links.payeeCategories(userId)) {
    const key = `${p.isIncome ? 1 : 0}|${p.payee}`;
    if (!payees.has(key) && direction.get(p.categoryId) === p.isIncome) payees.set(key, p.categoryId);
  }
  return {
    findRule: (text, minor, currency) => {
      const rule = (minor > 0 ? incomeRule : expenseRule)({ text, amountMinor: minor, currency });
      return rule === null ? null : { id: rule.id, categoryId: rule.categoryId };
    },
    payeeCategory: (payee, isIncome) =>
      payees.size === 0 ? null : (payees.get(`${isIncome ? 1 : 0}|${normalisePayee(payee)}`) ?? null),
  };
}

/** Converts at the day's reference rate of the rate table; null when a rate or a currency is missing. */
function converterAt(rates: RatesService): PreviewContext['convert'] {
  const table = rates.table();
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
  return (minor, fromCode, toCode, day) => {
    try {
      return Number(converterTo(toCode)?.toMinor(BigInt(minor), currencyInfo(fromCode), day) ?? NaN) || null;
    } catch {
      return null;
    }
  };
}

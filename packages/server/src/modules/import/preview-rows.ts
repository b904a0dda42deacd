import { MAX_INSTANT, MIN_INSTANT } from '@kassa/contract';
import { dayFromIso, findCurrency } from '@kassa/money';
import { breather } from '../../util/breathe.js';
import { categorise } from './categorise-rows.js';
import { confirmSchedules } from './confirm-schedules.js';
import type { ParsedRow } from './formats/types.js';
import { pair } from './pair-legs.js';
import type { PreviewContext } from './preview-context.js';
import { recognise } from './recognise-duplicates.js';
import { majorText, parseExact } from './statement-amounts.js';
import { rowTime, type StoredRow } from './stored-row.js';

// From the rows a file states to the rows a preview shows (DESIGN §9): each row checked, then
// recognised (duplicate by bank id, by fingerprint, by an earlier row of the file, or a near match
// proposed; recognise-duplicates.ts), given a category (rules, then the payee's history;
// categorise-rows.ts), paired with its other leg in another pocket (transfer or conversion;
// pair-legs.ts), and matched to the scheduled occurrence it pays (confirm-schedules.ts). Pure: the
// service fetches what it needs first (preview-context.ts).

/** The passes over a preview's rows: read and check, recognise, categorise, pair, confirm schedules. */
const PASSES = 5;

/**
 * Builds the preview's rows from the file's rows. The file's rows are let go one by one as their
 * preview rows are made (`parsed` is emptied), so a million rows are not held twice.
 */
export async function previewRows(
  parsed: ParsedRow[],
  currencyOfStatementAccount: ReadonlyMap<string, string>,
  ctx: PreviewContext,
  /** Hears the work done of its total: each row once per pass (PASSES passes). */
  progress: (done: number, total: number) => void = () => undefined,
): Promise<StoredRow[]> {
  // A million rows take seconds in each pass: every pass lets other requests in as it goes.
  const pace = breather();
  const rows: StoredRow[] = [];
  const count = parsed.length;
  const total = count * PASSES;
  progress(0, total);
  while (parsed.length > 0) {
    for (const p of parsed.splice(0, 1000)) rows.push(checked(p, currencyOfStatementAccount.get(p.account) ?? '', ctx));
    progress(rows.length, total);
    await pace.maybe();
  }
  const passes = [recognise, categorise, pair, confirmSchedules];
  for (const [i, pass] of passes.entries()) {
    await pass(rows, ctx, pace);
    progress(count * (i + 2), total);
  }
  return rows;
}

/** A file row with its pocket, day and minor units, or status error with the reason. */
function checked(p: ParsedRow, statementCurrency: string, ctx: PreviewContext): StoredRow {
  const pocket = ctx.pocketOf(p.account);
  const currency = p.currency || statementCurrency || pocket?.currency || '';
  const row: StoredRow = {
    line: p.line,
    date: p.date,
    amount: p.amount,
    currency,
    description: p.description,
    payee: p.payee,
    externalId: p.externalId,
    account: p.account,
    pocketId: pocket?.id ?? null,
    status: 'new',
    categoryId: null,
    day: 0,
    minor: 0,
    fingerprint: '',
    pairKey: '',
  };
  // A warning (a running balance that does not follow) is shown on the row, whatever its status.
  if (p.warning !== undefined) row.warning = p.warning;
  const fail = (reason: string): StoredRow => Object.assign(row, { status: 'error' as const, reason });
  if (p.error !== undefined) return fail(p.error);
  const info = findCurrency(currency);
  if (pocket === null)
    return fail(`line ${p.line}: choose the pocket ${p.account === '' ? 'this file' : `account ${p.account}`} goes to`);
  if (info === undefined)
    return fail(`line ${p.line}, currency: ${currency || 'none given'} is not a supported currency`);
  if (currency !== pocket.currency)
    return fail(
      `line ${p.line}, currency: the row is in ${currency}, the pocket ${pocket.name} holds ${pocket.currency}`,
    );
  const day = dayFromIso(p.date);
  const time = day === undefined ? NaN : rowTime(day);
  if (day === undefined || !(time >= MIN_INSTANT && time <= MAX_INSTANT))
    return fail(`line ${p.line}, date: "${p.date}" is not a date between 1900 and 2199`);
  const amount = parseExact(p.amount, currency);
  if (!amount.ok) return fail(`line ${p.line}, amount: "${p.amount}" ${amount.message}`);
  if (amount.minor === 0) return fail(`line ${p.line}, amount: 0 moves no money`);
  const minor = amount.minor;
  row.amount = majorText(minor, currency);
  row.day = day;
  row.minor = minor;
  if (p.time !== undefined && Math.floor(p.time / 86_400_000) === day) row.time = p.time;
  return row;
}

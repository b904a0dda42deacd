import {
  IMPORT_MATCH_DAYS,
  IMPORT_SCHEDULE_DAYS,
  IMPORT_SCHEDULE_TOLERANCE,
  MAX_INSTANT,
  MIN_INSTANT,
  type ImportMatch,
  type ImportRow,
} from '@kassa/contract';
import {
  dayFromIso,
  findCurrency,
  fixedDecimal,
  isoFromDay,
  parseSignedAmount,
  UNKNOWN_CURRENCY_DECIMALS,
} from '@kassa/money';
import { FINGERPRINT_VERSION, fingerprintOfKey, knownVersion, occurrenceKey, versionOf } from './fingerprint.js';
import type { Reminder } from '../schedules/reminders.js';
import { breather, type Breather } from '../../util/breathe.js';
import type { ParsedRow } from './formats/types.js';
import type { LinkRow, NearbyTransaction } from './links-repository.js';

// From the rows a file states to the rows a preview shows (DESIGN §9): each row checked, then
// recognised (duplicate by bank id, by fingerprint, by an earlier row of the file, or a near match
// proposed), given a category (rules, then the payee's history), and paired with its other leg
// in another pocket (transfer or conversion). Pure: the service fetches what it needs first.

/** A preview row as stored: what the API shows, plus what commit needs without parsing again. */
export interface StoredRow extends ImportRow {
  day: number;
  /** Signed minor units. */
  minor: number;
  fingerprint: string;
  /** Identifies this row as one side of a pair the user may reject (rejectedPairKey). */
  pairKey: string;
  /** The pairKey of the proposed other leg. */
  matchKey?: string;
}

export interface PocketRef {
  id: number;
  name: string;
  currency: string;
}

/** What the preview knows of the user's books, fetched by the service. */
export interface PreviewContext {
  /** The pocket each statement account goes to (null: none chosen). */
  pocketOf: (account: string) => PocketRef | null;
  /** Import links of the pockets this file goes to. */
  links: readonly LinkRow[];
  /** Transactions of a currency within the file's days (±IMPORT_MATCH_DAYS). */
  nearby: (currency: string) => readonly NearbyTransaction[];
  /** Imported rows of other pockets still standing as transactions, within the file's days. */
  otherLegs: readonly LinkRow[];
  /** The first rule fitting a row, for its direction. */
  findRule: (text: string, minor: number, currency: string) => { id: number; categoryId: number } | null;
  /** The category most recently used for the payee, for the row's direction. */
  payeeCategory: (payee: string, isIncome: boolean) => number | null;
  /** Pairs the user rejected (rejectedPairKey). */
  rejected: ReadonlySet<string>;
  /** `minor` of `from` in minor units of `to` at the day's rate; null when a rate is missing. */
  convert: (minor: number, from: string, to: string, day: number) => number | null;
  /** Pending occurrences of `remind` schedules posting within the file's days (±IMPORT_SCHEDULE_DAYS). */
  reminders: readonly Reminder[];
}

/** Noon UTC: a booking day stays the same day for users from UTC−11 to UTC+11. */
const ROW_HOUR_MS = 12 * 3_600_000;

/** The instant an imported row of a booking day is stored at: that day's noon UTC. */
export const rowTime = (day: number): number => day * 86_400_000 + ROW_HOUR_MS;

/** How far a conversion's two legs may differ from the day's reference rate (bank spreads and fees). */
const CONVERSION_TOLERANCE = 0.05;

/** The key of a rejected pair: its two sides' keys in a fixed order. */
export const rejectedPairKey = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/** A side of a possible pair, for a file row and a stored link alike: pocket, day, amount and its id or fingerprint. */
export const linkPairKey = (l: Pick<LinkRow, 'pocket_id' | 'day' | 'amount' | 'external_id' | 'fingerprint'>) =>
  `${l.pocket_id}|${l.day}|${l.amount}|${l.external_id ?? l.fingerprint}`;

/** Signed minor units as text with the currency's decimals ("-12.50", "1500" for JPY). */
export const majorText = (minor: number, currency: string) =>
  fixedDecimal(BigInt(minor), findCurrency(currency)?.decimals ?? UNKNOWN_CURRENCY_DECIMALS);

/**
 * Minor units of a decimal amount a reader normalised, or why not. Zeros a statement writes past
 * its currency's decimals are no precision ("1500.00" yen is 1500): trailing zeros are dropped first.
 */
export function parseExact(
  text: string,
  currency: string,
): { ok: true; minor: number } | { ok: false; message: string } {
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  const parsed = parseSignedAmount(trimmed, findCurrency(currency)?.decimals ?? UNKNOWN_CURRENCY_DECIMALS);
  return parsed.ok ? { ok: true, minor: Number(parsed.minor) } : { ok: false, message: parsed.message };
}

/** Minor units of an exact amount of the currency; undefined when it is not one. */
export function exactMinor(text: string, currency: string): number | undefined {
  if (findCurrency(currency) === undefined) return undefined;
  const parsed = parseExact(text, currency);
  return parsed.ok ? parsed.minor : undefined;
}

/**
 * Builds the preview's rows from the file's rows. The file's rows are let go one by one as their
 * preview rows are made (`parsed` is emptied), so a million rows are not held twice.
 */
/** The passes over a preview's rows: read and check, recognise, categorise, pair, confirm schedules. */
const PASSES = 5;

export async function previewRows(
  parsed: ParsedRow[],
  accountCurrency: ReadonlyMap<string, string>,
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
    for (const p of parsed.splice(0, 1000)) rows.push(checked(p, accountCurrency.get(p.account) ?? '', ctx));
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
function checked(p: ParsedRow, accountCurrency: string, ctx: PreviewContext): StoredRow {
  const pocket = ctx.pocketOf(p.account);
  const currency = p.currency || accountCurrency || pocket?.currency || '';
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
  return row;
}

/** Marks duplicates: same bank id or fingerprint as an imported row, an earlier row of the file, or a near match. */
async function recognise(rows: StoredRow[], ctx: PreviewContext, pace: Breather): Promise<void> {
  const byExternal = new Map<string, LinkRow>();
  const byFingerprint = new Map<string, LinkRow>();
  const versions = new Set<number>([FINGERPRINT_VERSION]);
  for (const l of ctx.links) {
    if (l.external_id !== null) byExternal.set(`${l.pocket_id}|${l.external_id}`, l);
    byFingerprint.set(`${l.pocket_id}|${l.fingerprint}`, l);
    if (knownVersion(versionOf(l.fingerprint))) versions.add(versionOf(l.fingerprint));
  }
  const seenExternal = new Map<string, number>();
  const occurrences = new Map<string, number>();
  const claimed = new Set<number>();
  const nearIndex = new Map<string, Map<number, NearbyTransaction[]>>();
  const nearOf = (currency: string) => {
    let index = nearIndex.get(currency);
    if (index === undefined) {
      index = new Map();
      for (const t of ctx.nearby(currency)) {
        const list = index.get(t.amount) ?? [];
        list.push(t);
        index.set(t.amount, list);
      }
      nearIndex.set(currency, index);
    }
    return index;
  };

  for (const row of rows) {
    if (pace.due()) await pace.pause();
    if (row.status === 'error' || row.pocketId === null) continue;
    const pocketId = row.pocketId;
    const key = occurrenceKey({ day: row.day, amount: row.minor, payee: row.payee, description: row.description });
    const counted = `${pocketId}|${key}`;
    const occurrence = (occurrences.get(counted) ?? 0) + 1;
    occurrences.set(counted, occurrence);
    row.fingerprint = fingerprintOfKey(FINGERPRINT_VERSION, key, occurrence);
    row.pairKey = linkPairKey({
      pocket_id: pocketId,
      day: row.day,
      amount: row.minor,
      external_id: row.externalId,
      fingerprint: row.fingerprint,
    });

    if (row.externalId !== null) {
      const externalKey = `${pocketId}|${row.externalId}`;
      const earlier = seenExternal.get(externalKey);
      const stored = byExternal.get(externalKey);
      if (stored !== undefined) {
        markDuplicate(row, 'id', stored, `line ${row.line}: bank id ${row.externalId} was imported before`);
        if (stored.transaction_id !== null) claimed.add(stored.transaction_id);
      } else if (earlier !== undefined) {
        row.status = 'duplicate';
        row.reason = `line ${row.line}: bank id ${row.externalId} already appears on line ${earlier}`;
        row.duplicateOf = { kind: 'file', line: earlier };
      } else seenExternal.set(externalKey, row.line);
      continue;
    }
    // Stored rows are compared under the version each was made with.
    let stored: LinkRow | undefined;
    for (const version of versions) {
      const f = version === FINGERPRINT_VERSION ? row.fingerprint : fingerprintOfKey(version, key, occurrence);
      stored ??= byFingerprint.get(`${pocketId}|${f}`);
    }
    if (stored !== undefined) {
      markDuplicate(row, 'fingerprint', stored, `line ${row.line}: the same row was imported before`);
      // Recognised exactly: that transaction is no near match for another row of the file.
      if (stored.transaction_id !== null) claimed.add(stored.transaction_id);
    }
  }

  // Then near matches, once every exact duplicate has claimed its transaction.
  for (const row of rows) {
    if (pace.due()) await pace.pause();
    if (row.status !== 'new' || row.pocketId === null || row.externalId !== null) continue;
    const pocketId = row.pocketId;
    // A near match: the same amount in this pocket (or typed by hand) within the days, not yet claimed.
    const near = (nearOf(row.currency).get(row.minor) ?? [])
      .filter((t) => !claimed.has(t.id) && Math.abs(t.day - row.day) <= IMPORT_MATCH_DAYS)
      .filter((t) => t.pocketId === null || t.pocketId === pocketId)
      .sort((a, b) => Math.abs(a.day - row.day) - Math.abs(b.day - row.day))[0];
    if (near !== undefined) {
      claimed.add(near.id);
      row.status = 'duplicate';
      row.reason = `line ${row.line}: possibly the transaction of ${isoFromDay(near.day)}${near.description === '' ? '' : ` "${near.description}"`} with the same amount; import it anyway if it is another one`;
      row.duplicateOf = {
        kind: 'near',
        transactionId: near.id,
        date: isoFromDay(near.day),
        amount: majorText(near.amount, row.currency),
        description: near.description,
      };
    }
  }
}

function markDuplicate(row: StoredRow, kind: 'id' | 'fingerprint', link: LinkRow, reason: string): void {
  row.status = 'duplicate';
  row.reason = reason;
  row.duplicateOf = {
    kind,
    ...(link.transaction_id === null ? {} : { transactionId: link.transaction_id }),
    date: isoFromDay(link.day),
    amount: majorText(link.amount, link.currency),
    description: link.description,
  };
}

/** Rules first, then the payee's most recent category; only categories of the row's direction. */
async function categorise(rows: StoredRow[], ctx: PreviewContext, pace: Breather): Promise<void> {
  for (const row of rows) {
    if (pace.due()) await pace.pause();
    if (row.status === 'error') continue;
    const rule = ctx.findRule(`${row.payee} ${row.description}`, row.minor, row.currency);
    if (rule !== null) {
      row.categoryId = rule.categoryId;
      row.categorySource = 'rule';
      row.ruleId = rule.id;
      continue;
    }
    const fromPayee = ctx.payeeCategory(row.payee === '' ? row.description : row.payee, row.minor > 0);
    if (fromPayee !== null) {
      row.categoryId = fromPayee;
      row.categorySource = 'payee';
    }
  }
}

/** A possible other leg: a new row of this file or an imported row of another pocket. */
interface Leg {
  pocketId: number;
  day: number;
  minor: number;
  currency: string;
  pairKey: string;
  description: string;
  row?: StoredRow;
  link?: LinkRow;
}

/**
 * Pairs new rows with their other leg in another pocket within IMPORT_MATCH_DAYS: the opposite
 * amount in the same currency (a transfer), or the opposite direction in another currency within
 * CONVERSION_TOLERANCE of the day's rate (a conversion). The nearest day wins; every leg is used
 * once; pairs the user rejected are not proposed again.
 */
async function pair(rows: StoredRow[], ctx: PreviewContext, pace: Breather): Promise<void> {
  const legs: Leg[] = [];
  for (const r of rows) {
    if (pace.due()) await pace.pause();
    if (r.status === 'new' && r.pocketId !== null)
      legs.push({
        pocketId: r.pocketId,
        day: r.day,
        minor: r.minor,
        currency: r.currency,
        pairKey: r.pairKey,
        description: r.description,
        row: r,
      });
  }
  for (const l of ctx.otherLegs)
    legs.push({
      pocketId: l.pocket_id,
      day: l.day,
      minor: l.amount,
      currency: l.currency,
      pairKey: linkPairKey(l),
      description: l.description,
      link: l,
    });
  const pockets = new Set<number>();
  for (const l of legs) pockets.add(l.pocketId);
  if (pockets.size < 2) return;
  const push = <K>(map: Map<K, Leg[]>, key: K, leg: Leg) => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [leg]);
    else list.push(leg);
  };
  const sameCurrency = new Map<string, Leg[]>();
  const byCurrencyDay = new Map<string, Map<number, Leg[]>>();
  for (const leg of legs) {
    if (pace.due()) await pace.pause();
    push(sameCurrency, `${leg.currency}|${leg.minor}`, leg);
    let days = byCurrencyDay.get(leg.currency);
    if (days === undefined) {
      days = new Map<number, Leg[]>();
      byCurrencyDay.set(leg.currency, days);
    }
    push(days, leg.day, leg);
  }
  const used = new Set<Leg>();
  const fits = (a: Leg, b: Leg) =>
    !used.has(b) &&
    b.pocketId !== a.pocketId &&
    Math.abs(a.day - b.day) <= IMPORT_MATCH_DAYS &&
    !ctx.rejected.has(rejectedPairKey(a.pairKey, b.pairKey).join('\n'));
  const nearest = (a: Leg, candidates: Leg[]) =>
    candidates.sort((x, y) => Math.abs(x.day - a.day) - Math.abs(y.day - a.day))[0];

  for (const leg of legs) {
    if (pace.due()) await pace.pause();
    const row = leg.row;
    if (row === undefined || used.has(leg)) continue;
    let other = nearest(
      leg,
      (sameCurrency.get(`${leg.currency}|${-leg.minor}`) ?? []).filter((b) => fits(leg, b)),
    );
    let kind: ImportMatch['kind'] = 'transfer';
    if (other === undefined && byCurrencyDay.size > 1) {
      kind = 'conversion';
      const candidates: Leg[] = [];
      for (const [currency, days] of byCurrencyDay) {
        if (currency === leg.currency) continue;
        for (let day = leg.day - IMPORT_MATCH_DAYS; day <= leg.day + IMPORT_MATCH_DAYS; day++)
          for (const b of days.get(day) ?? []) {
            if (Math.sign(b.minor) === Math.sign(leg.minor) || !fits(leg, b)) continue;
            const expected = ctx.convert(Math.abs(leg.minor), leg.currency, currency, leg.day);
            if (expected !== null && Math.abs(Math.abs(b.minor) - expected) <= expected * CONVERSION_TOLERANCE)
              candidates.push(b);
          }
      }
      other = nearest(leg, candidates);
    }
    if (other === undefined) continue;
    used.add(leg);
    used.add(other);
    row.match = matchOf(kind, other);
    row.matchKey = other.pairKey;
    if (other.row !== undefined) {
      other.row.match = matchOf(kind, leg);
      other.row.matchKey = leg.pairKey;
    }
  }
}

function matchOf(kind: ImportMatch['kind'], leg: Leg): ImportMatch {
  return {
    kind,
    ...(leg.row === undefined ? {} : { line: leg.row.line }),
    ...(leg.link?.transaction_id == null ? {} : { transactionId: leg.link.transaction_id }),
    pocketId: leg.pocketId,
    date: isoFromDay(leg.day),
    amount: majorText(leg.minor, leg.currency),
    currency: leg.currency,
    description: leg.description,
  };
}

/**
 * Gives a new row without another leg the pending `remind` occurrence it pays, if any: the same
 * currency and direction, the posting date within IMPORT_SCHEDULE_DAYS of the row's day, and
 * the amount within IMPORT_SCHEDULE_TOLERANCE of a fixed amount (any amount when the schedule
 * asks each time). Fixed amounts first, then the closest day, then the closest amount; each
 * occurrence and row once (commit's `schedule: false` declines a proposal). Commit
 * records the occurrence as posted with the row's transaction, so it is not a second row beside
 * a confirm. The schedule's category is the row's unless a rule chose one.
 */
async function confirmSchedules(rows: StoredRow[], ctx: PreviewContext, pace: Breather): Promise<void> {
  if (ctx.reminders.length === 0) return;
  const candidates: { row: StoredRow; reminder: Reminder; asks: number; days: number; off: number }[] = [];
  const dayOf = new Map(ctx.reminders.map((r) => [r, dayFromIso(r.date) ?? NaN]));
  for (const row of rows) {
    if (pace.due()) await pace.pause();
    if (row.status !== 'new' || row.match !== undefined || row.pocketId === null) continue;
    const amount = Math.abs(row.minor);
    for (const reminder of ctx.reminders) {
      if (reminder.currency !== row.currency || reminder.isIncome !== row.minor > 0) continue;
      const days = Math.abs((dayOf.get(reminder) ?? NaN) - row.day);
      if (!(days <= IMPORT_SCHEDULE_DAYS)) continue;
      const off = reminder.amount === null ? 0 : Math.abs(amount - reminder.amount) / reminder.amount;
      if (off > IMPORT_SCHEDULE_TOLERANCE) continue;
      candidates.push({ row, reminder, asks: reminder.amount === null ? 1 : 0, days, off });
    }
  }
  // A fixed amount that fits is better evidence than a date alone: those pair first.
  candidates.sort((a, b) => a.asks - b.asks || a.days - b.days || a.off - b.off || a.row.line - b.row.line);
  const usedRows = new Set<StoredRow>();
  const usedReminders = new Set<Reminder>();
  for (const { row, reminder } of candidates) {
    if (usedRows.has(row) || usedReminders.has(reminder)) continue;
    usedRows.add(row);
    usedReminders.add(reminder);
    row.schedule = {
      scheduleId: reminder.scheduleId,
      occurrence: reminder.occurrence,
      date: reminder.date,
      amount: reminder.amount === null ? null : majorText(reminder.amount, reminder.currency),
      description: reminder.description,
    };
    if (row.categorySource !== 'rule') {
      row.categoryId = reminder.categoryId;
      delete row.categorySource;
    }
  }
}

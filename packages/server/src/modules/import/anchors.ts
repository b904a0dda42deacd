import { dayFromIso } from '@kassa/money';
import { exactMinor } from './statement-amounts.js';

const DAY_MS = 86_400_000;

/** A balance the preview checked, in minor units. */
function anchorMinor(amount: string, currency: string): number {
  const minor = exactMinor(amount, currency);
  if (minor === undefined) throw new Error(`closing balance ${amount} ${currency} was not checked`);
  return minor;
}

/** A statement account as the batch stored it: its pocket and the balances the file gave. */
export interface StoredStatementAccount {
  pocketId: number | null;
  currency: string;
  openingBalance?: string;
  openingDate?: string;
  closingBalance?: string;
  closingDate?: string;
}

/**
 * The instants and balances a commit anchors (DESIGN §4, docs/DECISIONS.md "First week"): each
 * statement's closing balance at the end of its closing day (or now, for a statement of today),
 * and its opening balance at the end of the day before its opening day, so it comes before the
 * statement's first row. Accounts sharing a pocket and an instant add up; the opening is anchored
 * only for a pocket that takes one account of the file (two accounts' openings on different days
 * would each state the pocket without the other's money).
 */
export function statementAnchors(
  statementAccounts: readonly StoredStatementAccount[],
  now: number,
  /** The first day of each pocket's rows in the file: the opening goes before it whatever date the bank gave. */
  firstDay: ReadonlyMap<number, number> = new Map(),
): Map<number, Map<number, number>> {
  const byTime = new Map<number, Map<number, number>>();
  const add = (time: number, pocketId: number, minor: number) => {
    const stated = byTime.get(time) ?? new Map<number, number>();
    stated.set(pocketId, (stated.get(pocketId) ?? 0) + minor);
    byTime.set(time, stated);
  };
  const statementAccountsOf = new Map<number, number>();
  for (const a of statementAccounts)
    if (a.pocketId !== null) statementAccountsOf.set(a.pocketId, (statementAccountsOf.get(a.pocketId) ?? 0) + 1);
  for (const a of statementAccounts) {
    if (a.pocketId === null) continue;
    const closingDay = a.closingDate === undefined ? undefined : dayFromIso(a.closingDate);
    if (a.closingBalance !== undefined && closingDay !== undefined)
      add(Math.min((closingDay + 1) * DAY_MS - 1, now), a.pocketId, anchorMinor(a.closingBalance, a.currency));
    const openingDay = a.openingDate === undefined ? undefined : dayFromIso(a.openingDate);
    // An opening the file derives (OFX: closing minus the rows) is not checked by the preview as
    // the closing is: one that does not read exactly in the currency anchors nothing.
    const opening = a.openingBalance === undefined ? undefined : exactMinor(a.openingBalance, a.currency);
    if (opening !== undefined && openingDay !== undefined && statementAccountsOf.get(a.pocketId) === 1)
      add(
        Math.min(Math.min(openingDay, firstDay.get(a.pocketId) ?? openingDay) * DAY_MS - 1, now),
        a.pocketId,
        opening,
      );
  }
  return byTime;
}

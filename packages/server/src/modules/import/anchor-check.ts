import { currencyInfo, fixedDecimal, type Minor } from '@kassa/money';
import type { LedgerReader } from '../ledger/index.js';
import { statementAnchors } from './anchors.js';

/**
 * What a statement's closing balance will do to the next fixpoint that states its pocket (the
 * sign-up's start balance, a fixpoint the user set, a later statement's): that fixpoint's
 * calculated balance becomes the closing balance plus the pocket's rows after it, so the
 * preview can say in figures whether the two agree (issue 32). Major-unit decimal strings.
 */
export interface AnchorCheck {
  fixpointId: number;
  /** The later fixpoint's instant (ISO). */
  time: string;
  /** What that fixpoint states for the pocket. */
  stated: string;
  /** What it will calculate once the statement anchors the pocket. */
  calculated: string;
  /** stated − calculated: 0 when the bank and the typed balance agree. */
  difference: string;
}

/** A statement account as the preview answers it. */
interface PreviewStatementAccount {
  pocketId: number | null;
  currency: string;
  openingBalance?: string;
  openingDate?: string;
  closingBalance?: string;
  closingDate?: string;
}

/** A row of the file the commit would write, as far as its pocket's balance goes. */
export interface AnchoredRow {
  pocketId: number | null;
  /** Instant of the row (epoch ms). */
  time: number;
  /** Signed minor units. */
  minor: Minor;
}

/**
 * The check of each statement account's pocket against the next fixpoint stating it after the
 * statement's closing; undefined for a statement account with no pocket or closing balance, or
 * with no later fixpoint.
 */
export async function anchorChecks(
  ledger: LedgerReader,
  userId: number,
  statementAccounts: readonly PreviewStatementAccount[],
  rows: readonly AnchoredRow[],
  now: number,
): Promise<(AnchorCheck | undefined)[]> {
  // The pocket's latest anchor (its closing) and what it states there.
  const latest = new Map<number, { time: number; minor: number }>();
  for (const [time, states] of statementAnchors(statementAccounts, now))
    for (const [pocketId, minor] of states) {
      const known = latest.get(pocketId);
      if (known === undefined || time > known.time) latest.set(pocketId, { time, minor });
    }
  const checks = new Map<number, AnchorCheck | undefined>();
  for (const [pocketId, anchor] of latest) {
    const next = await ledger.nextStatementOf(userId, pocketId, anchor.time);
    const currency = statementAccounts.find((a) => a.pocketId === pocketId)?.currency;
    if (next === undefined || currency === undefined) {
      checks.set(pocketId, undefined);
      continue;
    }
    let fileRows = 0n;
    for (const r of rows)
      if (r.pocketId === pocketId && r.time > anchor.time && r.time <= next.fixpoint.time) fileRows += BigInt(r.minor);
    const calculated = BigInt(anchor.minor) + next.flows + fileRows;
    const decimals = currencyInfo(currency).decimals;
    checks.set(pocketId, {
      fixpointId: next.fixpoint.id,
      time: new Date(next.fixpoint.time).toISOString(),
      stated: fixedDecimal(next.stated, decimals),
      calculated: fixedDecimal(calculated, decimals),
      difference: fixedDecimal(next.stated - calculated, decimals),
    });
  }
  return statementAccounts.map((a) => (a.pocketId === null ? undefined : checks.get(a.pocketId)));
}

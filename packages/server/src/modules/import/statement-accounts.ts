import type { ImportAccount } from '@kassa/contract';
import { dayFromIso } from '@kassa/money';
import type { PocketRow } from '../pockets/repository.js';
import type { ParsedAccount } from './formats/types.js';
import type { ImportRepository } from './repository.js';
import { exactMinor, majorText } from './statement-amounts.js';

// The statement accounts of a file (its IBANs or account numbers) as a preview shows them: the
// pocket each goes to and the balances it states.

/**
 * The pocket of each statement account. A file of one account: the pocket the user chose, else
 * the one whose profile names the account, else the user's only pocket of its currency (or
 * only pocket at all, for files that name no currency). A file of several: profiles first, then
 * the chosen pocket for the first other account of its currency, then the only pocket.
 */
export async function pocketsOfStatementAccounts(
  repo: ImportRepository,
  userId: number,
  statementAccounts: readonly ParsedAccount[],
  pockets: readonly PocketRow[],
  chosen: PocketRow | undefined,
): Promise<(PocketRow | undefined)[]> {
  const profiled = await repo.pocketsOfStatementAccounts(
    userId,
    statementAccounts.map((a) => a.account),
  );
  const profileOf = (a: ParsedAccount) => pockets.find((p) => p.id === profiled.get(a.account));
  const unique = (a: ParsedAccount) => {
    const candidates = a.currency === '' ? pockets : pockets.filter((p) => p.currency === a.currency);
    return candidates.length === 1 ? candidates[0] : undefined;
  };
  // One account: the pocket the user chose is the answer, whatever a profile says.
  if (statementAccounts.length === 1) return statementAccounts.map((a) => chosen ?? profileOf(a) ?? unique(a));
  // Several: saved profiles first; the chosen pocket then goes to the first other account of its currency.
  const assigned = statementAccounts.map(profileOf);
  let chosenTaken = chosen !== undefined && assigned.some((p) => p?.id === chosen.id);
  return statementAccounts.map((a, i) => {
    const byProfile = assigned[i];
    if (byProfile !== undefined) return byProfile;
    if (chosen !== undefined && !chosenTaken && (a.currency === '' || a.currency === chosen.currency)) {
      chosenTaken = true;
      return chosen;
    }
    return unique(a);
  });
}

/** The statement accounts as the preview answers them: each with its pocket, currency and the balances it states. */
export function previewStatementAccounts(
  statementAccounts: readonly ParsedAccount[],
  statementPockets: readonly (PocketRow | undefined)[],
): ImportAccount[] {
  return statementAccounts.map((a, i) => {
    const pocket = statementPockets[i];
    const currency = a.currency || pocket?.currency || '';
    // A statement in a currency its pocket does not hold states nothing of that pocket: its
    // rows are errors until it goes to a pocket of its currency (the page offers one).
    const fits = pocket === undefined || pocket.currency === currency;
    const closing = fits ? statedBalance(a.closingBalance, a.closingDate, currency) : undefined;
    const opening = fits ? statedBalance(a.openingBalance, a.openingDate, currency) : undefined;
    return {
      account: a.account,
      currency,
      pocketId: statementPockets[i]?.id ?? null,
      ...(closing === undefined ? {} : { closingBalance: closing.balance, closingDate: closing.day }),
      ...(opening === undefined ? {} : { openingBalance: opening.balance, openingDate: opening.day }),
    };
  });
}

/**
 * A statement's balance (closing or opening) as the preview offers it: only when it is an exact
 * amount of its currency on a real day, in the currency's decimals.
 */
function statedBalance(
  balance: string | undefined,
  day: string | undefined,
  currency: string,
): { balance: string; day: string } | undefined {
  if (balance === undefined || day === undefined || dayFromIso(day) === undefined) return undefined;
  const minor = exactMinor(balance, currency);
  return minor === undefined ? undefined : { balance: majorText(minor, currency), day };
}

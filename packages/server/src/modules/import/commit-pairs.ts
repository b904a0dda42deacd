import type { Minor } from '@kassa/money';
import type { ConversionRow } from '../ledger/index.js';
import { describe, linkOf, withoutId, type Action, type CommitRun } from './commit-plan.js';
import { rowTime, type StoredRow } from './stored-row.js';
import type { NewLink } from './links-repository.js';

/** A leg of a pair as the conversion needs it: from this file or from an earlier import's row. */
interface Leg {
  minor: Minor;
  currency: string;
  day: number;
  pocketId: number | null;
}

/**
 * Writes the pairs the commit keeps: each becomes one conversion (a transfer when both legs are
 * in one currency), with a row of this file or with an earlier import's transaction, which it
 * replaces (kept for undo). A pair whose earlier leg is gone since the preview is written as a
 * plain row instead (its action becomes 'write'). Answers how many of each, and their links.
 */
export async function writePairs(
  run: CommitRun,
  special: readonly StoredRow[],
  plan: { byLine: ReadonlyMap<number, StoredRow>; actions: Map<number, Action> },
): Promise<{ transfers: number; conversions: number; links: NewLink[] }> {
  const { byLine, actions } = plan;
  const links: NewLink[] = [];
  let transfers = 0;
  let conversions = 0;
  const done = new Set<number>();
  for (const row of special) {
    const match = row.match;
    if (actions.get(row.line) !== 'pair' || match === undefined || done.has(row.line)) continue;
    done.add(row.line);
    const other = match.line === undefined ? undefined : byLine.get(match.line);
    if (other !== undefined) done.add(other.line);
    const otherLeg: Leg | undefined = other ?? (await replaceEarlierLeg(run, match.transactionId));
    if (otherLeg === undefined) {
      actions.set(row.line, 'write'); // the other leg is gone since the preview: a plain row again
      continue;
    }
    // A transfer (one currency, two pockets) is one conversion too: it changes no currency's
    // total but takes from one pocket and puts into the other (DESIGN §4).
    if (match.kind === 'transfer') transfers++;
    else conversions++;
    const [from, to] = row.minor < 0 ? [row, otherLeg] : [otherLeg, row];
    const conversion: Omit<ConversionRow, 'id'> = {
      fromAmount: -from.minor,
      fromCurrency: from.currency,
      toAmount: to.minor,
      toCurrency: to.currency,
      description: describe(row),
      time: rowTime(Math.max(from.day, to.day)),
      day: Math.max(from.day, to.day),
      fromPocketId: from.pocketId,
      toPocketId: to.pocketId,
    };
    const conversionId = await run.ledger.insertConversion(conversion);
    links.push(linkOf(run, row, { conversion_id: conversionId }));
    if (other !== undefined) links.push(linkOf(run, other, { conversion_id: conversionId }));
    else {
      const linkId = run.replaced.transactions.at(-1)?.linkId;
      if (linkId !== undefined)
        await run.links.setLinkTargets(linkId, { transaction_id: null, conversion_id: conversionId });
    }
  }
  return { transfers, conversions, links };
}

/**
 * Takes out an earlier import's transaction that becomes the other leg of a pair (kept for undo)
 * and answers it as a leg; undefined when it is gone since the preview.
 */
async function replaceEarlierLeg(run: CommitRun, transactionId: number | undefined): Promise<Leg | undefined> {
  if (transactionId === undefined) return undefined;
  const standing = await run.links.standingLink(run.userId, transactionId);
  if (standing === undefined) return undefined;
  const [removed] = await run.ledger.deleteTransactions([transactionId]);
  if (removed === undefined) return undefined;
  run.replaced.transactions.push({ linkId: standing.id, row: withoutId(removed) });
  await run.links.setLinkTargets(standing.id, { transaction_id: null, conversion_id: null });
  return {
    minor: standing.amount,
    currency: standing.currency,
    day: standing.day,
    pocketId: standing.pocket_id === 0 ? null : standing.pocket_id,
  };
}

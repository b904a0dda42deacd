import { IMPORT_MATCH_DAYS } from '@kassa/contract';
import { isoFromDay } from '@kassa/money';
import type { Breather } from '../../util/breathe.js';
import { FINGERPRINT_VERSION, fingerprintOfKey, knownVersion, occurrenceKey, versionOf } from './fingerprint.js';
import type { LinkRow, NearbyTransaction } from './links-repository.js';
import type { PreviewContext } from './preview-context.js';
import { majorText } from './statement-amounts.js';
import { linkPairKey, type StoredRow } from './stored-row.js';

/** Marks duplicates: same bank id or fingerprint as an imported row, an earlier row of the file, or a near match. */
export async function recognise(rows: StoredRow[], ctx: PreviewContext, pace: Breather): Promise<void> {
  const claimed = await markExactDuplicates(rows, ctx, pace);
  // Then near matches, once every exact duplicate has claimed its transaction.
  await markNearMatches(rows, ctx, claimed, pace);
}

/** The stored links by pocket and bank id and by pocket and fingerprint, and the fingerprint versions they use. */
function indexLinks(links: readonly LinkRow[]) {
  const byExternal = new Map<string, LinkRow>();
  const byFingerprint = new Map<string, LinkRow>();
  const versions = new Set<number>([FINGERPRINT_VERSION]);
  for (const l of links) {
    if (l.external_id !== null) byExternal.set(`${l.pocket_id}|${l.external_id}`, l);
    byFingerprint.set(`${l.pocket_id}|${l.fingerprint}`, l);
    if (knownVersion(versionOf(l.fingerprint))) versions.add(versionOf(l.fingerprint));
  }
  return { byExternal, byFingerprint, versions };
}

/**
 * Gives each checked row its fingerprint and pair key, and marks those imported before (by bank
 * id or fingerprint) or already on an earlier line of the file. Answers the transactions the
 * duplicates were recognised as.
 */
async function markExactDuplicates(rows: StoredRow[], ctx: PreviewContext, pace: Breather): Promise<Set<number>> {
  const { byExternal, byFingerprint, versions } = indexLinks(ctx.links);
  const seenExternal = new Map<string, number>();
  const occurrences = new Map<string, number>();
  const claimed = new Set<number>();
  const idsInFile = new Set(
    rows.flatMap((r) => (r.externalId === null || r.pocketId === null ? [] : [`${r.pocketId}|${r.externalId}`])),
  );
  /** A stored row with this fingerprint, compared under the version each was made with. */
  const byFingerprintOf = (row: StoredRow, pocketId: number, key: string, occurrence: number) => {
    let stored: LinkRow | undefined;
    for (const version of versions) {
      const f = version === FINGERPRINT_VERSION ? row.fingerprint : fingerprintOfKey(version, key, occurrence);
      stored ??= byFingerprint.get(`${pocketId}|${f}`);
    }
    return stored;
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
      } else {
        seenExternal.set(externalKey, row.line);
        // A bank id not seen before, for a row imported under another id the bank no longer gives
        // (an account linked anew, a bank that renumbered its rows): the same row, not a new one.
        const renamed = byFingerprintOf(row, pocketId, key, occurrence);
        if (
          renamed !== undefined &&
          (renamed.external_id === null || !idsInFile.has(`${pocketId}|${renamed.external_id}`))
        ) {
          markDuplicate(
            row,
            'fingerprint',
            renamed,
            `line ${row.line}: the same row was imported before under another bank id`,
          );
          if (renamed.transaction_id !== null) claimed.add(renamed.transaction_id);
        }
      }
      continue;
    }
    const stored = byFingerprintOf(row, pocketId, key, occurrence);
    if (stored !== undefined) {
      markDuplicate(row, 'fingerprint', stored, `line ${row.line}: the same row was imported before`);
      // Recognised exactly: that transaction is no near match for another row of the file.
      if (stored.transaction_id !== null) claimed.add(stored.transaction_id);
    }
  }
  return claimed;
}

/** The transactions of a currency near the file's days by amount, each currency read and indexed when first asked. */
function nearbyByAmount(ctx: PreviewContext): (currency: string) => Map<number, NearbyTransaction[]> {
  const nearIndex = new Map<string, Map<number, NearbyTransaction[]>>();
  return (currency) => {
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
}

/**
 * Marks each new row that has a near match not `claimed` yet as a possible duplicate of it. A row
 * with a bank id is new here only when that id is unknown: a transaction typed by hand during the
 * week, or imported from a file without ids, is the same payment the bank now lists (a sync skips
 * it; a file's preview offers to import it anyway). Transactions the rows' own ids recognised are
 * claimed already, so two payments of the same amount the bank lists under their ids both stay.
 */
async function markNearMatches(
  rows: StoredRow[],
  ctx: PreviewContext,
  claimed: Set<number>,
  pace: Breather,
): Promise<void> {
  const nearOf = nearbyByAmount(ctx);
  for (const row of rows) {
    if (pace.due()) await pace.pause();
    if (row.status !== 'new' || row.pocketId === null) continue;
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

import type { ImportPreview, Pocket } from '@kassa/contract';

/** Rows of the file in a currency that no pocket they went to holds. */
export interface UnplacedCurrency {
  currency: string;
  /** How many rows of that currency are errors for it. */
  rows: number;
  /** The user's pockets of that currency (none: the page offers to make one). */
  pockets: Pocket[];
}

/**
 * The currencies of the file's error rows whose pocket does not hold them (no pocket fitted, or
 * the chosen one holds another currency), with the user's pockets of each, most rows first.
 */
export function unplacedCurrencies(preview: ImportPreview, pockets: ReadonlyMap<number, Pocket>): UnplacedCurrency[] {
  const counts = new Map<string, number>();
  for (const r of preview.rows) {
    if (r.status !== 'error' || r.currency === '') continue;
    const pocket = r.pocketId === null ? undefined : pockets.get(r.pocketId);
    if (pocket?.currency === r.currency) continue;
    counts.set(r.currency, (counts.get(r.currency) ?? 0) + 1);
  }
  const all = [...pockets.values()];
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([currency, rows]) => ({ currency, rows, pockets: all.filter((p) => p.currency === currency) }));
}

/** The name a new pocket for a file's currency starts with: "USD account". */
export const newPocketName = (currency: string) => `${currency} account`;

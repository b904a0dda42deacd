import type { BankConnection, Pocket } from '@kassa/contract';

/** A pocket's name and currency by id, for the anchors of a sync (which name only the pocket). */
export type PocketOf = (pocketId: number) => { name: string; currency: string };

/**
 * Finds a pocket in the pocket list; a pocket not there yet (made by the mapping a moment ago)
 * takes the currency of the account mapped to it.
 */
export function pocketFinder(
  pockets: ReadonlyMap<number, Pocket>,
  connection: Pick<BankConnection, 'accounts'>,
): PocketOf {
  return (pocketId) => {
    const pocket = pockets.get(pocketId);
    if (pocket !== undefined) return { name: pocket.name, currency: pocket.currency };
    const account = connection.accounts.find((a) => a.pocketId === pocketId);
    return { name: `Pocket ${pocketId}`, currency: account?.currency ?? '' };
  };
}

// Pending rows and their booked twins (issue 35). A card payment shows first as pending, then as
// booked, often under a new id, a day or a few later, and sometimes for another amount (a tip, a
// fuel station's hold). The booked row replaces the pending one: never both.

/** Days between a pending row and the booked row that books it. */
export const PENDING_MATCH_DAYS = 7;
/**
 * The booked amount may differ from the pending one by up to a fifth of it (a restaurant's tip, a
 * hotel's hold released for the real bill); integer arithmetic, in the account's minor units.
 */
const withinTolerance = (pending: number, booked: number) =>
  Math.sign(pending) === Math.sign(booked) && 5 * Math.abs(booked - pending) <= Math.abs(pending);

export interface PendingCandidate {
  id: number;
  bankAccountId: number;
  externalId: string;
  link: string | null;
  day: number;
  amount: number;
}

export interface BookedRow {
  bankAccountId: number;
  externalId: string;
  link: string | null;
  day: number;
  amount: number;
}

/**
 * Which pending row each booked row books: the provider's link or the same id first, then, in the
 * same account, the nearest amount within the tolerance and date within PENDING_MATCH_DAYS. Each
 * pending row is booked at most once. Answers pending id → booked row.
 */
export function matchPending(
  pending: readonly PendingCandidate[],
  booked: readonly BookedRow[],
): Map<number, BookedRow> {
  const matched = new Map<number, BookedRow>();
  const open = new Set(pending.map((p) => p.id));
  const unmatched: BookedRow[] = [];
  for (const b of booked) {
    const twin = pending.find(
      (p) =>
        open.has(p.id) &&
        p.bankAccountId === b.bankAccountId &&
        (p.externalId === b.externalId || (p.link !== null && p.link === b.link)),
    );
    if (twin === undefined) unmatched.push(b);
    else {
      matched.set(twin.id, b);
      open.delete(twin.id);
    }
  }
  for (const b of unmatched) {
    let best: PendingCandidate | undefined;
    for (const p of pending) {
      if (!open.has(p.id) || p.bankAccountId !== b.bankAccountId) continue;
      if (Math.abs(b.day - p.day) > PENDING_MATCH_DAYS || !withinTolerance(p.amount, b.amount)) continue;
      const closer =
        best === undefined ||
        Math.abs(b.amount - p.amount) < Math.abs(b.amount - best.amount) ||
        (Math.abs(b.amount - p.amount) === Math.abs(b.amount - best.amount) &&
          Math.abs(b.day - p.day) < Math.abs(b.day - best.day));
      if (closer) best = p;
    }
    if (best !== undefined) {
      matched.set(best.id, b);
      open.delete(best.id);
    }
  }
  return matched;
}

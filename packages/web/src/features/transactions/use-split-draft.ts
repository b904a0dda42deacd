import type { Share, Transaction, TransactionBody } from '@kassa/contract';
import { findCurrency, minorToMajor, UNKNOWN_CURRENCY_DECIMALS } from '@kassa/money';
import { formatMoney } from '../../lib/display-format';
import { useState } from 'react';
import { readAmount } from '../../components/amount-value';
import { splitByWeights } from '@kassa/money';
import { useBookPeople, type BookPerson } from '../../shared/books';
import { t } from './i18n';
import type { TransactionKind } from './kinds';

/** How the shares are given: everyone ticked weighs 1, or a weight per member. */
export type ShareMode = 'equal' | 'weights';

/** The weights a member may have (contract: shareSchema). */
export const MIN_WEIGHT = 1;
export const MAX_WEIGHT = 1000;

/** What a former member of the book is called (a split of theirs survives their leaving). */
export const formerMember = () => t('split.formerMember');

/** One line of the shares: who, ticked or not, their weight and their part of the amount. */
export interface ShareLine {
  person: BookPerson;
  ticked: boolean;
  /** The weight typed ('' while empty); 1 in equal mode. */
  weight: number | '';
  /** Their part in the form's currency, formatted; '' while the amount or the shares do not read. */
  part: string;
}

const isWeight = (w: number | ''): w is number =>
  typeof w === 'number' && Number.isInteger(w) && w >= MIN_WEIGHT && w <= MAX_WEIGHT;

/**
 * The people a row's split can name: the book's, and whoever the stored split names that is no
 * longer among them (a former member's part of an old expense stays with its edits).
 */
function peopleOf(members: readonly BookPerson[], initial: Transaction | undefined): BookPerson[] {
  const named = [...(initial?.shares ?? []).map((s) => s.userId), ...(initial?.paidBy == null ? [] : [initial.paidBy])];
  const known = new Set(members.map((m) => m.userId));
  const former = [...new Set(named.filter((id) => !known.has(id)))].map((userId) => ({
    userId,
    name: initial?.createdBy?.userId === userId ? initial.createdBy.name : formerMember(),
  }));
  return [...members, ...former];
}

/**
 * The Split section of the entry form in a shared book (issue 34): whether the expense is split,
 * who paid and each member's weight, with each part of the amount shown live by the server's rule
 * (@kassa/money's splitByWeights). A new expense of a shared book starts split equally among everyone, paid by the
 * one entering it; an edited row starts as stored. `visible` only for an expense of a real category
 * in a book of more than one person (or a row split already). `payload` is what the save sends:
 * the split, `shares: null` to end a stored one, or nothing; `problem` stops a save.
 */
export function useSplitDraft(
  kind: TransactionKind,
  initial: Transaction | undefined,
  amount: string,
  currency: string | null,
) {
  const { people: members, shared, me } = useBookPeople(kind === 'expense');
  const stored = initial?.shares ?? null;
  const wasSplit = stored !== null && stored.length > 0;
  const [on, setOn] = useState<boolean | null>(wasSplit ? true : initial === undefined ? null : false);
  const [paidBy, setPaidBy] = useState<number | null>(wasSplit ? (initial?.paidBy ?? null) : null);
  const [mode, setMode] = useState<ShareMode>(wasSplit && stored.some((s) => s.weight !== 1) ? 'weights' : 'equal');
  // null: everyone ticked (the book's people may still be loading); else the ticked user ids.
  const [ticked, setTicked] = useState<ReadonlySet<number> | null>(
    wasSplit ? new Set(stored.map((s) => s.userId)) : null,
  );
  const [weights, setWeights] = useState<Readonly<Record<number, number | ''>>>(
    wasSplit ? Object.fromEntries(stored.map((s) => [s.userId, s.weight])) : {},
  );

  const people = peopleOf(members ?? [], initial);
  const visible = kind === 'expense' && (shared || wasSplit);
  const split = visible && (on ?? shared);
  const payer = paidBy ?? (me !== undefined && people.some((p) => p.userId === me) ? me : people[0]?.userId) ?? null;
  const isTicked = (id: number) => ticked === null || ticked.has(id);
  const weightOf = (id: number): number | '' => (mode === 'equal' ? 1 : (weights[id] ?? 1));

  const shares: Share[] = people
    .filter((p) => isTicked(p.userId))
    .map((p) => ({ userId: p.userId, weight: weightOf(p.userId) }))
    .filter((s): s is Share => isWeight(s.weight));
  const badWeight = people.some((p) => isTicked(p.userId) && !isWeight(weightOf(p.userId)));
  const problem = !split
    ? null
    : shares.length === 0 && !badWeight
      ? t('split.tickOne')
      : badWeight
        ? t('split.wholeWeights', { min: MIN_WEIGHT, max: MAX_WEIGHT })
        : payer === null
          ? t('split.choosePayer')
          : null;

  // Each part live, exactly as settle-up will count it.
  const read = readAmount(amount, currency);
  const decimals = (currency === null ? undefined : findCurrency(currency)?.decimals) ?? UNKNOWN_CURRENCY_DECIMALS;
  const parts =
    read.state === 'ok' && problem === null && shares.length > 0 ? splitByWeights(read.minor, shares) : undefined;
  const lines: ShareLine[] = people.map((person) => {
    const part = parts?.get(person.userId);
    return {
      person,
      ticked: isTicked(person.userId),
      weight: weightOf(person.userId),
      part: part === undefined || currency === null ? '' : formatMoney(minorToMajor(part, decimals), currency),
    };
  });

  const toggle = (userId: number, checked: boolean) => {
    const next = new Set(ticked ?? people.map((p) => p.userId));
    if (checked) next.add(userId);
    else next.delete(userId);
    setTicked(next);
  };
  const setWeight = (userId: number, weight: number | '') => setWeights((w) => ({ ...w, [userId]: weight }));

  const payload: Pick<TransactionBody, 'paidBy' | 'shares'> =
    split && payer !== null ? { paidBy: payer, shares } : wasSplit ? { paidBy: null, shares: null } : {};

  return {
    visible,
    on: split,
    setOn,
    people,
    payer,
    setPaidBy,
    mode,
    setMode,
    lines,
    toggle,
    setWeight,
    problem,
    payload,
  };
}

export type SplitDraft = ReturnType<typeof useSplitDraft>;

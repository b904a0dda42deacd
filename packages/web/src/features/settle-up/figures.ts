import type { CurrencyFigure, SettleUpMember, SettleUpTransfer } from '@kassa/contract';
import { formatMoney } from '../../lib/display-format';
import { quickRange, type DayInterval } from '../../components/interval';
import { parseLocal } from '../../lib/local-time';
import { t } from './i18n';

// Settle-up's figures in words (issue 34): pure, so the screen's texts are tested without it.

/** The interval settle-up opens with, "All time": 2000-01-01 to the end of today. */
export function allTime(today = new Date()): DayInterval {
  return quickRange('All time', today);
}

/** A balance in words, as a member's card says it: > 0 is owed, < 0 owes, 0 settled up. */
export function balanceWords(amount: number, currency: string): { text: string; color: string | undefined } {
  if (amount > 0) return { text: t('member.isOwed', { amount: formatMoney(amount, currency) }), color: 'teal' };
  if (amount < 0) return { text: t('member.owes', { amount: formatMoney(-amount, currency) }), color: 'red' };
  return { text: t('member.settledUp'), color: undefined };
}

/** The people an answer names, by user id. */
export function namesOf(members: readonly Pick<SettleUpMember, 'userId' | 'name'>[]): ReadonlyMap<number, string> {
  return new Map(members.map((m) => [m.userId, m.name]));
}

/** What a name stands in for when an answer does not name the person, in the current language. */
export const someone = (): string => t('someone');

/** A suggested payment's words: who pays whom, and the amount (kept on one line on screen). */
export function paymentParts(
  transfer: SettleUpTransfer,
  names: ReadonlyMap<number, string>,
): { who: string; amount: string } {
  return {
    who: t('payments.pays', {
      from: names.get(transfer.fromUserId) ?? someone(),
      to: names.get(transfer.toUserId) ?? someone(),
    }),
    amount: formatMoney(transfer.amount, transfer.currency),
  };
}

/** A suggested payment in words: "Mia Berg pays Anna Kovács 23.40 €". */
export function paymentText(transfer: SettleUpTransfer, names: ReadonlyMap<number, string>): string {
  const { who, amount } = paymentParts(transfer, names);
  return `${who} ${amount}`;
}

/** One currency of a member's figures: paid, share, settled and balance in it (0 where absent). */
export interface CurrencyLine {
  currency: string;
  paid: number;
  share: number;
  settled: number;
  balance: number;
}

/**
 * A member's figures per currency, one line each, in the order the currencies first appear
 * (paid, then share, settled, balance); a currency with nothing but zeros is left out.
 */
export function currencyLines(m: Pick<SettleUpMember, 'paid' | 'share' | 'settled' | 'balance'>): CurrencyLine[] {
  const lines = new Map<string, CurrencyLine>();
  const add = (figures: readonly CurrencyFigure[], key: 'paid' | 'share' | 'settled' | 'balance') => {
    for (const f of figures) {
      const line = lines.get(f.currency) ?? { currency: f.currency, paid: 0, share: 0, settled: 0, balance: 0 };
      line[key] = f.amount;
      lines.set(f.currency, line);
    }
  };
  add(m.paid, 'paid');
  add(m.share, 'share');
  add(m.settled, 'settled');
  add(m.balance, 'balance');
  return [...lines.values()].filter((l) => l.paid !== 0 || l.share !== 0 || l.settled !== 0 || l.balance !== 0);
}

/**
 * When a suggested payment is recorded: now, or the interval's last instant when it ended before
 * now, so that the payment counts in the interval it settles (a past month's balances go to 0).
 */
export function recordTime(interval: DayInterval, now = new Date()): Date {
  return interval.end.getTime() < now.getTime() ? interval.end : now;
}

/**
 * The instant of a settlement dated by hand ('YYYY-MM-DD', local): now for today, else the middle
 * of that day (clear of either end in any zone's rate day); undefined for no date.
 */
export function settlementInstant(dateValue: string, now = new Date()): Date | undefined {
  const day = parseLocal(dateValue);
  if (day === undefined) return undefined;
  if (day.getFullYear() === now.getFullYear() && day.getMonth() === now.getMonth() && day.getDate() === now.getDate())
    return now;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), 12);
}

import type {
  BankAnchor,
  BankConnection,
  BankConnectionStatus,
  BankProviderName,
  BankSyncResult,
} from '@kassa/contract';
import { formatDate, formatIsoDate, formatMoney, formatTime } from '../../lib/display-format';
import { ApiError } from '../../lib/api';
import { noticeFor } from '../../lib/errors';

// The bank screen's words (issue 35): pure, so the texts are tested without the screen.

export const PROVIDER_LABEL: Record<BankProviderName, string> = {
  simplefin: 'SimpleFIN',
  enablebanking: 'Enable Banking',
};

export const STATUS_LABEL: Record<BankConnectionStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  expired: 'Consent expired',
};

export const STATUS_COLOR: Record<BankConnectionStatus, string> = {
  active: 'teal',
  paused: 'gray',
  expired: 'red',
};

/** "1 row", "3 rows". */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** An instant as the app shows one: "2026.03.31. 14:05". */
export function when(iso: string): string {
  const d = new Date(iso);
  return `${formatDate(d)} ${formatTime(d)}`;
}

/** A day of the bank's ("2026-03-31" or an instant) in the person's date format: "2026.03.31." by default. */
export function day(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatIsoDate(iso) : formatDate(new Date(iso));
}

/** Whether the connection needs the bank's consent again: lapsed, or lapsing within the warning days. */
export function needsReconnect(c: Pick<BankConnection, 'status' | 'consentExpiresSoon'>): boolean {
  return c.status === 'expired' || c.consentExpiresSoon;
}

/** The consent's line on the card; null when the provider gives no expiry (SimpleFIN's token does not lapse). */
export function consentText(c: Pick<BankConnection, 'status' | 'consentExpiresAt'>, now = new Date()): string | null {
  if (c.consentExpiresAt === null) return c.status === 'expired' ? 'The bank no longer accepts this connection' : null;
  const at = new Date(c.consentExpiresAt);
  if (c.status === 'expired' || at.getTime() <= now.getTime()) return `Consent expired on ${formatDate(at)}`;
  const days = Math.ceil((at.getTime() - now.getTime()) / 86_400_000);
  return `Consent valid until ${formatDate(at)} (${days === 1 ? 'tomorrow' : `${days} days`})`;
}

/** The wait a provider asked for (Retry-After), while it lasts; null once over. */
export function retryText(retryAfter: string | null, now = new Date()): string | null {
  if (retryAfter === null || new Date(retryAfter).getTime() <= now.getTime()) return null;
  return `The bank asked Kassa to wait: no sync before ${when(retryAfter)}`;
}

/** The dashboard's line of a connection whose consent lapses or has lapsed: "the bank's consent runs out on 2026.03.31. (in 5 days)". */
export function consentNoticeText(c: Pick<BankConnection, 'status' | 'consentExpiresAt'>, now = new Date()): string {
  if (c.consentExpiresAt === null) return 'the bank no longer accepts this connection';
  const at = new Date(c.consentExpiresAt);
  if (c.status === 'expired' || at.getTime() <= now.getTime()) return `the bank’s consent ran out on ${formatDate(at)}`;
  const days = Math.ceil((at.getTime() - now.getTime()) / 86_400_000);
  return `the bank’s consent runs out on ${formatDate(at)} (${days === 1 ? 'tomorrow' : `in ${days} days`})`;
}

/** A sync's counts in a line: "4 new, 1 pending, 2 posted, 0 duplicates". */
export function countsText(counts: BankSyncResult['counts'] & { expired?: number }): string {
  const parts = [
    `${counts.new} new`,
    `${counts.pending} pending`,
    `${counts.posted} posted`,
    count(counts.duplicate, 'duplicate'),
  ];
  if (counts.expired !== undefined && counts.expired > 0) parts.push(`${counts.expired} expired`);
  return parts.join(', ');
}

/**
 * An anchor's error in words: 0 matches the bank; else how far the bank's balance is from the
 * one Kassa calculates for that instant (error = stated minus calculated).
 */
export function anchorErrorText(error: number, currency: string): string {
  if (error === 0) return 'matches the bank';
  return `the bank shows ${formatMoney(Math.abs(error), currency)} ${error > 0 ? 'more' : 'less'} than Kassa`;
}

/** An anchor in a line: "Girokonto: 1 234.56 € on 2026.03.31., matches the bank". */
export function anchorText(a: BankAnchor, pocketName: string, currency: string): string {
  return `${pocketName}: ${formatMoney(a.balance, currency)} on ${day(a.date)}, ${anchorErrorText(a.error, currency)}`;
}

/** "in 2 minutes", "in 3 hours" (a 429's Retry-After, in seconds). */
function waitText(seconds: number): string {
  if (seconds < 90) return count(Math.max(1, Math.round(seconds)), 'second');
  if (seconds < 2 * 3600) return count(Math.round(seconds / 60), 'minute');
  return count(Math.round(seconds / 3600), 'hour');
}

/** A refusal as the screen shows it: the server's message, and when a 429 may be tried again. */
export function failureText(err: unknown): string {
  const message = noticeFor(err).message;
  if (err instanceof ApiError && err.status === 429 && err.retryAfterSeconds !== undefined)
    return `${message} (try again in ${waitText(err.retryAfterSeconds)})`;
  return message;
}

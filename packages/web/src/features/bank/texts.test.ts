import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  anchorErrorText,
  consentNoticeText,
  consentText,
  countsText,
  day,
  failureText,
  needsReconnect,
  retryText,
} from './texts';

describe('the bank screen in words (issue 35)', () => {
  it('says how an anchor stands against the books: stated minus calculated', () => {
    expect(anchorErrorText(0, 'EUR')).toBe('matches the bank');
    expect(anchorErrorText(12.5, 'EUR')).toBe('the bank shows 12.50 € more than Kassa');
    expect(anchorErrorText(-3, 'USD')).toBe('the bank shows $3.00 less than Kassa');
  });

  it('counts a sync, with the expired pending rows of a log entry when there are any', () => {
    expect(countsText({ new: 1, pending: 0, posted: 0, duplicate: 1 })).toBe('1 new, 0 pending, 0 posted, 1 duplicate');
    expect(countsText({ new: 0, pending: 0, posted: 0, duplicate: 0, expired: 2 })).toBe(
      '0 new, 0 pending, 0 posted, 0 duplicates, 2 expired',
    );
  });

  it('dates the consent, and asks for it again when it lapses soon or has lapsed', () => {
    const now = new Date(2026, 2, 1, 12);
    expect(consentText({ status: 'active', consentExpiresAt: null }, now)).toBeNull();
    expect(consentText({ status: 'active', consentExpiresAt: new Date(2026, 2, 2, 12).toISOString() }, now)).toBe(
      'Consent valid until 2026.03.02. (tomorrow)',
    );
    expect(consentText({ status: 'expired', consentExpiresAt: new Date(2026, 1, 27).toISOString() }, now)).toBe(
      'Consent expired on 2026.02.27.',
    );
    expect(consentNoticeText({ status: 'active', consentExpiresAt: new Date(2026, 2, 6, 12).toISOString() }, now)).toBe(
      'the bank’s consent runs out on 2026.03.06. (in 5 days)',
    );
    expect(needsReconnect({ status: 'active', consentExpiresSoon: true })).toBe(true);
    expect(needsReconnect({ status: 'expired', consentExpiresSoon: false })).toBe(true);
    expect(needsReconnect({ status: 'paused', consentExpiresSoon: false })).toBe(false);
  });

  it('says a wait only while it lasts, and when a 429 may be tried again', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(retryText('2026-03-01T09:00:00Z', now)).toBeNull();
    expect(retryText('2026-03-01T11:00:00Z', now)).toMatch(
      /^The bank asked Kassa to wait: no sync before 2026\.03\.01\./,
    );
    const body = { type: 'rate_limited' as const, message: 'Wait' };
    expect(failureText(new ApiError(429, body, true, 3 * 3600))).toBe('Wait (try again in 3 hours)');
    expect(failureText(new ApiError(429, body, true, 30))).toBe('Wait (try again in 30 seconds)');
    expect(failureText(new ApiError(429, body, true, 5400))).toBe('Wait (try again in 90 minutes)');
    expect(failureText(new ApiError(409, { type: 'conflict', message: 'Paused' }, true))).toBe('Paused');
    expect(day('2026-03-31')).toBe('2026.03.31.');
  });
});

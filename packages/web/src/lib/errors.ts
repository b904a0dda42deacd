import type { ErrorType } from '@kassa/contract';
import { t } from '../i18n';
import { ApiError } from './api';

/** The 403 types of the server's registration gate, in the order of the steps (spec §4). */
export const REGISTRATION_GAPS = ['email_not_verified', 'referral_required', 'registration_incomplete'] as const;
export type RegistrationGap = (typeof REGISTRATION_GAPS)[number];

export function isRegistrationGap(type: ErrorType | undefined): type is RegistrationGap {
  return (REGISTRATION_GAPS as readonly (ErrorType | undefined)[]).includes(type);
}

/** 403s that keep someone out of Kassa altogether (issue 22): their message says why. */
const ADMISSION_REFUSALS: readonly ErrorType[] = ['registration_closed', 'account_disabled'];
const isAdmissionRefusal = (type: ErrorType | undefined) => type !== undefined && ADMISSION_REFUSALS.includes(type);

/**
 * A 403 of a shared book (issue 34): the user's role there does not allow the request. Its
 * message names the role and what it lacks, so it is shown instead of the bare "Forbidden".
 */
export function isBookRefusal(err: unknown): err is ApiError {
  return (
    err instanceof ApiError &&
    err.status === 403 &&
    err.body?.type === 'forbidden' &&
    /\brole in this book is\b/i.test(err.body.message)
  );
}

/** How a failure is shown (spec §8 error catalogue). */
export interface Notice {
  kind: 'error' | 'warning';
  title: string;
  message: string;
  /** Milliseconds the toast stays (spec §9: error 8000, warning 5000). */
  autoClose: number;
  /** Whether the session ended and the user must be logged out. */
  logout: boolean;
}

const ERROR_MS = 8000;
const WARNING_MS = 5000;

/** Maps any failure to the notice of spec §8. */
export function noticeFor(err: unknown): Notice {
  if (err instanceof ApiError) {
    // A 401 on a request without the session's token (a wrong password at login) is an ordinary error.
    if (err.status === 401 && err.sessionBound) {
      return {
        kind: 'error',
        title: t('notice.error'),
        message: t('notice.sessionExpired'),
        autoClose: ERROR_MS,
        logout: true,
      };
    }
    if (err.status === 403 && err.body?.type === 'demo') {
      return {
        kind: 'warning',
        title: t('notice.warning'),
        message: t('notice.demo'),
        autoClose: WARNING_MS,
        logout: false,
      };
    }
    // The server names the registration step still missing (or why nobody gets in: registration
    // closed, the account disabled); its message says what to do.
    if (err.status === 403 && (isRegistrationGap(err.body?.type) || isAdmissionRefusal(err.body?.type)))
      return {
        kind: 'error',
        title: t('notice.error'),
        message: err.body?.message ?? t('notice.forbidden'),
        autoClose: ERROR_MS,
        logout: false,
      };
    if (err.status === 403)
      return {
        kind: 'error',
        title: t('notice.error'),
        message: isBookRefusal(err) ? err.message : t('notice.forbidden'),
        autoClose: ERROR_MS,
        logout: false,
      };
    return {
      kind: 'error',
      title: t('notice.error'),
      message: err.body?.message ?? err.message,
      autoClose: ERROR_MS,
      logout: false,
    };
  }
  const text = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  return {
    kind: 'error',
    title: t('notice.error'),
    message: text === '' ? t('notice.internal') : text,
    autoClose: ERROR_MS,
    logout: false,
  };
}

const FIELD_MESSAGE = /^([A-Za-z0-9]+): (.+)$/s;

/**
 * Where a refusal of the server belongs: its messages name the field first ("pattern: not a valid
 * regular expression (…)"), which a form shows under that field, capitalised; a message naming no
 * field, or one not in `fields` (when given), has field null and goes above the buttons.
 */
export function fieldMessage<F extends string>(
  message: string,
  fields?: readonly F[],
): { field: F | null; text: string } {
  const m = FIELD_MESSAGE.exec(message);
  const field = m?.[1];
  const text = m?.[2];
  if (field === undefined || text === undefined || (fields !== undefined && !fields.includes(field as F)))
    return { field: null, text: message };
  return { field: field as F, text: text.charAt(0).toUpperCase() + text.slice(1) };
}

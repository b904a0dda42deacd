import type { QueryClient } from '@tanstack/react-query';
import type { TokenResponse } from '@kassa/contract';
import { queryKeys } from './query-keys';
import { nextPath } from './registration-steps';
import { ApiError, apiGet, isGoneBook } from '../lib/api';
import { clearApiCache } from '../lib/api-cache';
import { chooseBook, onBookGone } from '../lib/book';
import { isBookRefusal, isRegistrationGap, noticeFor } from '../lib/errors';
import { notifySuccess, showNotice } from '../lib/notify';
import { clearToken, getToken, setToken, tokenClaims } from '../lib/token';
import { t } from '../i18n';

/** Where the login page sends the user back to once logged in (the login guard sets it). */
export interface LoginRedirectState {
  from?: string;
}

// The router and the query cache, bound once by the App; module state because failures are
// reported from the query cache, outside any component.
let navigateTo: (to: string) => unknown = (to) => window.location.assign(to);
let cache: QueryClient | undefined;

/** Lets the session navigate and drop cached data; called once by the App. */
export function bindSession(navigate: (to: string) => unknown, queryClient: QueryClient): void {
  navigateTo = navigate;
  cache = queryClient;
  onBookGone(leaveGoneBook);
}

/**
 * Makes `book` the one this tab works on (null: the user's own; `name` as the header shows it)
 * and forgets every answer of the previous one: what is on screen loads again for the new book.
 * Requests still in flight for the old book are cancelled, so none of their answers lands.
 */
export function switchBook(book: number | null, name = ''): void {
  void cache?.cancelQueries();
  chooseBook(book, name);
  void cache?.resetQueries();
}

/** Tells once that the chosen book can no longer be opened (removed, or left in another tab) and goes back to the own one. */
function leaveGoneBook(_book: number, name: string): void {
  switchBook(null);
  showNotice({
    kind: 'warning',
    title: t('notice.warning'),
    message: name === '' ? t('books.goneUnnamed') : t('books.gone', { name }),
    autoClose: 8000,
    logout: false,
  });
}

/**
 * Starts a session with a fresh token and shows the given success message. The service worker's
 * cached API answers of whoever used this browser before go (they were kept under their user).
 */
export function startSession(token: string, message: string): void {
  void clearApiCache();
  setToken(token);
  notifySuccess(message);
}

/**
 * Ends the session: token and cached data gone (the query cache and the service worker's cached
 * API answers, so the next person on this device reads none of them), user sent to `to`. The
 * private guard reads the token only when it renders for a navigation, so it does not race this
 * one to the login page.
 */
export function endSession(to: string): void {
  clearToken();
  void clearApiCache();
  void Promise.resolve(navigateTo(to)).finally(() => cache?.removeQueries());
}

/** The Log out action of the account menu. */
export function logOut(): void {
  endSession('/public');
  notifySuccess(t('notice.loggedOut'));
}

/**
 * Shows a failure per the spec §8 catalogue. A 401 of the session logs out once (later 401s of
 * requests already in flight find no token and stay quiet); `silent` failures only reach the console.
 */
export function reportFailure(err: unknown, { silent = false }: { silent?: boolean } = {}): void {
  const notice = noticeFor(err);
  if (notice.logout) {
    if (getToken() === null) return;
    endSession('/public/login');
    showNotice(notice);
    return;
  }
  // Offline (issue 36) a read the service worker kept no answer for fails at the network: the
  // screen shows what it has and the header what waits to be sent, without a toast per request.
  if (typeof navigator !== 'undefined' && !navigator.onLine && err instanceof TypeError) {
    console.error(err);
    return;
  }
  // The chosen book went away: the session is back in the own book and said so once.
  if (isGoneBook(err)) {
    console.error(err);
    return;
  }
  // The server says a registration step is missing: the token's flags were stale. Renew them
  // and go where they lead (the step pages send a user on whom the token says is past them).
  if (err instanceof ApiError && err.status === 403 && isRegistrationGap(err.body?.type)) void followRegistration();
  // A write refused for the role in a shared book: the role may have just changed, so the books
  // are read again and the screens hide what the role no longer allows.
  if (isBookRefusal(err)) void cache?.invalidateQueries({ queryKey: queryKeys.book });
  if (silent) {
    console.error(err);
    return;
  }
  showNotice(notice);
}

let following = false;

/** Renews the token so its registration flags are the server's, then goes to the pending step. */
async function followRegistration(): Promise<void> {
  if (following) return;
  following = true;
  try {
    const { token } = await apiGet<TokenResponse>('auth/refresh-token');
    setToken(token);
    const claims = tokenClaims(token);
    if (claims !== undefined) await navigateTo(nextPath(claims));
  } catch (err) {
    console.error(err);
  } finally {
    following = false;
  }
}

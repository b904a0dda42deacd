import { useUserCurrencies, useUserInfo } from '../../shared/global-data';

/** Session storage: this tab's session, so a new session starts from the main currency again. */
const KEY = 'kassa.entryCurrency';

/** Remembers the currency of the transaction just added (issue 22). */
export function rememberEntryCurrency(code: string): void {
  try {
    sessionStorage.setItem(KEY, code);
  } catch {
    // Storage refused (private mode, quota): the main currency stays the default.
  }
}

function remembered(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/**
 * The currency a new transaction starts in (issue 22): the one of the last transaction added in
 * this session, else the main currency, so an expense after one in dollars is not silently in
 * dollars too just because USD was used last. Only the user's own currencies count.
 */
export function useEntryCurrency(): string | null {
  const codes = (useUserCurrencies().data ?? []).map((c) => c.code);
  const info = useUserInfo();
  const last = remembered();
  if (last !== null && codes.includes(last)) return last;
  // No guess while the main currency loads: a flash of another currency could take the entry.
  if (info.data === undefined && !info.isError) return null;
  const main = info.data?.mainCurrency ?? null;
  if (main !== null && codes.includes(main)) return main;
  return codes[0] ?? null;
}

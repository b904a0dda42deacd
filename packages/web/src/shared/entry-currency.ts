import { useMainCurrency } from './books';
import { useUserCurrencies } from './global-data';

/**
 * The currency every entry form and dialog starts in (issue 32): the user's main currency, until
 * the user picks another in that form, whatever was used last (the currency list is in last-used
 * order, and an expense after one in dollars is not in dollars just because USD came first). Only
 * the user's own currencies count: without the main one among them, the most recently used.
 * Null while the main currency loads, so a flash of another currency cannot take the entry.
 */
export function useEntryCurrency(): string | null {
  const codes = (useUserCurrencies().data ?? []).map((c) => c.code);
  const main = useMainCurrency();
  if (main === undefined) return null;
  if (main !== null && codes.includes(main)) return main;
  return codes[0] ?? null;
}

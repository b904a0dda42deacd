import type { Category, PublicConfig, SupportedCurrency, UserCurrencyDto, UserInfo } from '@kassa/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api';
import { tokenClaims, useToken } from '../lib/token';
import { queryKeys } from './query-keys';

/** GET config: the demo login, captcha site key and Contact address; fixed while the server runs. */
export function usePublicConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: () => apiGet<PublicConfig>('config', { anonymous: true }),
    staleTime: Infinity,
    meta: { silent: true },
  });
}

// Spec §8: failures to load user info, user currencies or categories are only logged.
const silent = { silent: true };

/** The signed-in user's info; flags default to true before it loads (spec §3). */
export function useUserInfo() {
  const token = useToken();
  return useQuery({
    queryKey: queryKeys.userInfo,
    queryFn: () => apiGet<UserInfo>('account/userinfo'),
    enabled: token !== null,
    staleTime: 60_000,
    meta: silent,
  });
}

export function useSupportedCurrencies() {
  const token = useToken();
  return useQuery({
    queryKey: queryKeys.supportedCurrencies,
    queryFn: () => apiGet<SupportedCurrency[]>('currency/supported'),
    enabled: token !== null,
    staleTime: Infinity,
  });
}

/**
 * User currencies and categories load only for roles NORMAL and DEMO (spec §4), and once the
 * registration is complete: the server refuses the ledger before that (403 naming the step).
 */
function useLedgerRole(): boolean {
  const token = useToken();
  const claims = token === null ? undefined : tokenClaims(token);
  const roles = claims?.roles ?? [];
  return claims?.regComplete === true && (roles.includes('NORMAL') || roles.includes('DEMO'));
}

export function useUserCurrencies() {
  const enabled = useLedgerRole();
  return useQuery({
    queryKey: queryKeys.userCurrencies,
    queryFn: () => apiGet<UserCurrencyDto[]>('currency/usersall'),
    enabled,
    meta: silent,
  });
}

export function useCategories() {
  const enabled = useLedgerRole();
  return useQuery({
    queryKey: queryKeys.categories,
    queryFn: () => apiGet<Category[]>('category/getall'),
    enabled,
    meta: silent,
  });
}

/** Loads the shared data on entry to the private area (spec §4 "Data refresh"). */
export function useGlobalData(): void {
  useUserInfo();
  useSupportedCurrencies();
  useUserCurrencies();
  useCategories();
}

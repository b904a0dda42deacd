import type {
  ApiToken,
  CreateApiTokenBody,
  CreatedApiToken,
  EndedSessions,
  SecurityLogPage,
  SignedInSession,
} from '@kassa/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiRequest } from '../../../lib/api';

// Credentials change only with the mutations below, which refresh what they touch; every one
// of them writes the security log, so that is refreshed too.
const TOKENS_KEY = ['account', 'tokens'] as const;
const SESSIONS_KEY = ['account', 'sessions'] as const;
const LOG_KEY = ['account', 'security-log'] as const;

function useRefresh(key: readonly string[]) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    await queryClient.invalidateQueries({ queryKey: LOG_KEY });
  };
}

/** GET account/tokens: newest first, never the tokens themselves. */
export function useApiTokens() {
  return useQuery({ queryKey: TOKENS_KEY, queryFn: () => apiGet<ApiToken[]>('account/tokens') });
}

/** POST account/tokens: the answer holds the token, shown this once. */
export function useCreateApiToken() {
  const refresh = useRefresh(TOKENS_KEY);
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) => apiPost<CreatedApiToken>('account/tokens', body),
    onSuccess: refresh,
  });
}

/** DELETE account/tokens/{id}: the token stops working at once. */
export function useRevokeApiToken() {
  const refresh = useRefresh(TOKENS_KEY);
  return useMutation({
    mutationFn: (id: number) => apiRequest<undefined>('DELETE', `account/tokens/${id}`),
    onSuccess: refresh,
  });
}

/** GET account/sessions: most recently seen first, this device marked. */
export function useSessions() {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: () => apiGet<SignedInSession[]>('account/sessions') });
}

/** DELETE account/sessions/{id}: that device is signed out at its next request. */
export function useEndSession() {
  const refresh = useRefresh(SESSIONS_KEY);
  return useMutation({
    mutationFn: (id: number) => apiRequest<undefined>('DELETE', `account/sessions/${id}`),
    onSuccess: refresh,
  });
}

/** POST account/sessions/end-others (or …/end-all, which signs this device out too). */
export function useEndSessions() {
  const refresh = useRefresh(SESSIONS_KEY);
  return useMutation({
    mutationFn: (which: 'others' | 'all') => apiPost<EndedSessions>(`account/sessions/end-${which}`),
    onSuccess: refresh,
  });
}

/** GET account/security-log, a page at a time (newest first). */
export function useSecurityLog() {
  return useInfiniteQuery({
    queryKey: LOG_KEY,
    queryFn: ({ pageParam }) =>
      apiGet<SecurityLogPage>(`account/security-log${pageParam === null ? '' : `?before=${pageParam}`}`),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

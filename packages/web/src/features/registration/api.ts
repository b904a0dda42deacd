import type { InitialDataBody, TokenResponse } from '@kassa/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { startSession } from '../../shared/session';
import { t } from './i18n';

/** POST account/verify-email/{code}: a fresh token with the e-mail verified. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (code: string) => apiPost<TokenResponse>(`account/verify-email/${encodeURIComponent(code.trim())}`),
    onSuccess: ({ token }) => startSession(token, t('email.verified')),
  });
}

/** POST account/resend-email. */
export function useResendEmail() {
  return useMutation({
    mutationFn: () => apiPost<undefined>('account/resend-email'),
    onSuccess: () => notifySuccess(t('email.sent')),
  });
}

/** POST account/verify-referral/{code}: a fresh token with the referral accepted. */
export function useVerifyReferral() {
  return useMutation({
    mutationFn: (code: string) => apiPost<TokenResponse>(`account/verify-referral/${encodeURIComponent(code.trim())}`),
    onSuccess: ({ token }) => startSession(token, t('referral.accepted')),
  });
}

/** POST account/waitlistme, then a renewed token; `onJoined` runs once the session holds it. */
export function useJoinWaitlist(onJoined: () => Promise<void> | void) {
  return useMutation({
    mutationFn: async () => {
      await apiPost<undefined>('account/waitlistme');
      return apiGet<TokenResponse>('auth/refresh-token');
    },
    onSuccess: async ({ token }) => {
      startSession(token, t('referral.joined'));
      await onJoined();
    },
  });
}

/** POST account/initial-data: completes the registration. */
export function useInitialData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InitialDataBody) => apiPost<TokenResponse>('account/initial-data', body),
    onSuccess: async ({ token }) => {
      // Spec §4: token refresh, then a refresh of the global data, then the dashboard (the gate goes there).
      startSession(token, t('initial.complete'));
      await queryClient.invalidateQueries();
    },
  });
}

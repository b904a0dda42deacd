import type {
  RecoveryCodesResponse,
  TwoFactorCheckBody,
  TwoFactorConfirmBody,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '@kassa/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';

/** The state changes only with the mutations below, which refresh it. */
const STATUS_KEY = ['account', 'two-factor'] as const;

/** GET account/two-factor: on or off, and the recovery codes left. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: STATUS_KEY, queryFn: () => apiGet<TwoFactorStatus>('account/two-factor') });
}

/** Mutations that change the state refresh it once they succeed. */
function useRefreshStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });
}

/** POST account/two-factor/setup: a new secret (URI, QR code), not in force until confirmed. */
export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => apiPost<TwoFactorSetupResponse>('account/two-factor/setup') });
}

/** POST account/two-factor/confirm: a current code turns it on; answers the recovery codes. */
export function useTwoFactorConfirm() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: (body: TwoFactorConfirmBody) => apiPost<RecoveryCodesResponse>('account/two-factor/confirm', body),
    onSuccess: refresh,
  });
}

/** POST account/two-factor/disable: the password and a code turn it off (204). */
export function useTwoFactorDisable() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: (body: TwoFactorCheckBody) => apiPost<undefined>('account/two-factor/disable', body),
    onSuccess: refresh,
  });
}

/** POST account/two-factor/recovery-codes: the password and a code; new codes, the old ones void. */
export function useNewRecoveryCodes() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: (body: TwoFactorCheckBody) => apiPost<RecoveryCodesResponse>('account/two-factor/recovery-codes', body),
    onSuccess: refresh,
  });
}

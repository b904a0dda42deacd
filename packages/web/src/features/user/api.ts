import type { ChangePasswordBody } from '@kassa/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost, apiRequest } from '../../lib/api';

/** POST account/changepass; the server answers 204 and voids every earlier token. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (request: ChangePasswordBody) => apiPost<undefined>('account/changepass', request),
  });
}

/**
 * GET account/getreferral creates a new single-use code on every call, so it is a mutation (run
 * on demand, never refetched or retried behind the user's back); its answer is plain text.
 */
export function useGenerateReferral() {
  return useMutation({
    mutationFn: () => apiRequest<string>('GET', 'account/getreferral', undefined, { text: true }),
  });
}

import type { LoginBody, SignupBody, TokenResponse } from '@kassa/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { captchaToken } from '../../lib/captcha';

/** What a page adds to a mutation: its own reaction to the answer. */
export type Reactions<Answer, Body> = Pick<UseMutationOptions<Answer, Error, Body>, 'onSuccess' | 'onError'>;

/** POST auth/login, without a token: a 401 here is wrong credentials, not an expired session. */
export function useLogin(reactions: Reactions<TokenResponse, LoginBody> = {}) {
  return useMutation({
    mutationFn: (credentials: LoginBody) => apiPost<TokenResponse>('auth/login', credentials, { anonymous: true }),
    ...reactions,
  });
}

type SignupFields = Omit<SignupBody, 'recaptcha'>;

/** POST account/signup, without a token, with a captcha token when the server asks for one. */
export function useSignup(
  captchaSiteKey: string | null | undefined,
  reactions: Reactions<TokenResponse, SignupFields> = {},
) {
  return useMutation({
    mutationFn: async (fields: SignupFields) => {
      const recaptcha = await captchaToken(captchaSiteKey, 'signup');
      return apiPost<TokenResponse>('account/signup', { ...fields, recaptcha }, { anonymous: true });
    },
    ...reactions,
  });
}

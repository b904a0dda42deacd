import type {
  ForgotPasswordBody,
  ForgotPasswordResponse,
  LoginBody,
  LoginCodeBody,
  LoginResponse,
  ResetPasswordBody,
  SignupBody,
  TokenResponse,
} from '@kassa/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { captchaToken } from '../../lib/captcha';

/** What a page adds to a mutation: its own reaction to the answer. */
export type Reactions<Answer, Body> = Pick<UseMutationOptions<Answer, Error, Body>, 'onSuccess' | 'onError'>;

/**
 * POST auth/login, without a token: a 401 here is wrong credentials, not an expired session. The
 * answer is the session's token, or for a user with two-factor sign-in on the ticket of the code step.
 */
export function useLogin(reactions: Reactions<LoginResponse, LoginBody> = {}) {
  return useMutation({
    mutationFn: (credentials: LoginBody) => apiPost<LoginResponse>('auth/login', credentials, { anonymous: true }),
    ...reactions,
  });
}

/**
 * POST auth/demo-login, without a token and without credentials: the server makes the visitor a
 * demo user of their own (sample books, kept a day) and answers its session's token.
 */
export function useDemoLogin(reactions: Reactions<TokenResponse, void> = {}) {
  return useMutation({
    mutationFn: () => apiPost<TokenResponse>('auth/demo-login', undefined, { anonymous: true }),
    ...reactions,
  });
}

/** POST auth/login-code, without a token: the login's ticket and a code; answers the token as login does. */
export function useLoginCode(reactions: Reactions<TokenResponse, LoginCodeBody> = {}) {
  return useMutation({
    mutationFn: (body: LoginCodeBody) => apiPost<TokenResponse>('auth/login-code', body, { anonymous: true }),
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

/**
 * POST auth/forgot-password, without a token: mails a reset link when the address has an account;
 * the answer is the same either way. Silent: the page shows a refusal under its field.
 */
export function useForgotPassword(reactions: Reactions<ForgotPasswordResponse, ForgotPasswordBody> = {}) {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      apiPost<ForgotPasswordResponse>('auth/forgot-password', body, { anonymous: true }),
    meta: { silent: true },
    ...reactions,
  });
}

/**
 * POST auth/reset-password, without a token: the mailed link's token and the new password twice.
 * Silent: the page shows refusals beside the fields they name.
 */
export function useResetPassword(reactions: Reactions<undefined, ResetPasswordBody> = {}) {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => apiPost<undefined>('auth/reset-password', body, { anonymous: true }),
    meta: { silent: true },
    ...reactions,
  });
}

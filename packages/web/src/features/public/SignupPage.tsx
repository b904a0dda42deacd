import type { RegistrationMode } from '@kassa/contract';
import { Alert, Anchor, Button, Text, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePublicConfig } from '../../shared/global-data';
import { startSession } from '../../shared/session';
import { RegistrationFrame } from '../registration';
import { stepPath } from '../../shared/registration-steps';
import { useSignup } from './api';
import { NewPasswordFields } from './NewPasswordFields';

/** What the sign-up says under its title, by the server's REGISTRATION setting. */
const INTROS: Record<RegistrationMode, string> = {
  open: 'Create your account. We will mail you a code to verify your address; no referral code is needed.',
  referral: 'Create your account. We will mail you a code to verify your address.',
  closed: 'Create the account you were invited to, with the address the invitation went to.',
};

/**
 * Sign-up: e-mail, password twice with live criteria, captcha; then straight to e-mail
 * verification. An invitation's link fills in the address (?email=). While registration is
 * closed the page says so; the form stays for the people an admin invited.
 */
export function SignupPage() {
  const navigate = useNavigate();
  const config = usePublicConfig();
  const mode = config.data?.registration ?? 'referral';
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const signup = useSignup(config.data?.captchaSiteKey, {
    onSuccess: async ({ token }) => {
      startSession(token, 'Signed up');
      await navigate(stepPath('verify-email'));
    },
  });

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    signup.mutate({ email, password, password2 });
  };

  return (
    <RegistrationFrame step={0} title="Sign up" intro={INTROS[mode]}>
      {mode === 'closed' && (
        <Alert color="gray" title="Registration is closed">
          New accounts are by invitation only. If an administrator invited you, sign up with the invited address.
        </Alert>
      )}
      <form onSubmit={submit}>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <NewPasswordFields
          label="Password"
          password={password}
          password2={password2}
          onPassword={setPassword}
          onPassword2={setPassword2}
        />
        <Button type="submit" fullWidth mt="lg" loading={signup.isPending}>
          Sign Up
        </Button>
        <Text size="sm" ta="center" mt="md">
          Already have an account?{' '}
          <Anchor component={Link} to="/public/login">
            Log In
          </Anchor>
        </Text>
      </form>
    </RegistrationFrame>
  );
}

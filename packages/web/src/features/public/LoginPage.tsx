import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { LoginChallenge } from '@kassa/contract';
import type { LoginRedirectState } from '../../shared/session';
import { startSession } from '../../shared/session';
import { ApiError } from '../../lib/api';
import { useLogin } from './api';
import type { ForgotPasswordState } from './ForgotPasswordPage';
import { t as texts, useT } from './i18n';
import { LoginCodeForm } from './LoginCodeForm';
import type { PasswordResetState } from './ResetPasswordPage';
import { clock, useLoginWait } from './use-login-wait';

/**
 * E-mail and password login, then for users with two-factor sign-in on a code; stores the token
 * and goes back where the visitor was headed.
 */
export function LoginPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const state = useLocation().state as (LoginRedirectState & PasswordResetState) | null;
  const from = state?.from;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // The right password of a two-factor user: the ticket of the code step.
  const [challenge, setChallenge] = useState<LoginChallenge>();
  const { wait, rateLimited, clear: clearWait } = useLoginWait();
  const signedIn = async (token: string) => {
    startSession(token, texts('login.loggedIn'));
    await navigate(from ?? '/private', { replace: true });
  };
  const login = useLogin({
    onSuccess: async (answer) => {
      if ('token' in answer) await signedIn(answer.token);
      else setChallenge(answer);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 429 && err.retryAfterSeconds !== undefined)
        rateLimited(err.retryAfterSeconds);
    },
  });

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ email, password });
  };

  const waitNotice = wait > 0 && (
    <Alert color="orange" role="status" title={t('login.tooMany')}>
      {t('login.tryAgainIn', { wait: clock(wait) })}
    </Alert>
  );

  if (challenge !== undefined)
    return (
      <LoginFrame title={t('code.title')}>
        <LoginCodeForm
          ticket={challenge.ticket}
          onSignedIn={signedIn}
          onRestart={() => {
            setChallenge(undefined);
            setPassword('');
          }}
          onRateLimited={rateLimited}
          wait={wait}
          waitNotice={waitNotice}
        />
      </LoginFrame>
    );

  return (
    <LoginFrame title={t('login.title')}>
      <form onSubmit={submit}>
        <Stack>
          {state?.passwordReset === true && (
            <Alert color="teal" role="status" title={t('login.resetTitle')}>
              {t('login.resetText')}
            </Alert>
          )}
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              // The wait is for this e-mail (from here); another one may try at once.
              clearWait();
            }}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <ForgotPasswordLink email={email} />
          {waitNotice}
          <Button type="submit" loading={login.isPending} disabled={wait > 0}>
            {t('login.submit')}
          </Button>
          {/* No social-login icons (issue 32): the spec's disabled ones did nothing but promise. */}
          <Text size="sm" ta="center">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to="/public/signup">
              {t('login.signUp')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </LoginFrame>
  );
}

/** The login steps' page: a title over a card. */
function LoginFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={420} py="xl">
      <Title order={1} size="h2" ta="center">
        {title}
      </Title>
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
        {children}
      </Paper>
    </Container>
  );
}

function ForgotPasswordLink({ email }: { email: string }) {
  const { t } = useT();
  return (
    <Group justify="flex-end" mt={-8}>
      {/* The spec's disabled link, enabled: a mailed single-use link (the address typed goes along). */}
      <Anchor
        component={Link}
        to="/public/forgot-password"
        state={{ email: email.trim() } satisfies ForgotPasswordState}
        size="sm"
      >
        {t('login.forgot')}
      </Anchor>
    </Group>
  );
}

import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notifySuccess } from '../../lib/notify';
import { clearToken } from '../../lib/token';
import { useResetPassword } from './api';
import { t as texts, useT } from './i18n';
import { NewPasswordFields } from './NewPasswordFields';
import { showRefusal, type Refusal } from './refusal';

/** What this page hands the login page: a notice that the password was reset. */
export interface PasswordResetState {
  passwordReset?: boolean;
}

/** Where a link that does not work sends the user: a new one. */
function AskAgain({ children }: { children: string }) {
  const { t } = useT();
  return (
    <Alert color="orange" role="alert" title={t('reset.linkBroken')}>
      {children}{' '}
      <Anchor component={Link} to="/public/forgot-password">
        {t('reset.askNew')}
      </Anchor>
    </Alert>
  );
}

/**
 * public/reset-password?token=…: the page of the mailed link, a new password twice with the
 * sign-up's criteria. The reset ends every session, this browser's too, so the user goes to the
 * login page with a notice.
 */
export function ResetPasswordPage() {
  const { t } = useT();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [refusal, setRefusal] = useState<Refusal>();
  const reset = useResetPassword({
    onSuccess: async () => {
      // Every session of the user ended: a token kept here would only answer 401.
      clearToken();
      queryClient.removeQueries();
      notifySuccess(texts('reset.changed'));
      await navigate('/public/login', { replace: true, state: { passwordReset: true } satisfies PasswordResetState });
    },
    onError: showRefusal(setRefusal),
  });

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    // Criteria are guidance (as at sign-up); the server refuses a short or mismatched password with its message.
    reset.mutate({ token, password, password2 });
  };

  const errorOf = (field: string) => (refusal?.field === field ? refusal.text : undefined);
  const passwordError = errorOf('password');
  const password2Error = errorOf('password2');
  return (
    <Container size={420} py="xl">
      <Title order={1} size="h2" ta="center">
        {t('reset.title')}
      </Title>
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
        {token === '' ? (
          <AskAgain>{t('reset.incomplete')}</AskAgain>
        ) : (
          <form onSubmit={submit} noValidate aria-label={t('reset.title')}>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('reset.intro')}
              </Text>
              <NewPasswordFields
                label={t('reset.newPassword')}
                password={password}
                password2={password2}
                onPassword={(value) => {
                  setPassword(value);
                  setRefusal(undefined);
                }}
                onPassword2={(value) => {
                  setPassword2(value);
                  setRefusal(undefined);
                }}
                error={passwordError}
                error2={password2Error}
              />
              {refusal?.field === 'token' && (
                <Stack mt="md">
                  <AskAgain>{t('reset.invalid')}</AskAgain>
                </Stack>
              )}
              {refusal !== undefined &&
                refusal.field !== 'token' &&
                refusal.field !== 'password' &&
                refusal.field !== 'password2' && (
                  <Alert color="orange" role="alert" mt="md">
                    {refusal.text}
                  </Alert>
                )}
              <Button type="submit" mt="lg" loading={reset.isPending}>
                {t('reset.submit')}
              </Button>
            </Stack>
          </form>
        )}
        <Text size="sm" ta="center" mt="md">
          <Anchor component={Link} to="/public/login">
            {t('reset.backToLogin')}
          </Anchor>
        </Text>
      </Paper>
    </Container>
  );
}

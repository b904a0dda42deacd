import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useForgotPassword } from './api';
import { useT } from './i18n';
import { showRefusal, type Refusal } from './refusal';

/** What the login page hands over: the address typed there, if any. */
export interface ForgotPasswordState {
  email?: string;
}

/**
 * public/forgot-password: the address of the account; the server mails a single-use link valid
 * 30 minutes and answers the same whether or not the address has an account, so this page does too.
 */
export function ForgotPasswordPage() {
  const { t } = useT();
  const [email, setEmail] = useState((useLocation().state as ForgotPasswordState | null)?.email ?? '');
  const [refusal, setRefusal] = useState<Refusal>();
  const [sent, setSent] = useState<string>();
  const forgot = useForgotPassword({
    onSuccess: ({ message }) => setSent(message),
    onError: showRefusal(setRefusal),
  });

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    forgot.mutate({ email });
  };

  return (
    <Container size={420} py="xl">
      <Title order={1} size="h2" ta="center">
        {t('forgot.title')}
      </Title>
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
        {sent === undefined ? (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Text size="sm" c="dimmed">
                {t('forgot.intro')}
              </Text>
              <TextInput
                label={t('forgot.email')}
                type="email"
                autoComplete="email"
                required
                value={email}
                error={refusal?.field === 'email' ? refusal.text : undefined}
                onChange={(e) => {
                  setEmail(e.currentTarget.value);
                  setRefusal(undefined);
                }}
              />
              {refusal !== undefined && refusal.field !== 'email' && (
                <Alert color="orange" role="alert">
                  {refusal.text}
                </Alert>
              )}
              <Button type="submit" loading={forgot.isPending}>
                {t('forgot.send')}
              </Button>
            </Stack>
          </form>
        ) : (
          <Stack>
            <Alert color="teal" role="status" title={t('forgot.checkMail')}>
              {sent}
            </Alert>
            <Text size="sm" c="dimmed">
              {t('forgot.noMail')}
            </Text>
            <Button variant="default" onClick={() => setSent(undefined)}>
              {t('forgot.askAgain')}
            </Button>
          </Stack>
        )}
        <Text size="sm" ta="center" mt="md">
          {t('forgot.remembered')}{' '}
          <Anchor component={Link} to="/public/login">
            {t('forgot.logIn')}
          </Anchor>
        </Text>
      </Paper>
    </Container>
  );
}

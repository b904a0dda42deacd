import { Alert, Button, Code, Group, TextInput } from '@mantine/core';
import { Trans } from '../../i18n/Trans';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useSearchParams } from 'react-router';
import { usePublicConfig, useUserInfo } from '../../shared/global-data';
import { useResendEmail, useVerifyEmail } from './api';
import { useT } from './i18n';
import { RegistrationFrame } from './RegistrationFrame';
import { useStepGate } from './use-step-gate';

/** Step 2: the code mailed at sign-up; the mail's link carries it in ?code= and submits it at once. */
export function VerifyEmailPage() {
  const { t } = useT();
  const gate = useStepGate('verify-email');
  const [params] = useSearchParams();
  const linkCode = params.get('code') ?? '';
  const [code, setCode] = useState(linkCode);
  const userInfo = useUserInfo();
  // A self-hosted Kassa without SMTP_URL writes its mail to a folder (issue 32): say where.
  const outbox = usePublicConfig().data?.mailDelivery === 'outbox';
  const verify = useVerifyEmail();
  const resend = useResendEmail();

  // Opening the mail's link verifies without typing; once only, even under StrictMode.
  const submittedLink = useRef(false);
  useEffect(() => {
    if (gate !== undefined || linkCode === '' || submittedLink.current) return;
    submittedLink.current = true;
    verify.mutate(linkCode);
  }, [gate, linkCode, verify]);

  if (gate !== undefined) return gate;
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    verify.mutate(code);
  };
  const address = userInfo.data?.email ?? t('email.yourAddress');
  return (
    <RegistrationFrame
      step={1}
      title={t('email.title')}
      intro={outbox ? t('email.introOutbox', { address }) : t('email.introMailed', { address })}
    >
      {outbox && (
        <Alert color="blue" title={t('email.outboxTitle')} data-testid="outbox-hint">
          <Trans t={t} i18nKey="email.outboxText" components={{ code: <Code /> }} />
        </Alert>
      )}
      <form onSubmit={submit}>
        <TextInput
          label={t('email.code')}
          required
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Group justify="space-between" mt="lg">
          <Button variant="subtle" onClick={() => resend.mutate()} loading={resend.isPending}>
            {t('email.resend')}
          </Button>
          <Button type="submit" loading={verify.isPending}>
            {t('email.verify')}
          </Button>
        </Group>
      </form>
    </RegistrationFrame>
  );
}

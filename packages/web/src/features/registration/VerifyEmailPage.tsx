import { Alert, Button, Code, Group, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useSearchParams } from 'react-router';
import { usePublicConfig, useUserInfo } from '../../shared/global-data';
import { useResendEmail, useVerifyEmail } from './api';
import { RegistrationFrame } from './RegistrationFrame';
import { useStepGate } from './use-step-gate';

/** Step 2: the code mailed at sign-up; the mail's link carries it in ?code= and submits it at once. */
export function VerifyEmailPage() {
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
  const address = userInfo.data?.email;
  return (
    <RegistrationFrame
      step={1}
      title="Verify email"
      intro={
        outbox
          ? `Kassa wrote a verification code for ${address ?? 'your address'}. Enter it here, or open the link in its mail.`
          : `We mailed a verification code to ${address ?? 'your address'}. Enter it here, or open the link in the mail.`
      }
    >
      {outbox && (
        <Alert color="blue" title="Where is the mail?" data-testid="outbox-hint">
          No mail server is set up: the code is in the server&apos;s <Code>DATA_DIR/outbox</Code> folder and in its log.
        </Alert>
      )}
      <form onSubmit={submit}>
        <TextInput
          label="Verification code"
          required
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Group justify="space-between" mt="lg">
          <Button variant="subtle" onClick={() => resend.mutate()} loading={resend.isPending}>
            Send the code again
          </Button>
          <Button type="submit" loading={verify.isPending}>
            Verify
          </Button>
        </Group>
      </form>
    </RegistrationFrame>
  );
}

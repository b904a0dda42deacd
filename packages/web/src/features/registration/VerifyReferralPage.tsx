import { Button, Divider, Group, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePublicConfig } from '../../shared/global-data';
import { useJoinWaitlist, useVerifyReferral } from './api';
import { useT } from './i18n';
import { RegistrationFrame } from './RegistrationFrame';
import { useStepGate } from './use-step-gate';

/**
 * Step 3: a single-use referral code from an existing user, or a place on the waitlist. An
 * admin's approval mails a link carrying the code in ?code=, which is submitted at once.
 */
export function VerifyReferralPage() {
  const { t } = useT();
  const gate = useStepGate('verify-referral');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkCode = params.get('code') ?? '';
  const [code, setCode] = useState(linkCode);
  const verify = useVerifyReferral();
  const waitlist = useJoinWaitlist(() => navigate('/public'));
  const mode = usePublicConfig().data?.registration;
  const closed = mode === 'closed';

  // Opening the mail's link enters the code without typing; once only, even under StrictMode.
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
  return (
    <RegistrationFrame
      step={2}
      title={t('referral.title')}
      intro={closed ? t('referral.introClosed') : t('referral.intro')}
    >
      <form onSubmit={submit}>
        <TextInput
          label={t('referral.code')}
          required
          autoComplete="off"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={verify.isPending}>
            {t('referral.verify')}
          </Button>
        </Group>
      </form>
      {/* Open registration has no waitlist (issue 32): any user's code lets in. */}
      {mode !== 'open' && (
        <>
          <Divider label={t('referral.noCode')} labelPosition="center" />
          <Text size="sm" c="dimmed">
            {t('referral.waitlistText')}
          </Text>
          <Button variant="light" onClick={() => waitlist.mutate()} loading={waitlist.isPending}>
            {t('referral.join')}
          </Button>
        </>
      )}
    </RegistrationFrame>
  );
}

import { Button, Divider, Group, Text, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { useJoinWaitlist, useVerifyReferral } from './api';
import { RegistrationFrame } from './RegistrationFrame';
import { useStepGate } from './use-step-gate';

/** Step 3: a single-use referral code from an existing user, or a place on the waitlist. */
export function VerifyReferralPage() {
  const gate = useStepGate('verify-referral');
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const verify = useVerifyReferral();
  const waitlist = useJoinWaitlist(() => navigate('/public'));

  if (gate !== undefined) return gate;
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    verify.mutate(code);
  };
  return (
    <RegistrationFrame
      step={2}
      title="Referral code"
      intro="Kassa grows by invitation: ask a user for a referral code. Each code works once."
    >
      <form onSubmit={submit}>
        <TextInput
          label="Referral code"
          required
          autoComplete="off"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={verify.isPending}>
            Verify
          </Button>
        </Group>
      </form>
      <Divider label="No code?" labelPosition="center" />
      <Text size="sm" c="dimmed">
        Join the waitlist and we will let you know when there is room.
      </Text>
      <Button variant="light" onClick={() => waitlist.mutate()} loading={waitlist.isPending}>
        Join the waitlist
      </Button>
    </RegistrationFrame>
  );
}

import type { TwoFactorSetupResponse } from '@kassa/contract';
import { formatDate } from '../../../lib/display-format';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Loader,
  PasswordInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { notifySuccess } from '../../../lib/notify';
import {
  useNewRecoveryCodes,
  useTwoFactorConfirm,
  useTwoFactorDisable,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from './api';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

/** What the tab shows besides the state: a set-up under way, codes to save, or one of the two checks. */
type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoFactorSetupResponse }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }
  | { kind: 'regenerate' };

/** Codes are easier to read and type in blocks of four: "ABCD EFGH …". */
const blocks = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

const monospace = { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 2 };

/**
 * private/user/two-factor: two-factor sign-in with an authenticator app. Off: set it up (QR code
 * or secret key, then a current code turns it on and shows the recovery codes once). On: the
 * recovery codes left, new ones, and turning it off, both with the password and a code.
 */
export function TwoFactorTab() {
  const status = useTwoFactorStatus();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const setup = useTwoFactorSetup();
  const idle = () => setStep({ kind: 'idle' });

  if (step.kind === 'codes') return <RecoveryCodesPanel codes={step.codes} onDone={idle} />;
  if (step.kind === 'setup')
    return (
      <SetupPanel
        setup={step.setup}
        onCancel={idle}
        onConfirmed={(codes) => {
          notifySuccess('Two-factor sign-in turned on');
          setStep({ kind: 'codes', codes });
        }}
      />
    );
  if (status.data === undefined)
    return status.isPending ? <Loader size="sm" role="status" aria-label="Loading" /> : null;

  if (!status.data.enabled)
    return (
      <Stack gap="md" align="flex-start">
        <Group gap="xs">
          <Text fw={500}>Two-factor sign-in</Text>
          <Badge color="gray" variant="light">
            Off
          </Badge>
        </Group>
        <Text size="sm">
          With two-factor sign-in on, logging in asks for a code from an authenticator app on your phone after your
          password, so a stolen password alone does not open your books.
        </Text>
        <Button
          loading={setup.isPending}
          onClick={() => setup.mutate(undefined, { onSuccess: (answer) => setStep({ kind: 'setup', setup: answer }) })}
        >
          Set up two-factor sign-in
        </Button>
      </Stack>
    );

  const { enabledAt, recoveryCodesLeft } = status.data;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fw={500}>Two-factor sign-in</Text>
        <Badge color="teal" variant="light">
          On
        </Badge>
        {enabledAt !== null && (
          <Text size="sm" c="dimmed">
            since {formatDate(new Date(enabledAt))}
          </Text>
        )}
      </Group>
      <Text size="sm">Logging in asks for a code from your authenticator app after your password.</Text>
      <Text size="sm" c={recoveryCodesLeft <= 3 ? 'orange' : undefined} aria-live="polite">
        Recovery codes left: <b>{recoveryCodesLeft}</b>
        {recoveryCodesLeft <= 3 && ' — make new ones before you run out.'}
      </Text>
      {step.kind === 'idle' && (
        <Group gap="sm">
          <Button variant="default" onClick={() => setStep({ kind: 'regenerate' })}>
            New recovery codes
          </Button>
          <Button color="red" variant="light" onClick={() => setStep({ kind: 'disable' })}>
            Turn off
          </Button>
        </Group>
      )}
      {step.kind === 'regenerate' && (
        <RegenerateForm onCancel={idle} onCodes={(codes) => setStep({ kind: 'codes', codes })} />
      )}
      {step.kind === 'disable' && <DisableForm onDone={idle} />}
    </Stack>
  );
}

/** Scan (or type) the new secret, then a current code of it turns two-factor sign-in on. */
function SetupPanel(props: {
  setup: TwoFactorSetupResponse;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const { setup, onCancel, onConfirmed } = props;
  const [code, setCode] = useState('');
  const confirm = useTwoFactorConfirm();
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate({ code }, { onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes) });
  };
  return (
    <form onSubmit={submit} aria-label="Set up two-factor sign-in">
      <Stack gap="md">
        <Title order={2} size="h4">
          Set up two-factor sign-in
        </Title>
        <Text size="sm">
          1. Scan this QR code with an authenticator app (such as Aegis, Google Authenticator or 1Password), or type the
          secret key into it.
        </Text>
        <Image
          src={setup.qrCode}
          alt="QR code of the secret key for your authenticator app"
          w={200}
          h={200}
          bg="white"
          radius="sm"
        />
        <Textarea
          label="Secret key"
          value={blocks(setup.secret)}
          readOnly
          // Two lines of four blocks at every width.
          rows={2}
          maw={260}
          // Selecting on focus makes copying it by hand one gesture.
          onFocus={(e) => e.currentTarget.select()}
          styles={{ input: { ...monospace, fontWeight: 700, resize: 'none' } }}
        />
        <Text size="sm">
          On a phone with the app, <Anchor href={setup.uri}>open the key in the authenticator app</Anchor> instead.
        </Text>
        <Text size="sm">2. Enter the 6-digit code the app shows for Kassa.</Text>
        <TextInput
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          maw={240}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          styles={{ input: monospace }}
        />
        <Group gap="sm">
          <Button type="submit" loading={confirm.isPending}>
            Turn on
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The password and a code (of the app, or a recovery code): what both changes to an active set-up ask for. */
function CheckFields(props: {
  password: string;
  code: string;
  onPassword: (value: string) => void;
  onCode: (value: string) => void;
}) {
  return (
    <>
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        required
        value={props.password}
        onChange={(e) => props.onPassword(e.currentTarget.value)}
      />
      <TextInput
        label="Code from the app, or a recovery code"
        autoComplete="one-time-code"
        required
        value={props.code}
        onChange={(e) => props.onCode(e.currentTarget.value)}
        styles={{ input: monospace }}
      />
    </>
  );
}

function RegenerateForm({ onCancel, onCodes }: { onCancel: () => void; onCodes: (codes: string[]) => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const regenerate = useNewRecoveryCodes();
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    regenerate.mutate({ password, code }, { onSuccess: ({ recoveryCodes }) => onCodes(recoveryCodes) });
  };
  return (
    <form onSubmit={submit} aria-label="New recovery codes">
      <Stack gap="sm" maw={420}>
        <Text size="sm">New codes replace every earlier one, used or not.</Text>
        <CheckFields password={password} code={code} onPassword={setPassword} onCode={setCode} />
        <Group gap="sm">
          <Button type="submit" loading={regenerate.isPending}>
            Make new codes
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const disable = useTwoFactorDisable();
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    disable.mutate(
      { password, code },
      {
        onSuccess: () => {
          notifySuccess('Two-factor sign-in turned off');
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Turn off two-factor sign-in">
      <Stack gap="sm" maw={420}>
        <Text size="sm">Logging in will ask for your password only. The recovery codes stop working.</Text>
        <CheckFields password={password} code={code} onPassword={setPassword} onCode={setCode} />
        <Group gap="sm">
          <Button type="submit" color="red" loading={disable.isPending}>
            Turn off two-factor sign-in
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

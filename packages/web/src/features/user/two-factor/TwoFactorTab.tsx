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
import { Trans } from '../../../i18n/Trans';
import { notifySuccess } from '../../../lib/notify';
import {
  useNewRecoveryCodes,
  useTwoFactorConfirm,
  useTwoFactorDisable,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from './api';
import { t as text, useT } from '../i18n';
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
  const { t } = useT();
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
          notifySuccess(text('twoFactor.turnedOn'));
          setStep({ kind: 'codes', codes });
        }}
      />
    );
  if (status.data === undefined)
    return status.isPending ? <Loader size="sm" role="status" aria-label={t('loading')} /> : null;

  if (!status.data.enabled)
    return (
      <Stack gap="md" align="flex-start">
        <Group gap="xs">
          <Text fw={500}>{t('twoFactor.title')}</Text>
          <Badge color="gray" variant="light">
            {t('twoFactor.off')}
          </Badge>
        </Group>
        <Text size="sm">{t('twoFactor.offText')}</Text>
        <Button
          loading={setup.isPending}
          onClick={() => setup.mutate(undefined, { onSuccess: (answer) => setStep({ kind: 'setup', setup: answer }) })}
        >
          {t('twoFactor.setUp')}
        </Button>
      </Stack>
    );

  const { enabledAt, recoveryCodesLeft } = status.data;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fw={500}>{t('twoFactor.title')}</Text>
        <Badge color="teal" variant="light">
          {t('twoFactor.on')}
        </Badge>
        {enabledAt !== null && (
          <Text size="sm" c="dimmed">
            {t('twoFactor.since', { date: formatDate(new Date(enabledAt)) })}
          </Text>
        )}
      </Group>
      <Text size="sm">{t('twoFactor.onText')}</Text>
      <Text size="sm" c={recoveryCodesLeft <= 3 ? 'orange' : undefined} aria-live="polite">
        {t('twoFactor.codesLeft')} <b>{recoveryCodesLeft}</b>
        {recoveryCodesLeft <= 3 && ` — ${t('twoFactor.runningOut')}`}
      </Text>
      {step.kind === 'idle' && (
        <Group gap="sm">
          <Button variant="default" onClick={() => setStep({ kind: 'regenerate' })}>
            {t('twoFactor.newCodes')}
          </Button>
          <Button color="red" variant="light" onClick={() => setStep({ kind: 'disable' })}>
            {t('twoFactor.turnOff')}
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
  const { t } = useT();
  const [code, setCode] = useState('');
  const confirm = useTwoFactorConfirm();
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate({ code }, { onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes) });
  };
  return (
    <form onSubmit={submit} aria-label={t('twoFactor.setUp')}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('twoFactor.setUp')}
        </Title>
        <Text size="sm">{t('twoFactor.scan')}</Text>
        <Image src={setup.qrCode} alt={t('twoFactor.qrAlt')} w={200} h={200} bg="white" radius="sm" />
        <Textarea
          label={t('twoFactor.secret')}
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
          <Trans t={t} i18nKey="twoFactor.openOnPhone" components={{ a: <Anchor href={setup.uri} /> }} />
        </Text>
        <Text size="sm">{t('twoFactor.enterCode')}</Text>
        <TextInput
          label={t('twoFactor.appCode')}
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
            {t('twoFactor.turnOn')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
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
  const { t } = useT();
  return (
    <>
      <PasswordInput
        label={t('twoFactor.password')}
        autoComplete="current-password"
        required
        value={props.password}
        onChange={(e) => props.onPassword(e.currentTarget.value)}
      />
      <TextInput
        label={t('twoFactor.checkCode')}
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
  const { t } = useT();
  const regenerate = useNewRecoveryCodes();
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    regenerate.mutate({ password, code }, { onSuccess: ({ recoveryCodes }) => onCodes(recoveryCodes) });
  };
  return (
    <form onSubmit={submit} aria-label={t('twoFactor.newCodes')}>
      <Stack gap="sm" maw={420}>
        <Text size="sm">{t('twoFactor.replaceText')}</Text>
        <CheckFields password={password} code={code} onPassword={setPassword} onCode={setCode} />
        <Group gap="sm">
          <Button type="submit" loading={regenerate.isPending}>
            {t('twoFactor.makeCodes')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { t } = useT();
  const disable = useTwoFactorDisable();
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    disable.mutate(
      { password, code },
      {
        onSuccess: () => {
          notifySuccess(text('twoFactor.turnedOff'));
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={t('twoFactor.turnOffForm')}>
      <Stack gap="sm" maw={420}>
        <Text size="sm">{t('twoFactor.turnOffText')}</Text>
        <CheckFields password={password} code={code} onPassword={setPassword} onCode={setCode} />
        <Group gap="sm">
          <Button type="submit" color="red" loading={disable.isPending}>
            {t('twoFactor.turnOffSubmit')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { ApiError } from '../../lib/api';
import { useLoginCode } from './api';
import { useT } from './i18n';

interface Props {
  /** The ticket login answered after the right password. */
  ticket: string;
  /** The token of the finished login. */
  onSignedIn: (token: string) => Promise<void>;
  /** The ticket expired (or the password changed meanwhile): back to the password. */
  onRestart: () => void;
  /** A 429 with its Retry-After, for the login page's countdown. */
  onRateLimited: (retryAfterSeconds: number) => void;
  /** Seconds the login page still holds the button. */
  wait: number;
  /** The countdown notice of the login page, shown above the button. */
  waitNotice: ReactNode;
}

/**
 * The code step of a two-factor login: a code of the authenticator app (six digits, a numeric
 * keyboard on phones), or a recovery code. Wrong codes count against the login limits, so the
 * page's countdown applies here too.
 */
export function LoginCodeForm({ ticket, onSignedIn, onRestart, onRateLimited, wait, waitNotice }: Props) {
  const { t } = useT();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const loginCode = useLoginCode({
    onSuccess: ({ token }) => onSignedIn(token),
    onError: (err) => {
      if (!(err instanceof ApiError)) return;
      if (err.status === 401) onRestart();
      if (err.status === 429 && err.retryAfterSeconds !== undefined) onRateLimited(err.retryAfterSeconds);
    },
  });

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    loginCode.mutate({ ticket, code });
  };

  return (
    <form onSubmit={submit} aria-label={t('code.title')}>
      <Stack>
        <Text size="sm">{recovery ? t('code.recoveryHint') : t('code.appHint')}</Text>
        <TextInput
          key={recovery ? 'recovery' : 'app'}
          label={recovery ? t('code.recoveryLabel') : t('code.appLabel')}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoFocus
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 2 } }}
        />
        {waitNotice}
        <Button type="submit" loading={loginCode.isPending} disabled={wait > 0}>
          {t('code.verify')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
            }}
          >
            {recovery ? t('code.useApp') : t('code.useRecovery')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onRestart}>
            {t('code.back')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

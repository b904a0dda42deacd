import { ActionIcon, Button, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../lib/notify';
import { copyToClipboard } from './clipboard';
import { t as userText, useT } from './i18n';

type Generation = UseMutationResult<string, Error, void>;

/**
 * private/user/referral: generates a single-use code, shows it and copies it to the clipboard.
 * The generation lives in the User page, so the code stays on screen across its tabs.
 */
export function ReferralTab({ generation, closed = false }: { generation: Generation; closed?: boolean }) {
  const { t } = useT();
  const [copyFailed, setCopyFailed] = useState(false);
  const code = generation.data;

  const copy = async (text: string) => {
    const copied = await copyToClipboard(text);
    setCopyFailed(!copied);
    if (copied) notifySuccess(userText('copied'));
  };

  const generate = () => {
    setCopyFailed(false);
    generation.mutate(undefined, { onSuccess: (fresh) => void copy(fresh) });
  };

  // REGISTRATION=closed: only an administrator lets people in (the server refuses codes too).
  if (closed) return <Text>{t('referral.closed')}</Text>;

  return (
    <Stack gap="md" align="flex-start">
      <Text>{t('referral.intro')}</Text>
      <Button onClick={generate} loading={generation.isPending}>
        {code === undefined ? t('referral.generate') : t('referral.generateNew')}
      </Button>
      {code !== undefined && (
        <TextInput
          w="100%"
          maw={420}
          size="xl"
          label={t('referral.yours')}
          value={code}
          readOnly
          // Selecting on focus makes copying by hand one gesture when the clipboard is unavailable.
          onFocus={(e) => e.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontWeight: 700, letterSpacing: 2 } }}
          rightSectionWidth={56}
          rightSection={
            <Tooltip label={t('copy')}>
              <ActionIcon variant="light" size="lg" aria-label={t('referral.copy')} onClick={() => void copy(code)}>
                <IconCopy size={20} />
              </ActionIcon>
            </Tooltip>
          }
        />
      )}
      {code !== undefined && copyFailed && (
        <Text c="orange" size="sm" role="alert">
          {t('referral.copyFailed')}
        </Text>
      )}
    </Stack>
  );
}

import { ActionIcon, Button, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../lib/notify';
import { copyToClipboard } from './clipboard';

type Generation = UseMutationResult<string, Error, void>;

/**
 * private/user/referral: generates a single-use code, shows it and copies it to the clipboard.
 * The generation lives in the User page, so the code stays on screen across its tabs.
 */
export function ReferralTab({ generation, closed = false }: { generation: Generation; closed?: boolean }) {
  const [copyFailed, setCopyFailed] = useState(false);
  const code = generation.data;

  const copy = async (text: string) => {
    const copied = await copyToClipboard(text);
    setCopyFailed(!copied);
    if (copied) notifySuccess('Copied to clipboard');
  };

  const generate = () => {
    setCopyFailed(false);
    generation.mutate(undefined, { onSuccess: (fresh) => void copy(fresh) });
  };

  // REGISTRATION=closed: only an administrator lets people in (the server refuses codes too).
  if (closed)
    return (
      <Text>
        Registration is closed on this Kassa: only an administrator can invite people. Ask them to send an invitation.
      </Text>
    );

  return (
    <Stack gap="md" align="flex-start">
      <Text>
        Invite someone to Kassa: generate a referral code and give it to them for signing up. A code works once.
      </Text>
      <Button onClick={generate} loading={generation.isPending}>
        {code === undefined ? 'Generate referral code' : 'Generate a new code'}
      </Button>
      {code !== undefined && (
        <TextInput
          w="100%"
          maw={420}
          size="xl"
          label="Your referral code"
          value={code}
          readOnly
          // Selecting on focus makes copying by hand one gesture when the clipboard is unavailable.
          onFocus={(e) => e.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontWeight: 700, letterSpacing: 2 } }}
          rightSectionWidth={56}
          rightSection={
            <Tooltip label="Copy">
              <ActionIcon variant="light" size="lg" aria-label="Copy referral code" onClick={() => void copy(code)}>
                <IconCopy size={20} />
              </ActionIcon>
            </Tooltip>
          }
        />
      )}
      {code !== undefined && copyFailed && (
        <Text c="orange" size="sm" role="alert">
          The code could not be copied to the clipboard. Select it and copy it by hand.
        </Text>
      )}
    </Stack>
  );
}

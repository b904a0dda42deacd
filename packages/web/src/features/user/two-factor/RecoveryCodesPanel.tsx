import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { copyToClipboard } from '../clipboard';

/** The codes as a text file: one a line, with a word on what they are. */
function downloadCodes(codes: readonly string[]): void {
  const text = `Kassa recovery codes\nEach code signs you in once when you cannot use your authenticator app.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'kassa-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** New recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    const copied = await copyToClipboard(codes.join('\n'));
    setCopyFailed(!copied);
    if (copied) notifySuccess('Copied to clipboard');
  };
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Your recovery codes
      </Title>
      <Alert color="yellow" title="Save them now">
        Keep these codes somewhere safe, such as a password manager. Each one signs you in once instead of a code of the
        app, if you lose your phone. They are shown only now.
      </Alert>
      <List
        aria-label="Recovery codes"
        listStyleType="none"
        // A grid spaces its rows itself: List's spacing would leave the first item higher than its row.
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))', gap: '4px 16px' }}
      >
        {codes.map((code) => (
          <List.Item key={code} ff="monospace" fw={700} style={{ letterSpacing: 1 }}>
            {code}
          </List.Item>
        ))}
      </List>
      {copyFailed && (
        <Text c="orange" size="sm" role="alert">
          The codes could not be copied to the clipboard. Select them and copy them by hand, or download them.
        </Text>
      )}
      <Group gap="sm">
        <Button variant="default" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="default" onClick={() => downloadCodes(codes)}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </Group>
    </Stack>
  );
}

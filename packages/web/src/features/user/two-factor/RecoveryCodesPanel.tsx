import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { copyToClipboard } from '../clipboard';
import { t as text, useT } from '../i18n';

/** The codes as a text file: one a line, with a word on what they are. */
function downloadCodes(codes: readonly string[]): void {
  const file = `${text('codes.fileHeading')}\n${text('codes.fileText')}\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([file], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'kassa-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** New recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useT();
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    const copied = await copyToClipboard(codes.join('\n'));
    setCopyFailed(!copied);
    if (copied) notifySuccess(text('copied'));
  };
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('codes.title')}
      </Title>
      <Alert color="yellow" title={t('codes.saveNow')}>
        {t('codes.saveText')}
      </Alert>
      <List
        aria-label={t('codes.list')}
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
          {t('codes.copyFailed')}
        </Text>
      )}
      <Group gap="sm">
        <Button variant="default" onClick={() => void copy()}>
          {t('codes.copy')}
        </Button>
        <Button variant="default" onClick={() => downloadCodes(codes)}>
          {t('codes.download')}
        </Button>
        <Button onClick={onDone}>{t('codes.saved')}</Button>
      </Group>
    </Stack>
  );
}

import type { BackupRestoreResult } from '@kassa/contract';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { useConfirm } from '../../components/confirm/confirm-context';
import { noticeFor } from '../../lib/errors';
import { notifySuccess, showNotice } from '../../lib/notify';
import { useDownloadBackup, useExportHledger, useRestoreBackup } from './api';
import { t as text, useT } from './i18n';

type Counted =
  'transaction' | 'conversion' | 'fixpoint' | 'pocket' | 'category' | 'currency' | 'rule' | 'schedule' | 'settlement';

/** "11 transactions", "1 conversion". */
const count = (n: number, noun: Counted) => text(`data.count.${noun}`, { count: n });

/** "a, b and c". */
const listed = (parts: string[]) =>
  parts.length < 2
    ? (parts[0] ?? '')
    : text('data.list', { first: parts.slice(0, -1).join(', '), last: parts.at(-1) ?? '' });

const rowsOf = (document: Record<string, unknown>, key: string) => {
  const rows = document[key];
  return Array.isArray(rows) ? rows.length : 0;
};

/** What a backup document holds, as the confirmation names it: its transactions, and its conversions and fixpoints if any. */
function documentBooks(document: Record<string, unknown>): string {
  const conversions = rowsOf(document, 'conversions');
  const fixpoints = rowsOf(document, 'fixpoints');
  return listed([
    count(rowsOf(document, 'transactions'), 'transaction'),
    ...(conversions > 0 ? [count(conversions, 'conversion')] : []),
    ...(fixpoints > 0 ? [count(fixpoints, 'fixpoint')] : []),
  ]);
}

/** The account's books as the server's 409 names them ("… already has books (11 transactions, 1 conversion); …"). */
function accountBooks(message: string): string {
  return /\(([^)]*)\)/.exec(message)?.[1] ?? text('data.yourBooks');
}

function restoredText(c: BackupRestoreResult): string {
  const counts = listed([
    count(c.transactions, 'transaction'),
    count(c.conversions, 'conversion'),
    count(c.fixpoints, 'fixpoint'),
    count(c.pockets, 'pocket'),
    count(c.categories, 'category'),
    count(c.currencies, 'currency'),
    ...(c.rules > 0 ? [count(c.rules, 'rule')] : []),
    ...(c.schedules > 0 ? [count(c.schedules, 'schedule')] : []),
    ...(c.settlements > 0 ? [count(c.settlements, 'settlement')] : []),
  ]);
  return text('data.restored', { counts });
}

function Action({ title, line, children }: { title: string; line: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" align="center">
      <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Text fw={500}>{title}</Text>
        <Text size="sm" c="dimmed">
          {line}
        </Text>
      </div>
      {children}
    </Group>
  );
}

/**
 * private/user/data: take everything out (a backup, an hledger journal) and put a backup back.
 * A restore into an account that already has books asks first, naming what will be replaced.
 */
export function DataTab() {
  const { t } = useT();
  const backup = useDownloadBackup();
  const hledger = useExportHledger();
  const restore = useRestoreBackup();
  const confirm = useConfirm();
  const resetPicker = useRef<() => void>(null);

  const restoreFrom = async (file: File | null) => {
    resetPicker.current?.(); // so the same file can be picked again
    if (file === null) return;
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      showNotice(noticeFor(new Error(text('data.notJson', { file: file.name }))));
      return;
    }
    if (typeof document !== 'object' || document === null || Array.isArray(document)) {
      showNotice(noticeFor(new Error(text('data.notBackup', { file: file.name }))));
      return;
    }
    const doc = document as Record<string, unknown>;
    const done = (counts: BackupRestoreResult) => notifySuccess(restoredText(counts));
    const first = await restore.mutateAsync({ document: doc, replace: false }).catch(() => undefined);
    if (first === undefined) return; // the error was shown
    if (first.kind === 'restored') {
      done(first.counts);
      return;
    }
    const answer = await confirm({
      title: text('data.replaceTitle'),
      text: text('data.replaceText', { current: accountBooks(first.message), backup: documentBooks(doc) }),
      danger: true,
    });
    if (answer !== 'yes') return;
    const second = await restore.mutateAsync({ document: doc, replace: true }).catch(() => undefined);
    if (second?.kind === 'restored') done(second.counts);
  };

  return (
    <Stack gap="lg">
      <Action title={t('data.backup')} line={t('data.backupLine')}>
        <Button onClick={() => backup.mutate()} loading={backup.isPending}>
          {t('data.download')}
        </Button>
      </Action>
      <Action title={t('data.hledger')} line={t('data.hledgerLine')}>
        <Button variant="default" onClick={() => hledger.mutate()} loading={hledger.isPending}>
          {t('data.export')}
        </Button>
      </Action>
      <Action title={t('data.restore')} line={t('data.restoreLine')}>
        <FileButton onChange={(file) => void restoreFrom(file)} accept="application/json,.json" resetRef={resetPicker}>
          {(props) => (
            <Button variant="default" {...props} loading={restore.isPending}>
              {t('data.restoreFrom')}
            </Button>
          )}
        </FileButton>
      </Action>
    </Stack>
  );
}

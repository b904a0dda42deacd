import { Badge, Button, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ImportBatch, Pocket } from '@kassa/contract';
import { formatDate, formatTime } from '../../lib/display-format';
import { useConfirm } from '../../components/confirm/confirm-context';
import { notifySuccess } from '../../lib/notify';
import { useImportBatches, useUndoImport } from './api';
import { FORMAT_LABEL } from './settings';
import { batchTitle, count } from './texts';

/** The format badge's words (a file's only: a sync batch is named by its provider). */
const formatLabels: Partial<Record<string, string>> = FORMAT_LABEL;

const when = (iso: string) => {
  const d = new Date(iso);
  return `${formatDate(d)} ${formatTime(d)}`;
};

function undoneText(removed: number, restored: number): string {
  return `Import undone: ${count(removed, 'row')} removed${restored > 0 ? `, ${count(restored, 'earlier row')} put back` : ''}`;
}

/**
 * Earlier imports, newest first, with Undo for those in the books (asked first). Previews that
 * were never imported are left out: every change of the settings makes one, and they expire.
 */
export function HistoryPanel({ pockets }: { pockets: ReadonlyMap<number, Pocket> }) {
  const batches = useImportBatches();
  const undo = useUndoImport();
  const confirm = useConfirm();
  const done = (batches.data ?? []).filter((b) => b.status !== 'preview');

  const undoBatch = async (b: ImportBatch) => {
    const answer = await confirm({
      title: 'Undo this import?',
      text: `The ${count(b.imported, 'row')} imported ${b.source === 'file' ? `from ${b.fileName}` : `by the ${batchTitle(b)}`} on ${when(b.committedAt ?? b.createdAt)} will be removed from your books, also any you have edited since.`,
      danger: true,
    });
    if (answer !== 'yes') return;
    undo.mutate(b.id, { onSuccess: (r) => notifySuccess(undoneText(r.removed, r.restored)) });
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="import-history-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="import-history-title">
          Earlier imports
        </Title>
        {batches.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading" />
        ) : done.length === 0 ? (
          <Text size="sm" c="dimmed">
            No imports yet.
          </Text>
        ) : (
          <Stack gap="xs" role="list" aria-label="Earlier imports">
            {done.map((b) => (
              <Paper key={b.id} withBorder radius="sm" p="xs" role="listitem" data-batch={b.id} data-status={b.status}>
                <Group justify="space-between" gap="sm" wrap="wrap" align="center">
                  <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} data-batch-title>
                        {batchTitle(b)}
                      </Text>
                      {b.source !== 'file' && b.fileName !== '' && b.fileName !== batchTitle(b) && (
                        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {b.fileName}
                        </Text>
                      )}
                      {b.source === 'file' && (
                        <Badge size="sm" variant="light" color="gray">
                          {formatLabels[b.format] ?? b.format}
                        </Badge>
                      )}
                      {b.status === 'committed' ? (
                        <Badge size="sm" variant="light" color="teal">
                          Imported
                        </Badge>
                      ) : (
                        <Badge size="sm" variant="light" color="gray">
                          Undone
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {count(b.rows, 'row')} {b.source === 'file' ? 'in the file' : 'from the bank'}, {b.imported}{' '}
                      imported
                      {b.pocketIds.length > 0
                        ? ` · ${b.pocketIds.map((id) => pockets.get(id)?.name ?? `pocket ${id}`).join(', ')}`
                        : ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {b.status === 'undone' && b.undoneAt !== null
                        ? `Imported ${when(b.committedAt ?? b.createdAt)}, undone ${when(b.undoneAt)}`
                        : `Imported ${when(b.committedAt ?? b.createdAt)}`}
                    </Text>
                  </Stack>
                  {b.status === 'committed' && (
                    <Button
                      variant="default"
                      size="xs"
                      color="red"
                      aria-label={
                        b.source === 'file'
                          ? `Undo the import of ${b.fileName}`
                          : `Undo the ${batchTitle(b)} of ${when(b.committedAt ?? b.createdAt)}`
                      }
                      loading={undo.isPending && undo.variables === b.id}
                      onClick={() => void undoBatch(b)}
                    >
                      Undo
                    </Button>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

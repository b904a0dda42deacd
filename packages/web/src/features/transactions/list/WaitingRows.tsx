import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useWaitingEntries, type OutboxEntry } from '../../../shared/outbox';
import { entryView } from '../outbox/entry-view';
import { OUTBOX_UI } from '../outbox/texts';
import { useCategoryMap } from '../outbox/use-category-map';

/** The mark of an entry kept on this device. */
export function WaitingBadge() {
  return (
    <Badge size="xs" variant="light" color="gray" leftSection={<IconCloudUpload size={12} />}>
      {OUTBOX_UI.waiting}
    </Badge>
  );
}

/**
 * The entries of this book kept on this device, above the server's rows (issue 36): newest first,
 * each marked "Waiting to sync", amounts in their own currency only (the server converts them when
 * they arrive). They open nothing: they are not rows yet.
 */
export function WaitingRows({ compact }: { compact: boolean }) {
  const entries = useWaitingEntries();
  const categories = useCategoryMap();
  if (entries.length === 0) return null;
  return (
    <Card withBorder radius="md" padding={compact ? 'xs' : 'md'} data-testid="waiting-rows">
      <Stack gap={2} mb="xs">
        <Title order={2} size="h5">
          {OUTBOX_UI.waitingCount(entries.length)}
        </Title>
        <Text size="xs" c="dimmed">
          {OUTBOX_UI.waitingNote}
        </Text>
      </Stack>
      <Table verticalSpacing={compact ? 6 : 'xs'} fz="sm">
        <Table.Tbody>
          {[...entries].reverse().map((entry) => (
            <WaitingRow key={entry.key} entry={entry} categories={categories} compact={compact} />
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function WaitingRow({
  entry,
  categories,
  compact,
}: {
  entry: OutboxEntry;
  categories: ReturnType<typeof useCategoryMap>;
  compact: boolean;
}) {
  const view = entryView(entry, categories);
  const deletes = entry.kind.endsWith('-delete');
  const text = view.text === '' ? view.category : view.text;
  return (
    <Table.Tr data-waiting={entry.kind}>
      {!compact && (
        <Table.Td w={150} style={{ whiteSpace: 'nowrap' }}>
          {view.time}
        </Table.Td>
      )}
      <Table.Td>
        <Text size="sm" td={deletes ? 'line-through' : undefined} lineClamp={1}>
          {text}
        </Text>
        <Group gap={6} wrap="wrap">
          {(entry.kind !== 'transaction-add' || compact) && (
            <Text size="xs" c="dimmed" span>
              {[
                entry.kind === 'transaction-add' ? '' : view.action,
                compact ? view.time : '',
                compact && view.category !== text ? view.category : '',
              ]
                .filter((part) => part !== '')
                .join(' · ')}
            </Text>
          )}
          <WaitingBadge />
        </Group>
      </Table.Td>
      {!compact && <Table.Td>{view.category}</Table.Td>}
      <Table.Td ta="right" c={view.color} style={{ whiteSpace: 'nowrap' }} td={deletes ? 'line-through' : undefined}>
        {view.amount}
      </Table.Td>
    </Table.Tr>
  );
}

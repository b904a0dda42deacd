import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../lib/notify';
import { discardEntry, refreshCurrent, resendEntry, type OutboxEntry } from '../../../shared/outbox';
import { entryView, rowView, type EntryView } from './entry-view';
import { applyMine } from './resolve';
import { OUTBOX_UI } from './texts';
import { useCategoryMap } from './use-category-map';

/** Where a refused entry is edited. */
export const editPath = (key: string) => `/private/transactions/decisions/${encodeURIComponent(key)}`;

/** One side of a conflict: the change kept here, or the row on the server. */
function Side({ title, view, note }: { title: string; view?: Omit<EntryView, 'action'>; note?: string }) {
  return (
    <Card withBorder radius="sm" padding="sm" data-side={title}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
        {title}
      </Text>
      {note !== undefined && <Text size="sm">{note}</Text>}
      {view !== undefined && (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {view.text === '' ? view.category : view.text}
          </Text>
          {view.amount !== '' && (
            <Text size="sm" c={view.color}>
              {view.amount}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {[view.category !== view.text ? view.category : '', view.time].filter((p) => p !== '').join(' · ')}
          </Text>
        </Stack>
      )}
    </Card>
  );
}

/** What the server holds now, for a conflict. */
function ServerSide({ entry }: { entry: OutboxEntry }) {
  const categories = useCategoryMap();
  const [reading, setReading] = useState(false);
  if (entry.current === null) return <Side title={OUTBOX_UI.nowOnServer} note={OUTBOX_UI.deletedOnServer} />;
  if (entry.current !== undefined)
    return <Side title={OUTBOX_UI.nowOnServer} view={rowView(entry.current, categories)} />;
  return (
    <Card withBorder radius="sm" padding="sm">
      <Text size="sm">{OUTBOX_UI.notKnownNow}</Text>
      <Button
        mt="xs"
        size="xs"
        variant="default"
        loading={reading}
        onClick={() => {
          setReading(true);
          void refreshCurrent(entry).finally(() => setReading(false));
        }}
      >
        {OUTBOX_UI.readAgain}
      </Button>
    </Card>
  );
}

/**
 * A change kept on this device that the server did not take as it was (issue 36): a conflict
 * shows "Your change" beside "Now on the server" with Apply mine and Discard mine; a refusal
 * shows the server's message with Edit (where a form can open it) and Discard.
 */
export function DecisionCard({ entry, otherBook }: { entry: OutboxEntry; otherBook: boolean }) {
  const categories = useCategoryMap();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const view = entryView(entry, categories);
  const conflict = entry.state === 'conflict';
  const mine = conflict ? applyMine(entry) : undefined;
  const editable = !conflict && !otherBook && !entry.kind.endsWith('-delete') && entry.kind !== 'fixpoint-set';
  const act = (work: () => Promise<void>, message: string) => {
    setBusy(true);
    void work()
      .then(() => notifySuccess(message))
      .finally(() => setBusy(false));
  };
  const yours = entry.kind.endsWith('-delete') ? { ...view, text: `${OUTBOX_UI.deleteIt}: ${view.text}` } : view;
  return (
    <Card withBorder radius="md" padding="md" data-decision={entry.state}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Text fw={600}>{view.action}</Text>
        {otherBook && <Badge variant="light">{OUTBOX_UI.otherBook}</Badge>}
      </Group>
      {!conflict && (
        <Alert color="red" title={OUTBOX_UI.refused} mb="sm">
          {entry.lastError}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: conflict ? 2 : 1 }} spacing="sm">
        <Side title={OUTBOX_UI.yourChange} view={yours} />
        {conflict && <ServerSide entry={entry} />}
      </SimpleGrid>
      <Group justify="flex-end" gap="xs" mt="sm">
        {conflict ? (
          <>
            <Button
              variant="default"
              disabled={busy}
              onClick={() => act(() => discardEntry(entry.key), OUTBOX_UI.discarded)}
            >
              {OUTBOX_UI.discardMine}
            </Button>
            <Button
              disabled={busy || mine === undefined}
              onClick={() => mine !== undefined && act(() => resendEntry(entry.key, mine), OUTBOX_UI.applied)}
            >
              {OUTBOX_UI.applyMine}
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="default"
              disabled={busy}
              onClick={() => act(() => discardEntry(entry.key), OUTBOX_UI.discarded)}
            >
              {OUTBOX_UI.discard}
            </Button>
            {editable && <Button onClick={() => void navigate(editPath(entry.key))}>{OUTBOX_UI.edit}</Button>}
          </>
        )}
      </Group>
    </Card>
  );
}

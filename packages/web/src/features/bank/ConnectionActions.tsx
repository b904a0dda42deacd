import type { BankConnection, BankSyncResult } from '@kassa/contract';
import { Alert, Anchor, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '../../components/confirm/confirm-context';
import { notifySuccess } from '../../lib/notify';
import { useRemoveConnection, useSyncConnection, useUpdateConnection } from './api';
import type { PocketOf } from './pocket-of';
import { anchorText, countsText, failureText } from './texts';

/** What Sync now brought: the counts, each anchor against Kassa's books, a link to the batch. */
function SyncResultView({ result, pocketOf }: { result: BankSyncResult; pocketOf: PocketOf }) {
  const agrees = result.anchors.every((a) => a.error === 0);
  return (
    <Alert color={agrees ? 'teal' : 'yellow'} p="xs" title="Sync done" role="status" data-sync-result>
      <Stack gap={2}>
        <Text size="sm">{countsText(result.counts)}</Text>
        {result.anchors.map((a) => {
          const pocket = pocketOf(a.pocketId);
          return (
            <Text size="sm" key={a.pocketId} data-anchor={a.pocketId}>
              {anchorText(a, pocket.name, pocket.currency)}
            </Text>
          );
        })}
        {result.batchId !== null && (
          <Anchor component={Link} to="/private/import" size="sm">
            See it in the import history
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

/** What the last action came to: the bank being read, the server's refusal, or the sync's result. */
function Outcome(props: {
  busy: string | null;
  failure: Error | null;
  result: BankSyncResult | undefined;
  pocketOf: PocketOf;
}) {
  return (
    <>
      {props.busy !== null && (
        <Text size="xs" c="dimmed" role="status">
          {props.busy}
        </Text>
      )}
      {props.failure !== null && (
        <Alert color="red" p="xs" role="alert">
          {failureText(props.failure)}
        </Alert>
      )}
      {props.result !== undefined && <SyncResultView result={props.result} pocketOf={props.pocketOf} />}
    </>
  );
}

/** Whether pending rows count in the accounts' "available" (POST bank/connection/update). */
function PendingSwitch({ connection }: { connection: BankConnection }) {
  const update = useUpdateConnection();
  return (
    <Switch
      label="Count pending in available"
      checked={connection.pendingInAvailable}
      disabled={update.isPending}
      onChange={(e) =>
        update.mutate({
          connectionId: connection.connectionId,
          body: { pendingInAvailable: e.currentTarget.checked },
        })
      }
      error={update.isError ? failureText(update.error) : undefined}
    />
  );
}

/**
 * A connection's buttons: Sync now (busy while the bank answers; the counts and anchors after, or
 * the server's refusal), Pause or Resume, Edit mapping, Remove (asked first), and whether pending
 * rows count in "available".
 */
export function ConnectionActions({
  connection,
  pocketOf,
  onEditMapping,
}: {
  connection: BankConnection;
  pocketOf: PocketOf;
  onEditMapping: () => void;
}) {
  const sync = useSyncConnection();
  const update = useUpdateConnection();
  const remove = useRemoveConnection();
  const confirm = useConfirm();
  const [result, setResult] = useState<BankSyncResult | undefined>(undefined);
  const id = connection.connectionId;
  const paused = connection.status === 'paused';
  const failure = sync.error ?? update.error ?? remove.error;

  // One message at a time: the last action's.
  const clear = () => {
    sync.reset();
    update.reset();
    remove.reset();
  };
  const syncNow = () => {
    clear();
    setResult(undefined);
    sync.mutate(id, { onSuccess: setResult });
  };
  const togglePause = () => {
    clear();
    update.mutate({ connectionId: id, body: { paused: !paused } });
  };
  const removeIt = async () => {
    const answer = await confirm({
      title: `Remove ${connection.name}?`,
      text: 'Kassa stops syncing its accounts and forgets the access the bank gave. The rows it imported stay in your books.',
      danger: true,
    });
    if (answer !== 'yes') return;
    clear();
    // The promise, not mutate's callback: the card is gone with the reloaded list before it would run.
    remove.mutateAsync(id).then(
      () => notifySuccess('Connection removed'),
      () => undefined, // shown on the card from the mutation's state
    );
  };

  return (
    <Stack gap="xs">
      <PendingSwitch connection={connection} />
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          leftSection={<IconRefresh size={14} />}
          loading={sync.isPending}
          onClick={syncNow}
          aria-label={`Sync ${connection.name} now`}
        >
          Sync now
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={paused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
          loading={update.isPending}
          onClick={togglePause}
          aria-label={`${paused ? 'Resume' : 'Pause'} ${connection.name}`}
        >
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={onEditMapping}
          aria-label={`Edit the mapping of ${connection.name}`}
        >
          Edit mapping
        </Button>
        <Button
          size="xs"
          variant="default"
          color="red"
          leftSection={<IconTrash size={14} />}
          loading={remove.isPending}
          onClick={() => void removeIt()}
          aria-label={`Remove ${connection.name}`}
        >
          Remove
        </Button>
      </Group>
      <Outcome
        busy={sync.isPending ? `Reading ${connection.name} at the bank…` : null}
        failure={failure}
        result={result}
        pocketOf={pocketOf}
      />
    </Stack>
  );
}

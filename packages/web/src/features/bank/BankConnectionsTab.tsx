import type { BankAccount, BankConnectResult } from '@kassa/contract';
import { Alert, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCanWrite } from '../../shared/books';
import { usePocketList } from '../../shared/pockets';
import { AddConnection } from './AddConnection';
import { useBankConnections } from './api';
import { ConnectionCard } from './ConnectionCard';
import { MappingForm } from './MappingForm';
import { pocketFinder } from './pocket-of';
import { failureText } from './texts';

/** The mapping being edited: a connection's, with the accounts of its connect answer when just made. */
interface Mapping {
  connectionId: number;
  accounts?: readonly BankAccount[];
  /** Just connected (or connected again), rather than opened with Edit mapping. */
  fresh: boolean;
}

/** A positive id of a query parameter, else null. */
function idParam(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * What the address brought: Enable Banking's return (?connected=id or ?error=message, set by the
 * server's redirect) and the dashboard's Reconnect (?reconnect=id). Read once, then taken off the
 * address, so that a reload does not show them again.
 */
function useLanding() {
  const [params, setParams] = useSearchParams();
  const [landing] = useState(() => ({
    connected: idParam(params.get('connected')),
    error: params.get('error'),
    reconnect: idParam(params.get('reconnect')),
  }));
  useEffect(() => {
    if (params.has('connected') || params.has('error') || params.has('reconnect')) setParams({}, { replace: true });
  }, [params, setParams]);
  return landing;
}

/**
 * manage/bank (issue 35): the book's bank connections (SimpleFIN Bridge, Enable Banking), each
 * account mapped to a pocket; every sync goes through import as a batch of its own.
 */
export function BankConnectionsTab() {
  const connections = useBankConnections();
  const pocketList = usePocketList().data;
  const canWrite = useCanWrite();
  const landing = useLanding();
  const [error, setError] = useState(landing.error);
  const [mapping, setMapping] = useState<Mapping | null>(
    landing.connected === null ? null : { connectionId: landing.connected, fresh: true },
  );
  const pockets = useMemo(() => new Map((pocketList ?? []).map((p) => [p.pocketId, p])), [pocketList]);
  const list = connections.data ?? [];
  const connected = (result: BankConnectResult) =>
    setMapping({ connectionId: result.connectionId, accounts: result.accounts, fresh: true });
  // A connection just made may not be in the list yet: its mapping shows on a card of its own.
  const fresh = mapping?.accounts !== undefined && !list.some((c) => c.connectionId === mapping.connectionId);

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Bank connections
      </Title>
      <Text size="sm">
        Kassa reads your accounts at the bank, daily and when you press Sync now, and imports the new rows into the
        pocket each account is mapped to. Pending rows wait apart until the bank books them.
      </Text>
      {error !== null && (
        <Alert
          color="red"
          title="The bank connection failed"
          withCloseButton
          onClose={() => setError(null)}
          role="alert"
        >
          {error}
        </Alert>
      )}
      {landing.connected !== null && mapping?.connectionId === landing.connected && (
        <Alert color="teal" role="status">
          Connected. Choose the pocket each account syncs into.
        </Alert>
      )}
      {fresh && mapping.accounts !== undefined && (
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="bank-new-title">
          <Title order={3} size="h5" id="bank-new-title" mb="sm">
            New connection
          </Title>
          <MappingForm
            connectionId={mapping.connectionId}
            accounts={mapping.accounts}
            fresh
            onDone={() => setMapping(null)}
          />
        </Card>
      )}
      {canWrite && <AddConnection folded={list.length > 0 || fresh} onConnected={connected} />}
      {connections.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading" />
      ) : connections.isError ? (
        <Alert color="red" title="Bank connections could not be loaded">
          {failureText(connections.error)}
        </Alert>
      ) : (
        list.length === 0 &&
        !fresh && (
          <Text size="sm" c="dimmed">
            No bank connections yet.
          </Text>
        )
      )}
      {list.map((c) => (
        <ConnectionCard
          key={c.connectionId}
          connection={c}
          pocketOf={pocketFinder(pockets, c)}
          canWrite={canWrite}
          mapping={mapping?.connectionId === c.connectionId}
          onMapping={(open) => setMapping(open ? { connectionId: c.connectionId, fresh: false } : null)}
          mappingFresh={mapping?.fresh === true}
          answered={mapping?.connectionId === c.connectionId ? mapping.accounts : undefined}
          reconnect={landing.reconnect === c.connectionId}
          onConnected={connected}
        />
      ))}
    </Stack>
  );
}

import type { BankAccount, BankConnectResult, BankConnection } from '@kassa/contract';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { AccountLines } from './AccountLines';
import { ConnectionActions } from './ConnectionActions';
import { EnableBankingForm, SimplefinForm } from './ConnectForms';
import { Fold } from './Fold';
import { MappingForm } from './MappingForm';
import { PendingRows } from './PendingRows';
import type { PocketOf } from './pocket-of';
import { SyncLog } from './SyncLog';
import {
  consentText,
  count,
  needsReconnect,
  PROVIDER_LABEL,
  retryText,
  STATUS_COLOR,
  STATUS_LABEL,
  when,
} from './texts';

/** The consent, the last sync and its error, and a wait the bank asked for. */
function StatusLines({ connection }: { connection: BankConnection }) {
  const consent = consentText(connection);
  const waiting = retryText(connection.retryAfter);
  return (
    <Stack gap={2}>
      {consent !== null && (
        <Text size="sm" c={needsReconnect(connection) ? 'red' : undefined} data-consent>
          {consent}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {connection.lastSyncAt === null ? 'Not synced yet' : `Last sync ${when(connection.lastSyncAt)}`}
      </Text>
      {connection.lastError !== null && (
        <Text size="sm" c="red" data-last-error>
          Last error: {connection.lastError}
        </Text>
      )}
      {waiting !== null && (
        <Text size="sm" fw={500} data-retry-after>
          {waiting}
        </Text>
      )}
    </Stack>
  );
}

/** Consent lapsing or lapsed: the warning, and the way to give it again (a new token, or the bank's page). */
function Reconnect({
  connection,
  open,
  onOpen,
  onConnected,
}: {
  connection: BankConnection;
  open: boolean;
  onOpen: (open: boolean) => void;
  onConnected: (result: BankConnectResult) => void;
}) {
  const expired = connection.status === 'expired';
  return (
    <Alert
      color={expired ? 'red' : 'yellow'}
      icon={<IconAlertTriangle size={18} />}
      title={expired ? 'The bank’s consent has expired' : 'The bank’s consent expires soon'}
      p="sm"
    >
      <Stack gap="xs">
        <Text size="sm">
          {expired
            ? 'Kassa can no longer read these accounts. Connect again to go on syncing them.'
            : 'Connect again before it lapses to keep syncing without a gap.'}
        </Text>
        {!open ? (
          <Group>
            <Button size="xs" onClick={() => onOpen(true)} aria-label={`Reconnect ${connection.name}`}>
              Reconnect
            </Button>
          </Group>
        ) : connection.provider === 'simplefin' ? (
          <>
            <Text size="sm">
              Paste a new setup token from SimpleFIN Bridge: this connection and its pockets stay as they are.
            </Text>
            <SimplefinForm
              connectionId={connection.connectionId}
              submitLabel="Reconnect"
              onConnected={(result) => {
                onOpen(false);
                onConnected(result);
              }}
            />
          </>
        ) : (
          <EnableBankingForm connectionId={connection.connectionId} submitLabel="Continue to the bank" />
        )}
      </Stack>
    </Alert>
  );
}

/** The list's accounts, each with the balance the connect answer gave when the list has none yet. */
function withAnswered(accounts: readonly BankAccount[], answered: readonly BankAccount[] | undefined): BankAccount[] {
  return accounts.map((a) => {
    const fresh = answered?.find((x) => x.accountId === a.accountId);
    return a.balance === null && fresh !== undefined && fresh.balance !== null
      ? { ...a, balance: fresh.balance, balanceDate: fresh.balanceDate }
      : a;
  });
}

export interface ConnectionCardProps {
  connection: BankConnection;
  pocketOf: PocketOf;
  canWrite: boolean;
  /** Shows the mapping form in place of the accounts. */
  mapping: boolean;
  /** The mapping is of a connection just made (its accounts start without a choice). */
  mappingFresh: boolean;
  /** The connect answer's accounts, with the balances the bank gave then (the list has none before a first sync). */
  answered?: readonly BankAccount[];
  onMapping: (open: boolean) => void;
  /** Opens the reconnect form at once (the dashboard's Reconnect leads here). */
  reconnect: boolean;
  onConnected: (result: BankConnectResult) => void;
}

/**
 * A bank connection: its name, provider and status; consent, last sync and error; its accounts
 * (or their mapping being edited); the buttons; pending rows and the sync log, each opened on demand.
 */
export function ConnectionCard(props: ConnectionCardProps) {
  const { connection: c, pocketOf, canWrite } = props;
  const [reconnecting, setReconnecting] = useState(props.reconnect);
  const titleId = useId();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={titleId}
      data-connection={c.connectionId}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {c.name}
          </Title>
          <Badge size="sm" variant="light" color="blue">
            {PROVIDER_LABEL[c.provider]}
          </Badge>
          <Badge size="sm" variant="light" color={STATUS_COLOR[c.status]} data-status={c.status}>
            {STATUS_LABEL[c.status]}
          </Badge>
        </Group>
        <StatusLines connection={c} />
        {canWrite && needsReconnect(c) && (
          <Reconnect connection={c} open={reconnecting} onOpen={setReconnecting} onConnected={props.onConnected} />
        )}
        {props.mapping ? (
          <MappingForm
            connectionId={c.connectionId}
            accounts={withAnswered(c.accounts, props.answered)}
            fresh={props.mappingFresh}
            onDone={() => props.onMapping(false)}
          />
        ) : (
          <AccountLines connection={c} pocketOf={pocketOf} />
        )}
        {canWrite && !props.mapping && (
          <ConnectionActions connection={c} pocketOf={pocketOf} onEditMapping={() => props.onMapping(true)} />
        )}
        <Stack gap={0}>
          <Fold label={`Pending rows (${c.accounts.reduce((n, a) => n + a.pendingCount, 0)})`}>
            {(open) => <PendingRows connectionId={c.connectionId} name={c.name} open={open} />}
          </Fold>
          <Fold label={`Sync log (${count(c.log.length, 'sync')})`}>
            {() => <SyncLog name={c.name} log={c.log} pocketOf={pocketOf} />}
          </Fold>
        </Stack>
      </Stack>
    </Card>
  );
}

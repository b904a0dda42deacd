import type { ApiTokenScope, CreatedApiToken } from '@kassa/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useState, type SyntheticEvent } from 'react';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { notifySuccess } from '../../../lib/notify';
import { copyToClipboard } from '../clipboard';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './api';
import { when } from './when';

const DAY_MS = 86_400_000;
const EXPIRIES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'No expiry' },
];

const SCOPES: { value: ApiTokenScope; label: string }[] = [
  { value: 'read', label: 'Read' },
  { value: 'read-write', label: 'Read and write' },
];

const monospace = { fontFamily: 'var(--mantine-font-family-monospace)' };

/**
 * private/user/tokens: personal API tokens for scripts (`Authorization: Bearer kassa_…`). Create
 * one with a name, a scope and an expiry; it is shown once with a copy button. The list shows when
 * each was last used; revoking asks first and stops the token at once.
 */
export function ApiTokensTab() {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<CreatedApiToken | undefined>(undefined);
  const revoke = useRevokeApiToken();
  const confirm = useConfirm();

  const askRevoke = async (id: number, name: string) => {
    const answer = await confirm({
      title: `Revoke the token “${name}”?`,
      text: 'Scripts using it stop working at once. This can not be undone.',
      danger: true,
    });
    if (answer === 'yes') revoke.mutate(id, { onSuccess: () => notifySuccess('Token revoked') });
  };

  return (
    <Stack gap="lg">
      <Text size="sm">
        API tokens let your own scripts use the Kassa API without your password: send one as{' '}
        <Text span style={monospace}>
          Authorization: Bearer kassa_…
        </Text>
        . A read token can only read your books; a read and write token can change them too. Neither can manage your
        password, two-factor sign-in, sessions or tokens.
      </Text>
      {created === undefined ? (
        <CreateForm onCreated={setCreated} />
      ) : (
        <NewToken token={created} onDone={() => setCreated(undefined)} />
      )}
      <Stack gap="xs">
        <Title order={2} size="h4">
          Your tokens
        </Title>
        {tokens.isPending && <Loader size="sm" role="status" aria-label="Loading" />}
        {tokens.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            No API tokens yet.
          </Text>
        )}
        <Stack gap="xs" component="ul" aria-label="API tokens" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {tokens.data?.map((token) => (
            <Paper key={token.id} withBorder p="sm" radius="sm" component="li" aria-label={token.name}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {token.name}
                    </Text>
                    <Badge variant="light" color={token.scope === 'read' ? 'blue' : 'orange'}>
                      {token.scope === 'read' ? 'Read' : 'Read and write'}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed" style={monospace}>
                    {token.prefix}…
                  </Text>
                  <Text size="sm">Last used: {token.lastUsedAt === null ? 'never' : when(token.lastUsedAt)}</Text>
                  <Text size="xs" c="dimmed">
                    Created {when(token.createdAt)} ·{' '}
                    {token.expiresAt === null ? 'no expiry' : `expires ${when(token.expiresAt)}`}
                  </Text>
                </Stack>
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  style={{ flexShrink: 0 }}
                  onClick={() => void askRevoke(token.id, token.name)}
                  aria-label={`Revoke ${token.name}`}
                >
                  Revoke
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Stack>
  );
}

/** Name, scope and expiry of a new token. */
function CreateForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expiry, setExpiry] = useState('90');
  const create = useCreateApiToken();

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const expiresAt = expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * DAY_MS).toISOString();
    create.mutate(
      { name, scope, expiresAt },
      {
        onSuccess: (token) => {
          setName('');
          onCreated(token);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Create an API token">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Create a token
        </Title>
        <TextInput
          label="Token name"
          description="What will use it, e.g. “Nightly backup”"
          required
          maxLength={100}
          maw={420}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="token-scope-label">
            Scope
          </Text>
          <SegmentedControl
            aria-labelledby="token-scope-label"
            data={SCOPES}
            value={scope}
            onChange={setScope}
            maw={420}
          />
        </Stack>
        <Select
          label="Expires after"
          data={EXPIRIES}
          value={expiry}
          onChange={(value) => setExpiry(value ?? '90')}
          allowDeselect={false}
          maw={420}
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The new token, this once, with a copy button. */
function NewToken({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    const copied = await copyToClipboard(token.token);
    setCopyFailed(!copied);
    if (copied) notifySuccess('Copied to clipboard');
  };
  return (
    <Alert color="teal" title={`Token “${token.name}” created`}>
      <Stack gap="sm">
        <Text size="sm">Copy it now: it is shown only this once. Kassa keeps only a fingerprint of it.</Text>
        <TextInput
          label="Your new API token"
          value={token.token}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          styles={{ input: { ...monospace, fontSize: 13 } }}
          rightSectionWidth={48}
          rightSection={
            <Tooltip label="Copy">
              <ActionIcon variant="light" size="lg" aria-label="Copy API token" onClick={() => void copy()}>
                <IconCopy size={20} />
              </ActionIcon>
            </Tooltip>
          }
        />
        {copyFailed && (
          <Text c="orange" size="sm" role="alert">
            The token could not be copied to the clipboard. Select it and copy it by hand.
          </Text>
        )}
        <Group>
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

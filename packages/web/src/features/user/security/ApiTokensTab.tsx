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
import { Trans } from '../../../i18n/Trans';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { notifySuccess } from '../../../lib/notify';
import { copyToClipboard } from '../clipboard';
import { t as text, useT } from '../i18n';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './api';
import { when } from './when';

const DAY_MS = 86_400_000;
/** The expiries a new token may have, in days (or none). */
const expiries = () => [
  { value: '30', label: text('tokens.days30') },
  { value: '90', label: text('tokens.days90') },
  { value: '365', label: text('tokens.year') },
  { value: 'never', label: text('tokens.noExpiryChoice') },
];

const scopeLabel = (scope: ApiTokenScope) => (scope === 'read' ? text('tokens.read') : text('tokens.readWrite'));
const scopes = () => (['read', 'read-write'] as const).map((value) => ({ value, label: scopeLabel(value) }));

const monospace = { fontFamily: 'var(--mantine-font-family-monospace)' };

/**
 * private/user/tokens: personal API tokens for scripts (`Authorization: Bearer kassa_…`). Create
 * one with a name, a scope and an expiry; it is shown once with a copy button. The list shows when
 * each was last used; revoking asks first and stops the token at once.
 */
export function ApiTokensTab() {
  const { t } = useT();
  const tokens = useApiTokens();
  const [created, setCreated] = useState<CreatedApiToken | undefined>(undefined);
  const revoke = useRevokeApiToken();
  const confirm = useConfirm();

  const askRevoke = async (id: number, name: string) => {
    const answer = await confirm({
      title: text('tokens.revokeTitle', { name }),
      text: text('tokens.revokeText'),
      danger: true,
    });
    if (answer === 'yes') revoke.mutate(id, { onSuccess: () => notifySuccess(text('tokens.revoked')) });
  };

  return (
    <Stack gap="lg">
      <Text size="sm">
        <Trans t={t} i18nKey="tokens.intro" components={{ code: <Text span style={monospace} /> }} />
      </Text>
      {created === undefined ? (
        <CreateForm onCreated={setCreated} />
      ) : (
        <NewToken token={created} onDone={() => setCreated(undefined)} />
      )}
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('tokens.yours')}
        </Title>
        {tokens.isPending && <Loader size="sm" role="status" aria-label={t('loading')} />}
        {tokens.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('tokens.none')}
          </Text>
        )}
        <Stack
          gap="xs"
          component="ul"
          aria-label={t('tokens.list')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {tokens.data?.map((token) => (
            <Paper key={token.id} withBorder p="sm" radius="sm" component="li" aria-label={token.name}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {token.name}
                    </Text>
                    <Badge variant="light" color={token.scope === 'read' ? 'blue' : 'orange'}>
                      {scopeLabel(token.scope)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed" style={monospace}>
                    {token.prefix}…
                  </Text>
                  <Text size="sm">
                    {t('tokens.lastUsed', {
                      when: token.lastUsedAt === null ? t('tokens.never') : when(token.lastUsedAt),
                    })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('tokens.created', {
                      when: when(token.createdAt),
                      expiry:
                        token.expiresAt === null
                          ? t('tokens.noExpiry')
                          : t('tokens.expires', { when: when(token.expiresAt) }),
                    })}
                  </Text>
                </Stack>
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  style={{ flexShrink: 0 }}
                  onClick={() => void askRevoke(token.id, token.name)}
                  aria-label={t('tokens.revokeLabel', { name: token.name })}
                >
                  {t('tokens.revoke')}
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
  const { t } = useT();
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
    <form onSubmit={submit} aria-label={t('tokens.createForm')}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('tokens.createTitle')}
        </Title>
        <TextInput
          label={t('tokens.name')}
          description={t('tokens.nameHint')}
          required
          maxLength={100}
          maw={420}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="token-scope-label">
            {t('tokens.scope')}
          </Text>
          <SegmentedControl
            aria-labelledby="token-scope-label"
            data={scopes()}
            value={scope}
            onChange={setScope}
            maw={420}
          />
        </Stack>
        <Select
          label={t('tokens.expiresAfter')}
          data={expiries()}
          value={expiry}
          onChange={(value) => setExpiry(value ?? '90')}
          allowDeselect={false}
          maw={420}
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('tokens.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The new token, this once, with a copy button. */
function NewToken({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const { t } = useT();
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    const copied = await copyToClipboard(token.token);
    setCopyFailed(!copied);
    if (copied) notifySuccess(text('copied'));
  };
  return (
    <Alert color="teal" title={t('tokens.createdTitle', { name: token.name })}>
      <Stack gap="sm">
        <Text size="sm">{t('tokens.copyNow')}</Text>
        <TextInput
          label={t('tokens.newToken')}
          value={token.token}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          styles={{ input: { ...monospace, fontSize: 13 } }}
          rightSectionWidth={48}
          rightSection={
            <Tooltip label={t('copy')}>
              <ActionIcon variant="light" size="lg" aria-label={t('tokens.copyLabel')} onClick={() => void copy()}>
                <IconCopy size={20} />
              </ActionIcon>
            </Tooltip>
          }
        />
        {copyFailed && (
          <Text c="orange" size="sm" role="alert">
            {t('tokens.copyFailed')}
          </Text>
        )}
        <Group>
          <Button variant="default" onClick={onDone}>
            {t('tokens.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

import { Badge, Button, Card, Checkbox, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { Pocket } from '@kassa/contract';
import { formatDate, formatMoney } from '../../../lib/display-format';
import { useLastFixpoint } from '../../../shared/last-fixpoint';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { usePocketMutations } from '../api';
import { useT } from '../i18n';

/** One pocket: name, cash or bank, latest balance; a click opens it in edit mode (spec §4 Pocket). */
export function PocketCard({ pocket }: { pocket: Pocket }) {
  const { t } = useT();
  const [editing, setEditing] = useState(false);
  const last = useLastFixpoint().data;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="pocket-card">
      {editing ? (
        <PocketEditor pocket={pocket} onDone={() => setEditing(false)} />
      ) : (
        <UnstyledButton
          onClick={() => setEditing(true)}
          aria-label={t('pocket.edit', { name: pocket.name })}
          style={{ display: 'block', width: '100%' }}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {pocket.name}
            </Text>
            <Badge variant="light" color={pocket.isCash ? 'yellow' : 'blue'} style={{ flexShrink: 0 }}>
              {pocket.isCash ? t('pocket.cash') : t('pocket.bank')}
            </Badge>
          </Group>
          <Text size="lg" mt={4} c={pocket.balance < 0 ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(pocket.balance, pocket.currency)}
          </Text>
          <Text size="xs" c="dimmed" data-balance-caption>
            {/* The balance a pocket keeps is the one stated at the last fixpoint (issue 22). */}
            {last === undefined
              ? t('pocket.balanceAtLast')
              : last === null
                ? t('pocket.opening')
                : t('pocket.atFixpoint', { date: formatDate(new Date(last.time)) })}
          </Text>
        </UnstyledButton>
      )}
    </Card>
  );
}

function PocketEditor({ pocket, onDone }: { pocket: Pocket; onDone: () => void }) {
  const { t } = useT();
  const { update } = usePocketMutations();
  const [name, setName] = useState(pocket.name);
  const [isCash, setIsCash] = useState(pocket.isCash);
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    if (name.trim() === '') {
      setError(t('nameRequired'));
      return;
    }
    update.mutate(
      { pocketId: pocket.pocketId, name: name.trim(), isCash },
      {
        onSuccess: () => {
          notifySuccess(t('pocket.changesSaved'));
          onDone();
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="xs">
        <TextInput
          label={t('name')}
          required
          maxLength={100}
          data-autofocus
          value={name}
          error={error}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Checkbox label={t('pocket.isCash')} checked={isCash} onChange={(e) => setIsCash(e.currentTarget.checked)} />
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button size="xs" type="submit" loading={update.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import type { Settlement } from '@kassa/contract';
import { ActionIcon, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatMoney } from '../../lib/display-format';
import { IconTrash } from '@tabler/icons-react';
import { useConfirm } from '../../components/confirm/confirm-context';
import { notifySuccess } from '../../lib/notify';
import { useDeleteSettlement } from './api';
import { someone } from './figures';
import { t as texts, useT } from './i18n';

/** One recorded settlement: day, who gave whom, the amount (and in the main currency), the note, Delete. */
function SettlementRow({
  settlement: s,
  names,
  mainCurrency,
  canWrite,
}: {
  settlement: Settlement;
  names: ReadonlyMap<number, string>;
  mainCurrency: string;
  canWrite: boolean;
}) {
  const { t } = useT();
  const remove = useDeleteSettlement();
  const confirm = useConfirm();
  const from = names.get(s.fromUserId) ?? someone();
  const to = names.get(s.toUserId) ?? someone();
  const amount = formatMoney(s.amount, s.currency);
  const label = t('list.paid', { from, to, amount, date: formatDate(new Date(s.time)) });

  const askDelete = async () => {
    const answer = await confirm({
      title: t('list.deleteTitle'),
      text: t('list.deleteText', { settlement: label }),
      danger: true,
    });
    if (answer === 'yes') remove.mutate(s.id, { onSuccess: () => notifySuccess(texts('list.deleted')) });
  };

  return (
    <Group
      component="li"
      aria-label={label}
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      align="flex-start"
      data-settlement
    >
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {from} → {to}:{' '}
          <Text span fw={600} inherit style={{ whiteSpace: 'nowrap' }}>
            {amount}
          </Text>
          {s.currency !== mainCurrency && (
            <Text span c="dimmed" inherit style={{ whiteSpace: 'nowrap' }}>
              {' '}
              ({formatMoney(s.convertedAmount, mainCurrency)})
            </Text>
          )}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {formatDate(new Date(s.time))}
          {s.description !== '' ? ` · ${s.description}` : ''}
          {s.createdBy !== null ? ` · ${t('list.by', { name: s.createdBy.name })}` : ''}
        </Text>
      </Stack>
      {canWrite && (
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('list.delete', { settlement: label })}
          onClick={() => void askDelete()}
          loading={remove.isPending}
        >
          <IconTrash size={18} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** The settlements recorded in the interval, newest first, each deletable by whoever may write. */
export function SettlementList({
  settlements,
  names,
  mainCurrency,
  canWrite,
}: {
  settlements: readonly Settlement[];
  names: ReadonlyMap<number, string>;
  mainCurrency: string;
  canWrite: boolean;
}) {
  const { t } = useT();
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h5" mb="sm">
        {t('list.title')}
      </Title>
      {settlements.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('list.none')}
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label={t('list.title')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {settlements.map((s) => (
            <SettlementRow key={s.id} settlement={s} names={names} mainCurrency={mainCurrency} canWrite={canWrite} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

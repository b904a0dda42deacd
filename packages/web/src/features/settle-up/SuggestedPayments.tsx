import type { SettleUpTransfer } from '@kassa/contract';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '../../lib/display-format';
import { notifySuccess } from '../../lib/notify';
import { useAddSettlement } from './api';
import { paymentParts, paymentText } from './figures';
import { t as texts, useT } from './i18n';

/**
 * The fewest payments that bring every balance to 0, in the main currency, each with Record (for
 * whoever may write), which records it as a settlement at `recordAt` and reads the figures again.
 */
export function SuggestedPayments({
  transfers,
  names,
  canWrite,
  recordAt,
}: {
  transfers: readonly SettleUpTransfer[];
  names: ReadonlyMap<number, string>;
  canWrite: boolean;
  /** When a recorded payment is dated (settle-up's figures.ts recordTime). */
  recordAt: () => Date;
}) {
  const { t } = useT();
  const add = useAddSettlement();
  const record = (transfer: SettleUpTransfer) =>
    add.mutate(
      {
        fromUserId: transfer.fromUserId,
        toUserId: transfer.toUserId,
        amount: transfer.amount,
        currency: transfer.currency,
        time: recordAt().toISOString(),
      },
      { onSuccess: () => notifySuccess(texts('payments.recorded', { payment: paymentText(transfer, names) })) },
    );
  const recording = add.isPending ? add.variables : undefined;

  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h5" mb="sm">
        {t('payments.title')}
      </Title>
      {transfers.length === 0 ? (
        <Text size="sm" c="dimmed" data-settled>
          {t('payments.none')}
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          aria-label={t('payments.title')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {transfers.map((transfer) => {
            const text = paymentText(transfer, names);
            const parts = paymentParts(transfer, names);
            const busy =
              recording !== undefined &&
              recording.fromUserId === transfer.fromUserId &&
              recording.toUserId === transfer.toUserId;
            return (
              <Group
                component="li"
                key={`${transfer.fromUserId}-${transfer.toUserId}`}
                aria-label={text}
                justify="space-between"
                wrap="wrap"
                gap="xs"
                data-payment
              >
                <Text size="sm" style={{ overflowWrap: 'anywhere', flex: '1 1 180px' }}>
                  {parts.who}{' '}
                  <Text span inherit style={{ whiteSpace: 'nowrap' }}>
                    {parts.amount}
                  </Text>
                </Text>
                {canWrite && (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => record(transfer)}
                    loading={busy}
                    disabled={add.isPending && !busy}
                    aria-label={t('payments.recordLabel', { payment: text })}
                  >
                    {t('payments.record')}
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      {transfers.length > 0 && (
        <Text size="xs" c="dimmed" mt="sm">
          {t('payments.note', {
            currency: transfers[0]?.currency ?? '',
            zero: formatMoney(0, transfers[0]?.currency ?? ''),
          })}
        </Text>
      )}
    </Card>
  );
}

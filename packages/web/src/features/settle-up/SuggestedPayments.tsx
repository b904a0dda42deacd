import type { SettleUpTransfer } from '@kassa/contract';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '../../lib/display-format';
import { notifySuccess } from '../../lib/notify';
import { useAddSettlement } from './api';
import { paymentParts, paymentText } from './figures';

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
  const add = useAddSettlement();
  const record = (t: SettleUpTransfer) =>
    add.mutate(
      {
        fromUserId: t.fromUserId,
        toUserId: t.toUserId,
        amount: t.amount,
        currency: t.currency,
        time: recordAt().toISOString(),
      },
      { onSuccess: () => notifySuccess(`Recorded: ${paymentText(t, names)}`) },
    );
  const recording = add.isPending ? add.variables : undefined;

  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h5" mb="sm">
        Suggested payments
      </Title>
      {transfers.length === 0 ? (
        <Text size="sm" c="dimmed" data-settled>
          Everyone is settled up: no payments needed.
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          aria-label="Suggested payments"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {transfers.map((t) => {
            const text = paymentText(t, names);
            const parts = paymentParts(t, names);
            const busy =
              recording !== undefined && recording.fromUserId === t.fromUserId && recording.toUserId === t.toUserId;
            return (
              <Group
                component="li"
                key={`${t.fromUserId}-${t.toUserId}`}
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
                    onClick={() => record(t)}
                    loading={busy}
                    disabled={add.isPending && !busy}
                    aria-label={`Record: ${text}`}
                  >
                    Record
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      {transfers.length > 0 && (
        <Text size="xs" c="dimmed" mt="sm">
          In {transfers[0]?.currency ?? ''}, the book's main currency; recording them brings every balance of the
          interval to {formatMoney(0, transfers[0]?.currency ?? '')}.
        </Text>
      )}
    </Card>
  );
}

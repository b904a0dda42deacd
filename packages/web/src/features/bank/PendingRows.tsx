import type { BankPendingRow } from '@kassa/contract';
import { formatMoney } from '../../lib/display-format';
import { Alert, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { usePendingRows } from './api';
import { day, failureText } from './texts';

const STATUS: Record<BankPendingRow['status'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  posted: { label: 'Posted', color: 'teal' },
  expired: { label: 'Expired', color: 'gray' },
};

function PendingRow({ row }: { row: BankPendingRow }) {
  const status = STATUS[row.status];
  const text = [row.payee, row.description].filter((t) => t !== '').join(' · ');
  return (
    <Paper withBorder radius="sm" p="xs" role="listitem" data-pending={row.id} data-status={row.status}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {text === '' ? 'No description' : text}
          </Text>
          <Text size="xs" c="dimmed">
            {day(row.date)}
            {row.note === null ? '' : ` · ${row.note}`}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} c={row.amount < 0 ? undefined : 'teal'}>
            {formatMoney(row.amount, row.currency)}
          </Text>
          <Badge size="xs" variant="light" color={status.color}>
            {status.label}
          </Badge>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * A connection's pending rows, and those that left the list (posted, or expired unbooked) with
 * the note saying why; loaded when opened. Pending rows are not in the books.
 */
export function PendingRows({ connectionId, name, open }: { connectionId: number; name: string; open: boolean }) {
  const rows = usePendingRows(connectionId, open);
  if (rows.isPending) return open ? <Loader size="sm" role="status" aria-label="Loading" /> : null;
  if (rows.isError)
    return (
      <Alert color="red" p="xs">
        {failureText(rows.error)}
      </Alert>
    );
  if (rows.data.length === 0)
    return (
      <Text size="sm" c="dimmed" py="xs">
        No pending rows.
      </Text>
    );
  return (
    <Stack gap={6} py="xs">
      <Text size="xs" c="dimmed">
        Pending rows stay out of your books, budgets and reports until the bank books them.
      </Text>
      <Stack gap={6} role="list" aria-label={`Pending rows of ${name}`}>
        {rows.data.map((r) => (
          <PendingRow key={r.id} row={r} />
        ))}
      </Stack>
    </Stack>
  );
}

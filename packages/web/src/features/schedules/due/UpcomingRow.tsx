import { Badge, Group, Stack, Text } from '@mantine/core';
import type { UpcomingItem } from '@kassa/contract';
import { formatMoney } from '../../../lib/display-format';
import { amountColor, amountText, dateText } from '../entry-text';
import { DueButtons } from './DueButtons';

interface Props {
  item: UpcomingItem;
  name: string;
  /** The category, or "Conversion". */
  detail: string;
  /** Shows the projected available balances after the item. */
  withBalances: boolean;
  onEdit: (item: UpcomingItem) => void;
}

/**
 * One occurrence: its day (marked when due), name and amount; the available balance of each
 * currency it moves once it and every item before it are posted; and, when due, Confirm, Skip and
 * Edit. Two columns that wrap, so it reads the same on a phone.
 */
export function UpcomingRow({ item, name, detail, withBalances, onEdit }: Props) {
  const p = item.payload;
  return (
    <Stack gap={4} data-testid="upcoming-item" data-due={item.due} data-schedule={item.scheduleId}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <div style={{ minWidth: 0, flex: '1 1 8rem' }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {dateText(item.date)}
            </Text>
            {item.due && (
              <Badge size="sm" color="orange" variant="light">
                Due
              </Badge>
            )}
          </Group>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {detail}
            {item.mode === 'post' ? ' · posts itself' : ''}
          </Text>
        </div>
        <div style={{ textAlign: 'right', flex: '0 1 auto', marginLeft: 'auto' }}>
          <Text size="sm" fw={600} c={amountColor(p)} data-figure="amount" style={{ whiteSpace: 'nowrap' }}>
            {amountText(p)}
          </Text>
          {withBalances && <Balances item={item} />}
        </div>
      </Group>
      {item.due && <DueButtons item={item} name={name} onEdit={onEdit} />}
    </Stack>
  );
}

/** "Available after: 1 234.00 €, 50.00 $"; an amount asked each time moves nothing yet. */
function Balances({ item }: { item: UpcomingItem }) {
  if (item.balances.length === 0)
    return (
      <Text size="xs" c="dimmed">
        Amount asked on confirm
      </Text>
    );
  return (
    <Text size="xs" c="dimmed" data-figure="balance-after">
      Available after:{' '}
      {item.balances.map((b, i) => (
        <Text span size="xs" key={b.currency} c={b.amount < 0 ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {i > 0 ? ', ' : ''}
          {formatMoney(b.amount, b.currency)}
        </Text>
      ))}
    </Text>
  );
}

import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { Transaction } from '@kassa/contract';
import { ellipsis, formatDate, formatMoney, formatTime } from '@kassa/money';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from 'react-router';

/** Newest first: by time, then by id (the later recorded of the same instant first). */
export function newestFirst(rows: readonly Transaction[]): Transaction[] {
  return [...rows].sort((a, b) => Date.parse(b.time) - Date.parse(a.time) || b.id - a.id);
}

const when = (time: string) => `${formatDate(new Date(time))} ${formatTime(new Date(time))}`;

const TYPE_LABELS = { pnl: 'P&L', realize: 'Realize' } as const;

/** IN/OUT, and for business rows that are not plain invest flows, their type. */
function Direction({ tx, compact }: { tx: Transaction; compact: boolean }) {
  const badges = (
    <>
      <Badge size="sm" variant="light" color={tx.isIncome ? 'teal' : 'red'} miw="max-content">
        {tx.isIncome ? 'IN' : 'OUT'}
      </Badge>
      {(tx.type === 'pnl' || tx.type === 'realize') && (
        <Badge size="sm" variant="outline" color="gray" miw="max-content">
          {TYPE_LABELS[tx.type]}
        </Badge>
      )}
    </>
  );
  // A phone stacks the badges: side by side they would be cut to "O…".
  return compact ? (
    <Stack gap={4} align="flex-start">
      {badges}
    </Stack>
  ) : (
    <Group gap={4} wrap="nowrap">
      {badges}
    </Group>
  );
}

/** A category's transactions; rows open the transaction editor unless the category is closed (spec §4). */
export function CategoryTransactions({ rows, clickable }: { rows: readonly Transaction[]; clickable: boolean }) {
  const navigate = useNavigate();
  const compact = useMediaQuery('(max-width: 599.98px)');
  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md" size="sm">
        No transactions in this category yet
      </Text>
    );
  }
  return (
    <Table highlightOnHover={clickable} fz="sm" verticalSpacing={compact ? 6 : 'xs'}>
      <Table.Thead>
        <Table.Tr>
          {!compact && <Table.Th w={150}>Date</Table.Th>}
          <Table.Th>Description</Table.Th>
          <Table.Th>Direction</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {newestFirst(rows).map((tx) => {
          const open = () => void navigate(`/private/edit-transaction/${tx.id}`);
          return (
            <Table.Tr
              key={tx.id}
              data-transaction={tx.id}
              onClick={clickable ? open : undefined}
              onKeyDown={clickable ? (e) => e.key === 'Enter' && open() : undefined}
              tabIndex={clickable ? 0 : undefined}
              style={{ cursor: clickable ? 'pointer' : 'default' }}
            >
              {!compact && <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(tx.time)}</Table.Td>}
              <Table.Td>
                <Text size="sm" span>
                  {ellipsis(tx.description, compact ? 30 : 60)}
                </Text>
                {compact && (
                  <Text size="xs" c="dimmed">
                    {when(tx.time)}
                  </Text>
                )}
              </Table.Td>
              {/* nowrap: the cell takes the badges' width, the description wraps instead. */}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Direction tx={tx} compact={compact} />
              </Table.Td>
              <Table.Td ta="right" c={tx.isIncome ? 'teal' : 'red'} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(tx.isIncome ? tx.amount : -tx.amount, tx.currency)}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

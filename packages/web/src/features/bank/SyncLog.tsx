import type { BankAnchor, BankSyncLogEntry } from '@kassa/contract';
import { formatMoney } from '../../lib/display-format';
import { Table, Text } from '@mantine/core';
import type { PocketOf } from './pocket-of';
import { when } from './texts';

/** An anchor's error in a cell: "Girokonto: matches", "Girokonto: + 12.00 €". */
function anchorCell(a: BankAnchor, pocketOf: PocketOf): string {
  const { name, currency } = pocketOf(a.pocketId);
  if (a.error === 0) return `${name}: matches`;
  return `${name}: ${a.error > 0 ? '+ ' : ''}${formatMoney(a.error, currency)}`;
}

const HEADS = ['When', 'Trigger', 'New', 'Pending', 'Posted', 'Duplicate', 'Expired', 'Anchor errors', 'Error'];

/** A connection's syncs, newest first as the server lists them; wide, so it scrolls sideways on a phone. */
export function SyncLog({
  name,
  log,
  pocketOf,
}: {
  name: string;
  log: readonly BankSyncLogEntry[];
  pocketOf: PocketOf;
}) {
  if (log.length === 0)
    return (
      <Text size="sm" c="dimmed" py="xs">
        No syncs yet.
      </Text>
    );
  return (
    // A plain scrolling box, reachable by keyboard, so the columns past a phone's edge can be read.
    <Table.ScrollContainer
      minWidth={760}
      py="xs"
      type="native"
      tabIndex={0}
      role="region"
      aria-label={`Sync log of ${name}`}
    >
      <Table striped verticalSpacing={4} fz="xs" aria-label={`Sync log of ${name}`}>
        <Table.Thead>
          <Table.Tr>
            {HEADS.map((h) => (
              <Table.Th key={h} style={{ whiteSpace: 'nowrap' }}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {log.map((e, i) => (
            <Table.Tr key={`${e.at}-${i}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(e.at)}</Table.Td>
              <Table.Td>{e.trigger === 'manual' ? 'Sync now' : 'Scheduled'}</Table.Td>
              <Table.Td>{e.counts.new}</Table.Td>
              <Table.Td>{e.counts.pending}</Table.Td>
              <Table.Td>{e.counts.posted}</Table.Td>
              <Table.Td>{e.counts.duplicate}</Table.Td>
              <Table.Td>{e.counts.expired}</Table.Td>
              <Table.Td>
                {e.anchors.length === 0 ? '–' : e.anchors.map((a) => anchorCell(a, pocketOf)).join('; ')}
              </Table.Td>
              <Table.Td c={e.error === null ? undefined : 'red'}>{e.error ?? '–'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

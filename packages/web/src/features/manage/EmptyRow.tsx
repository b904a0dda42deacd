import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The only row of an empty manage table: a dimmed note across all its columns. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

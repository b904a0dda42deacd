import { Card, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ellipsis, formatMoney } from '@kassa/money';
import { useOnePeriod } from './api';
import { CategoryFilters, type CategoryFilterProps } from './CategoryFilters';
import { EMPTY_PERIOD_TEXT, intervalDays, shareTable, topSlices, type ShareRow } from './shares';
import { SlicesPie } from './SlicesPie';

/** Single period (spec §2): P&L per category in one direction, a pie of the top 7 and a table with a Sum row. */
export function OnePeriodTab(props: CategoryFilterProps) {
  const query = useOnePeriod(props.interval, props.income);
  const phone = useMediaQuery('(max-width: 599.98px)');
  const table = query.data === undefined ? undefined : shareTable(query.data, intervalDays(props.interval));

  const line = (r: ShareRow, currency: string, bold = false) => (
    <Table.Tr key={r.key} fw={bold ? 700 : undefined} data-row={r.name}>
      <Table.Td title={r.name}>{ellipsis(r.name, phone ? 12 : 30)}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(r.amount, currency)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(r.monthly, currency)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {r.percent}%
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Stack gap="md">
      <CategoryFilters {...props} />
      {query.data === undefined ? (
        <Skeleton h={300} />
      ) : table === undefined ? (
        <Text c="dimmed" ta="center" py="xl">
          {EMPTY_PERIOD_TEXT}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Card withBorder radius="md" padding="sm">
            <SlicesPie
              slices={topSlices(
                table.rows.map((r) => ({ name: r.name, value: r.amount })),
                table.currency,
              )}
            />
          </Card>
          <Card withBorder radius="md" padding={phone ? 'xs' : 'sm'}>
            <Table fz={phone ? 'xs' : 'sm'} horizontalSpacing={phone ? 4 : 'xs'} highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Category</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right">Monthly avg.</Table.Th>
                  <Table.Th ta="right">%</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{table.rows.map((r) => line(r, table.currency))}</Table.Tbody>
              <Table.Tfoot>{line(table.sum, table.currency, true)}</Table.Tfoot>
            </Table>
          </Card>
        </SimpleGrid>
      )}
    </Stack>
  );
}

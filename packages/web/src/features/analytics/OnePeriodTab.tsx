import { Card, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ellipsis, formatMoney } from '@kassa/money';
import { useOnePeriod } from './api';
import { CategoryFilters, type CategoryFilterProps } from './CategoryFilters';
import { EMPTY_PERIOD_TEXT, intervalDays, shareTable, topSlices, type ShareRow } from './shares';
import { SlicesPie } from './SlicesPie';
import type { DayInterval } from '../../components/interval';

/**
 * Whether the monthly averages extrapolate (issue 22): a period shorter than a month, other than a
 * whole calendar month (a February), scales a few days up to 30.42, so a rent paid once in a
 * 23-day month-to-date reads as more than the rent. Such figures are marked as projected.
 */
export function projectedAverages(interval: DayInterval): boolean {
  const { start, end } = interval;
  const wholeMonth =
    start.getDate() === 1 &&
    start.getMonth() === end.getMonth() &&
    start.getFullYear() === end.getFullYear() &&
    new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1).getDate() === 1;
  return intervalDays(interval) < 30 && !wholeMonth;
}

/** Single period (spec §2): P&L per category in one direction, a pie of the top 7 and a table with a Sum row. */
export function OnePeriodTab(props: CategoryFilterProps) {
  const query = useOnePeriod(props.interval, props.income, props.view);
  const phone = useMediaQuery('(max-width: 599.98px)');
  const days = intervalDays(props.interval);
  const table = query.data === undefined ? undefined : shareTable(query.data, days);
  const projected = projectedAverages(props.interval);

  const line = (r: ShareRow, currency: string, bold = false) => (
    <Table.Tr key={r.key} fw={bold ? 700 : undefined} data-row={r.name}>
      <Table.Td title={r.name}>{ellipsis(r.name, phone ? 12 : 30)}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(r.amount, currency)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} fs={projected ? 'italic' : undefined}>
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
            {/* Issue 22: at 375 px a table wider than the card scrolls rather than clips. */}
            <Table.ScrollContainer minWidth={0} type="native">
              <Table fz={phone ? 'xs' : 'sm'} horizontalSpacing={phone ? 4 : 'xs'} highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Category</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th ta="right">Monthly avg.{projected ? ' *' : ''}</Table.Th>
                    <Table.Th ta="right">%</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{table.rows.map((r) => line(r, table.currency))}</Table.Tbody>
                <Table.Tfoot>{line(table.sum, table.currency, true)}</Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
            {projected && (
              <Text size="xs" c="dimmed" mt="xs" data-projected>
                * Projected: the period has only {days} {days === 1 ? 'day' : 'days'}, scaled to a 30.42-day month.
                Choose a whole month for what a month really cost.
              </Text>
            )}
          </Card>
        </SimpleGrid>
      )}
    </Stack>
  );
}

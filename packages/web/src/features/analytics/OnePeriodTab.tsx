import { Card, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ellipsis } from '@kassa/money';
import { formatDecimal, formatMoney } from '../../lib/display-format';
import { useOnePeriod } from './api';
import { ProjectedNote } from './ProjectedNote';
import { ValuationNote } from './ValuationNote';
import { CategoryFilters, type CategoryFilterProps } from './CategoryFilters';
import { inEnglish, useT } from './i18n';
import { intervalDays, projectedAverages, shareTable, topSlices, type ShareRow } from './shares';
import { SlicesPie } from './SlicesPie';

/** Single period (spec §2): P&L per category in one direction, a pie of the top 7 and a table with a Sum row. */
export function OnePeriodTab(props: CategoryFilterProps) {
  const { t } = useT();
  const query = useOnePeriod(props.interval, props.income, props.view);
  const phone = useMediaQuery('(max-width: 599.98px)');
  const days = intervalDays(props.interval);
  const table = query.data === undefined ? undefined : shareTable(query.data, days);
  const projected = projectedAverages(props.interval);

  const line = (r: ShareRow, currency: string, bold = false) => (
    <Table.Tr key={r.key} fw={bold ? 700 : undefined} data-row={bold ? inEnglish('onePeriod.sum') : r.name}>
      <Table.Td title={r.name}>{ellipsis(r.name, phone ? 12 : 30)}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(r.amount, currency)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} fs={projected ? 'italic' : undefined}>
        {formatMoney(r.monthly, currency)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatDecimal(r.percent)}%
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Stack gap="md">
      <CategoryFilters {...props} />
      <ValuationNote interval={props.interval} view={props.view} name="oneperiod" />
      {query.data === undefined ? (
        <Skeleton h={300} />
      ) : table === undefined ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('empty')}
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
                    <Table.Th>{t('onePeriod.category')}</Table.Th>
                    <Table.Th ta="right">{t('onePeriod.amount')}</Table.Th>
                    <Table.Th ta="right">
                      {t('onePeriod.monthlyAvg')}
                      {projected ? ' *' : ''}
                    </Table.Th>
                    <Table.Th ta="right">%</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{table.rows.map((r) => line(r, table.currency))}</Table.Tbody>
                <Table.Tfoot>{line(table.sum, table.currency, true)}</Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
            {projected && <ProjectedNote days={days} />}
          </Card>
        </SimpleGrid>
      )}
    </Stack>
  );
}

import { Card, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatMoney } from '../../lib/display-format';
import { useMainCurrency } from '../../shared/books';
import { useHoldings } from './api';
import { AsOfDatePicker } from './AsOfDatePicker';
import { holdingsView } from './holdings';
import { inEnglish, useT } from './i18n';
import { topSlices } from './shares';
import { SlicesPie } from './SlicesPie';

/**
 * Holdings (spec §2): the total value in the main currency, each currency's amount with its
 * converted value (not for the main currency), largest value first, and the value composition pie.
 */
export function HoldingsTab({ day, onDay }: { day: Date; onDay: (day: Date) => void }) {
  const { t } = useT();
  const query = useHoldings(day);
  const main = useMainCurrency() ?? undefined;
  const view = query.data === undefined || main === undefined ? undefined : holdingsView(query.data, main);
  // A pie has no negative slices: currencies below zero (an overdrawn account) are named instead.
  const negative = view?.rows.filter((r) => r.value < 0).map((r) => r.currency) ?? [];
  // Issue 22: at 375 px the table fits (smaller text and spacing), and scrolls rather than clips.
  const phone = useMediaQuery('(max-width: 599.98px)');

  return (
    <Stack gap="md">
      <AsOfDatePicker value={day} onChange={onDay} />
      {view === undefined ? (
        <Skeleton h={300} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Card withBorder radius="md" padding={phone ? 'xs' : 'sm'}>
            <Group justify="space-between" mb="sm" wrap="nowrap">
              <Text fw={600}>{t('holdings.total')}</Text>
              <Text fw={700} fz="xl" data-figure={inEnglish('holdings.total')} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(view.total, view.mainCurrency)}
              </Text>
            </Group>
            <Table.ScrollContainer
              minWidth={0}
              type="native"
              tabIndex={0}
              role="region"
              aria-label={t('holdings.table')}
            >
              <Table fz={phone ? 'xs' : 'sm'} horizontalSpacing={phone ? 4 : 'xs'} highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('holdings.currency')}</Table.Th>
                    <Table.Th ta="right">{t('holdings.amount')}</Table.Th>
                    <Table.Th ta="right">{t('holdings.inMain', { currency: view.mainCurrency })}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {view.rows.map((r) => (
                    <Table.Tr key={r.currency} data-row={r.currency}>
                      <Table.Td>{r.currency}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(r.amount, r.currency)}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} title={r.provenance?.detail}>
                        {r.converted === undefined ? '' : formatMoney(r.converted, view.mainCurrency)}
                        {r.provenance !== undefined && (
                          // Which rate and day the value uses (issue 21): shown, not only on hover.
                          <Text
                            component="div"
                            size="xs"
                            c="dimmed"
                            style={{ whiteSpace: 'normal' }}
                            data-provenance={r.currency}
                          >
                            {r.provenance.rate} · {r.provenance.days}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
          <Card withBorder radius="md" padding="sm">
            <SlicesPie
              title={t('holdings.composition')}
              slices={topSlices(
                view.rows.map((r) => ({ name: r.currency, value: r.value })),
                view.mainCurrency,
              )}
            />
            {negative.length > 0 && (
              <Text size="xs" c="dimmed" ta="center">
                {t('holdings.negative', { currencies: negative.join(', ') })}
              </Text>
            )}
          </Card>
        </SimpleGrid>
      )}
    </Stack>
  );
}

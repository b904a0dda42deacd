import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { BusinessFigureName, BusinessSummary } from '@kassa/contract';
import { formatMoney } from '../../../lib/display-format';
import { useMediaQuery } from '@mantine/hooks';
import { useT } from '../i18n';
import { Figure, formatPercent } from './figures';

/**
 * Rows of the P (in) / M (out) / S (sum) table, with what each means to a reader (`business.rows.<key>`
 * and `<key>Hint`); `row` names it for tests (data-row), in English whatever the language.
 */
const ROWS = [
  { key: 'invested', row: 'Invested', p: 'invP', m: 'invM', s: 'invS' },
  { key: 'pnl', row: 'P&L', p: 'pnlP', m: 'pnlM', s: 'pnlS' },
  { key: 'realised', row: 'Realised', p: 'relP', m: 'relM', s: 'relS' },
  { key: 'cash', row: 'Cash balance', p: 'balSP', m: 'balSM', s: 'balSS' },
  { key: 'realisedPnl', row: 'Realised P&L', p: 'realSP', m: 'realSM', s: 'realSS' },
  { key: 'pending', row: 'Pending', p: 'pendingP', m: 'pendingM', s: 'pendingS' },
] as const satisfies readonly {
  key: string;
  row: string;
  p: BusinessFigureName;
  m: BusinessFigureName;
  s: BusinessFigureName;
}[];

/** The headline P&L figures, each with its percentage of the money invested (`figure`: data-figure). */
const PNL_FIGURES = [
  { key: 'acquired', figure: 'Acquired P&L', amount: 'aquiredPnl', percent: 'aquiredPnlPerc' },
  { key: 'latent', figure: 'Latent P&L', amount: 'latentPnl', percent: 'latentPnlPerc' },
  { key: 'sum', figure: 'Sum P&L', amount: 'sumPnl', percent: 'sumPnlPerc' },
] as const;

/** GET business/{id}: the P/M/S figures as a table and the acquired, latent and total P&L with percentages. */
export function BusinessSummaryView({ summary }: { summary: BusinessSummary }) {
  const { t } = useT();
  const { currency } = summary;
  const money = (name: BusinessFigureName) => formatMoney(summary[name], currency);
  // A phone keeps all four columns in view: smaller type, no hints under the labels.
  const compact = useMediaQuery('(max-width: 599.98px)');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {PNL_FIGURES.map((f) => (
          <Figure
            key={f.key}
            label={t(`business.${f.key}`)}
            figure={f.figure}
            amount={summary[f.amount]}
            currency={currency}
            note={formatPercent(summary[f.percent])}
            colored
          />
        ))}
      </SimpleGrid>
      <Table.ScrollContainer minWidth={300}>
        <Table fz={compact ? 'xs' : 'sm'} verticalSpacing={4} horizontalSpacing={compact ? 4 : 'xs'} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th ta="right">{t('business.in')}</Table.Th>
              <Table.Th ta="right">{t('business.out')}</Table.Th>
              <Table.Th ta="right">{t('business.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ROWS.map((row) => (
              <Table.Tr key={row.key} data-row={row.row}>
                <Table.Td>
                  <Text size={compact ? 'xs' : 'sm'} fw={500}>
                    {t(`business.rows.${row.key}`)}
                  </Text>
                  {!compact && (
                    <Text size="xs" c="dimmed">
                      {t(`business.rows.${row.key}Hint`)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(row.p)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(row.m)}
                </Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {money(row.s)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {t('business.note', { currency })}
      </Text>
    </Stack>
  );
}

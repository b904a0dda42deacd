import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { BusinessFigureName, BusinessSummary } from '@kassa/contract';
import { formatMoney } from '../../../lib/display-format';
import { useMediaQuery } from '@mantine/hooks';
import { Figure, formatPercent } from './figures';

/** Rows of the P (in) / M (out) / S (sum) table, with what each means to a reader. */
const ROWS: { label: string; hint: string; p: BusinessFigureName; m: BusinessFigureName; s: BusinessFigureName }[] = [
  { label: 'Invested', hint: 'invest cash flows', p: 'invP', m: 'invM', s: 'invS' },
  { label: 'P&L', hint: 'known profit or loss', p: 'pnlP', m: 'pnlM', s: 'pnlS' },
  { label: 'Realised', hint: 'realize transactions', p: 'relP', m: 'relM', s: 'relS' },
  { label: 'Cash balance', hint: 'invested + P&L', p: 'balSP', m: 'balSM', s: 'balSS' },
  { label: 'Realised P&L', hint: 'P&L + realised', p: 'realSP', m: 'realSM', s: 'realSS' },
  { label: 'Pending', hint: 'still in the business', p: 'pendingP', m: 'pendingM', s: 'pendingS' },
];

/** The headline P&L figures, each with its percentage of the money invested. */
const PNL_FIGURES = [
  { label: 'Acquired P&L', amount: 'aquiredPnl', percent: 'aquiredPnlPerc' },
  { label: 'Latent P&L', amount: 'latentPnl', percent: 'latentPnlPerc' },
  { label: 'Sum P&L', amount: 'sumPnl', percent: 'sumPnlPerc' },
] as const;

/** GET business/{id}: the P/M/S figures as a table and the acquired, latent and total P&L with percentages. */
export function BusinessSummaryView({ summary }: { summary: BusinessSummary }) {
  const { currency } = summary;
  const money = (name: BusinessFigureName) => formatMoney(summary[name], currency);
  // A phone keeps all four columns in view: smaller type, no hints under the labels.
  const compact = useMediaQuery('(max-width: 599.98px)');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {PNL_FIGURES.map((f) => (
          <Figure
            key={f.label}
            label={f.label}
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
              <Table.Th ta="right">In</Table.Th>
              <Table.Th ta="right">Out</Table.Th>
              <Table.Th ta="right">Sum</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ROWS.map((row) => (
              <Table.Tr key={row.label} data-row={row.label}>
                <Table.Td>
                  <Text size={compact ? 'xs' : 'sm'} fw={500}>
                    {row.label}
                  </Text>
                  {!compact && (
                    <Text size="xs" c="dimmed">
                      {row.hint}
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
        Percentages are of the money invested. Flows convert to {currency} at their own days&apos; rates, pending at
        today&apos;s.
      </Text>
    </Stack>
  );
}

import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { LoanSummary } from '@kassa/contract';
import { formatMoney } from '../../../lib/display-format';
import { t as text, useT } from '../i18n';
import { Figure } from './figures';

function balanceNote(balance: number): string {
  if (balance === 0) return text('loan.settled');
  return balance > 0 ? text('loan.owedToYou') : text('loan.youOwe');
}

/** GET loan/{id}: given, taken and balance in the main currency, and per currency when more than that. */
export function LoanSummaryView({ summary }: { summary: LoanSummary }) {
  const { t } = useT();
  const { currency } = summary;
  const foreign = summary.native.some((n) => n.currency !== currency);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure
          label={t('loan.given')}
          figure="Given"
          amount={summary.given}
          currency={currency}
          note={t('loan.givenNote')}
        />
        <Figure
          label={t('loan.taken')}
          figure="Taken"
          amount={summary.taken}
          currency={currency}
          note={t('loan.takenNote')}
        />
        <Figure
          label={t('loan.balance')}
          figure="Balance"
          amount={summary.balance}
          currency={currency}
          note={balanceNote(summary.balance)}
          colored
        />
      </SimpleGrid>
      {foreign && (
        <Table.ScrollContainer minWidth={320}>
          <Table fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('loan.currency')}</Table.Th>
                <Table.Th ta="right">{t('loan.given')}</Table.Th>
                <Table.Th ta="right">{t('loan.taken')}</Table.Th>
                <Table.Th ta="right">{t('loan.balance')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.native.map((n) => (
                <Table.Tr key={n.currency}>
                  <Table.Td>{n.currency}</Table.Td>
                  <Table.Td ta="right">{formatMoney(n.given, n.currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(n.taken, n.currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(n.balance, n.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed" mt={4}>
            {t('loan.note')}
          </Text>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

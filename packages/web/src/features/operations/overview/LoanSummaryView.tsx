import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { LoanSummary } from '@kassa/contract';
import { formatMoney } from '../../../lib/display-format';
import { Figure } from './figures';

function balanceNote(balance: number): string {
  if (balance === 0) return 'Settled';
  return balance > 0 ? 'Owed to you' : 'You owe';
}

/** GET loan/{id}: given, taken and balance in the main currency, and per currency when more than that. */
export function LoanSummaryView({ summary }: { summary: LoanSummary }) {
  const { currency } = summary;
  const foreign = summary.native.some((n) => n.currency !== currency);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure label="Given" amount={summary.given} currency={currency} note="Lent or repaid by you" />
        <Figure label="Taken" amount={summary.taken} currency={currency} note="Borrowed or repaid to you" />
        <Figure
          label="Balance"
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
                <Table.Th>Currency</Table.Th>
                <Table.Th ta="right">Given</Table.Th>
                <Table.Th ta="right">Taken</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
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
            Flows convert at their own days&apos; rates, the balance at today&apos;s.
          </Text>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

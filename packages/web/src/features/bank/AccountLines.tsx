import type { BankConnection } from '@kassa/contract';
import { formatMoney } from '../../lib/display-format';
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PocketOf } from './pocket-of';
import { count, day } from './texts';

type Account = BankConnection['accounts'][number];

/** A label and its figure, the figure kept on one line. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-figure={testId}>
        {value}
      </Text>
    </div>
  );
}

function AccountLine({ account, pocketOf }: { account: Account; pocketOf: PocketOf }) {
  const money = (amount: number) => formatMoney(amount, account.currency);
  return (
    <Paper withBorder radius="sm" p="xs" role="listitem" aria-label={account.name} data-account={account.accountId}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {account.name}
          </Text>
          <Badge size="sm" variant="light" color="gray">
            {account.currency}
          </Badge>
          <Text size="sm" c={account.pocketId === null ? 'dimmed' : undefined}>
            {account.pocketId === null ? 'Not synced' : `→ ${pocketOf(account.pocketId).name}`}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing={4}>
          <Figure
            label={account.balanceDate === null ? 'Bank balance' : `Bank balance on ${day(account.balanceDate)}`}
            value={account.balance === null ? '–' : money(account.balance)}
            testId="balance"
          />
          <Figure
            label={account.pendingCount === 0 ? 'Pending' : `Pending (${count(account.pendingCount, 'row')})`}
            value={account.pendingCount === 0 ? '–' : money(account.pendingAmount)}
            testId="pending"
          />
          <Figure
            label="Available"
            value={account.available === null ? '–' : money(account.available)}
            testId="available"
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** A connection's accounts: the pocket each syncs into, the bank's balance, pending rows and available. */
export function AccountLines({ connection, pocketOf }: { connection: BankConnection; pocketOf: PocketOf }) {
  if (connection.accounts.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The bank listed no accounts for this connection.
      </Text>
    );
  return (
    <Stack gap={6} role="list" aria-label={`Accounts of ${connection.name}`}>
      {connection.accounts.map((a) => (
        <AccountLine key={a.accountId} account={a} pocketOf={pocketOf} />
      ))}
    </Stack>
  );
}

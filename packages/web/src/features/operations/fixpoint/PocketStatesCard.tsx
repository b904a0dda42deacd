import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PocketStateGroup } from '@kassa/contract';
import { formatMoney } from '../../../lib/display-format';
import { amountFieldText } from '../../../components/amount-value';
import { AmountInput } from '../../../components/AmountInput';
import type { Draft } from './use-fixpoint-changes';

/** One currency's pocket states: their balances, or a field for each while editing (`draft`). */
export function PocketStatesCard({
  group,
  draft,
  setDraft,
}: {
  group: PocketStateGroup;
  draft: Draft | undefined;
  setDraft: (draft: Draft) => void;
}) {
  return (
    <Card withBorder radius="md" padding="sm" data-currency={group.currency}>
      <Title order={3} size="h5" mb="xs">
        {group.currency}
      </Title>
      {draft !== undefined ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {group.items.map((s) => (
            <AmountInput
              key={s.pocketId}
              label={s.name}
              value={draft[s.pocketId] ?? amountFieldText(s.balance)}
              onChange={(value) => setDraft({ ...draft, [s.pocketId]: value })}
            />
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap={4}>
          {group.items.map((s) => (
            <Group key={s.pocketId} justify="space-between" wrap="nowrap">
              <Text size="sm">{s.name}</Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(s.balance, group.currency)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

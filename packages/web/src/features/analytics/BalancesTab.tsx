import { SimpleGrid, Stack } from '@mantine/core';
import { AsOfDatePicker } from './AsOfDatePicker';
import { BalancesCard } from './BalancesCard';

/** Balances (spec §2): the balances card for a chosen day (today by default). */
export function BalancesTab({ day, onDay }: { day: Date; onDay: (day: Date) => void }) {
  const today = new Date().toDateString() === day.toDateString();
  return (
    <Stack gap="md">
      <AsOfDatePicker value={day} onChange={onDay} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {/* Today means now: the card then asks for the balances as of this moment. */}
        <BalancesCard date={today ? undefined : day} />
      </SimpleGrid>
    </Stack>
  );
}

import { SimpleGrid, Stack } from '@mantine/core';
import type { DayInterval } from '../../components/interval';
import { AsOfDatePicker } from './AsOfDatePicker';
import { BalancesCard } from './BalancesCard';
import { NetworthBridgeCard } from './NetworthBridgeCard';

interface Props {
  day: Date;
  onDay: (day: Date) => void;
  /** The net-worth bridge's interval. */
  interval: DayInterval;
  onInterval: (i: DayInterval) => void;
}

/** Balances (spec §2): the balances card for a chosen day (today by default), and the net-worth bridge of an interval. */
export function BalancesTab({ day, onDay, interval, onInterval }: Props) {
  const today = new Date().toDateString() === day.toDateString();
  return (
    <Stack gap="md">
      <AsOfDatePicker value={day} onChange={onDay} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {/* Today means now: the card then asks for the balances as of this moment. */}
        <BalancesCard date={today ? undefined : day} />
      </SimpleGrid>
      <NetworthBridgeCard interval={interval} onInterval={onInterval} />
    </Stack>
  );
}

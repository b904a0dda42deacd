import { Stack } from '@mantine/core';
import { IntervalPicker } from '../../components/IntervalPicker';
import type { DayInterval } from '../../components/interval';
import { ConversionCostsCard } from './ConversionCostsCard';
import { ExposureCard } from './ExposureCard';

/**
 * Exchange (issue 21): what currencies did to the user's money over the interval — the cost of
 * every conversion, and the exposure to each currency with a 10 % move's effect on net worth.
 */
export function ExchangeTab({ interval, onInterval }: { interval: DayInterval; onInterval: (i: DayInterval) => void }) {
  return (
    <Stack gap="md">
      <IntervalPicker value={interval} onChange={onInterval} />
      <ConversionCostsCard interval={interval} />
      <ExposureCard interval={interval} />
    </Stack>
  );
}

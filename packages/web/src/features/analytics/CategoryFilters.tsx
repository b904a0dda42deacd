import { Group, SegmentedControl } from '@mantine/core';
import { IntervalPicker } from '../../components/IntervalPicker';
import type { DayInterval } from '../../components/interval';

/** The interval and direction of the category analytics (single period and multi-period). */
export interface CategoryFilterProps {
  interval: DayInterval;
  onInterval: (i: DayInterval) => void;
  /** IN when true, OUT (the default, spec §2) when false. */
  income: boolean;
  onIncome: (income: boolean) => void;
}

/** The interval picker and the IN/OUT toggle above the category analytics. */
export function CategoryFilters({ interval, onInterval, income, onIncome }: CategoryFilterProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <IntervalPicker value={interval} onChange={onInterval} />
      <SegmentedControl
        aria-label="Direction"
        value={income ? 'in' : 'out'}
        onChange={(v) => onIncome(v === 'in')}
        data={[
          { value: 'out', label: 'OUT' },
          { value: 'in', label: 'IN' },
        ]}
      />
    </Group>
  );
}

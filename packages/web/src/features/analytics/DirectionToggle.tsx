import { SegmentedControl } from '@mantine/core';

/** IN/OUT toggle of the category analytics (spec §2, default OUT); `income` true means IN. */
export function DirectionToggle({ income, onChange }: { income: boolean; onChange: (income: boolean) => void }) {
  return (
    <SegmentedControl
      aria-label="Direction"
      value={income ? 'in' : 'out'}
      onChange={(v) => onChange(v === 'in')}
      data={[
        { value: 'out', label: 'OUT' },
        { value: 'in', label: 'IN' },
      ]}
    />
  );
}

import { Group, SegmentedControl, Stack } from '@mantine/core';
import { IntervalPicker } from '../../components/IntervalPicker';
import type { DayInterval } from '../../components/interval';
import type { ReportViewState } from './report-view';
import { ReportViewPicker } from './ReportViewPicker';
import { useT } from './i18n';

/** The interval and direction of the category analytics (single period and multi-period). */
export interface CategoryFilterProps {
  interval: DayInterval;
  onInterval: (i: DayInterval) => void;
  /** IN when true, OUT (the default, spec §2) when false. */
  income: boolean;
  onIncome: (income: boolean) => void;
  /** The valuation and currency the figures are shown in (issue 21). */
  view: ReportViewState;
  onView: (view: ReportViewState) => void;
}

/** The interval picker, the IN/OUT toggle and the valuation and currency above the category analytics. */
export function CategoryFilters({ interval, onInterval, income, onIncome, view, onView }: CategoryFilterProps) {
  const { t } = useT();
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end" gap="sm">
        <IntervalPicker value={interval} onChange={onInterval} />
        <SegmentedControl
          aria-label={t('filters.direction')}
          value={income ? 'in' : 'out'}
          onChange={(v) => onIncome(v === 'in')}
          data={[
            { value: 'out', label: t('filters.out') },
            { value: 'in', label: t('filters.in') },
          ]}
        />
      </Group>
      <ReportViewPicker value={view} onChange={onView} />
    </Stack>
  );
}

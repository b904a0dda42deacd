import { Group, SegmentedControl, Select } from '@mantine/core';
import { useMainCurrency } from '../../shared/books';
import { useUserCurrencies } from '../../shared/global-data';
import { AsOfDatePicker } from './AsOfDatePicker';
import type { ReportViewState } from './report-view';

interface Props {
  value: ReportViewState;
  onChange: (view: ReportViewState) => void;
}

/**
 * The valuation and currency of the category reports (issue 21): "Each day's rate" values every
 * flow at its own day's rate (the default); "One date" values all of them at the rates of the
 * chosen day, so rate moves drop out of the comparison; the currency shows the report in another
 * of the user's currencies.
 */
export function ReportViewPicker({ value, onChange }: Props) {
  const currencies = useUserCurrencies().data ?? [];
  const main = useMainCurrency() ?? undefined;
  const oneDate = value.valuationDay !== undefined;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label="Valuation"
        value={oneDate ? 'date' : 'then'}
        onChange={(v) => onChange({ ...value, valuationDay: v === 'date' ? new Date() : undefined })}
        data={[
          { value: 'then', label: "Each day's rate" },
          { value: 'date', label: 'One date' },
        ]}
      />
      {value.valuationDay !== undefined && (
        <AsOfDatePicker value={value.valuationDay} onChange={(day) => onChange({ ...value, valuationDay: day })} />
      )}
      {currencies.length > 1 && (
        <Select
          label="Currency"
          w={110}
          allowDeselect={false}
          data={currencies.map((c) => c.code)}
          value={value.currency ?? main ?? null}
          onChange={(code) => onChange({ ...value, currency: code === null || code === main ? undefined : code })}
        />
      )}
    </Group>
  );
}

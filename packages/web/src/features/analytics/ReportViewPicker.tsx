import { Group, SegmentedControl, Select } from '@mantine/core';
import { useMainCurrency } from '../../shared/books';
import { useUserCurrencies } from '../../shared/global-data';
import { AsOfDatePicker } from './AsOfDatePicker';
import type { ReportViewState } from './report-view';
import { useT } from './i18n';

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
  const { t } = useT();
  const currencies = useUserCurrencies().data ?? [];
  const main = useMainCurrency() ?? undefined;
  const oneDate = value.valuationDay !== undefined;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label={t('filters.valuation')}
        value={oneDate ? 'date' : 'then'}
        onChange={(v) => onChange({ ...value, valuationDay: v === 'date' ? new Date() : undefined })}
        data={[
          { value: 'then', label: t('filters.eachDay') },
          { value: 'date', label: t('filters.oneDate') },
        ]}
      />
      {value.valuationDay !== undefined && (
        <AsOfDatePicker value={value.valuationDay} onChange={(day) => onChange({ ...value, valuationDay: day })} />
      )}
      {currencies.length > 1 && (
        <Select
          label={t('filters.currency')}
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

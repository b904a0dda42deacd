import { Skeleton, Stack, Text } from '@mantine/core';
import { useMainCurrency } from '../../shared/books';
import { useMultiPeriod } from './api';
import { ValuationNote } from './ValuationNote';
import { CategoryFilters, type CategoryFilterProps } from './CategoryFilters';
import { TALL_CHART_HEIGHT } from './chart-format';
import { multiPeriodRows } from './series';
import { useT } from './i18n';
import { TrendChart } from './TrendChart';

/** Multi-period (spec §2): monthly P&L of the top 7 categories and 'Other', stacked, 500 px high. */
export function MultiPeriodTab(props: CategoryFilterProps) {
  const { t } = useT();
  const query = useMultiPeriod(props.interval, props.income, props.view);
  const main = useMainCurrency() ?? 'EUR';
  const chart = query.data === undefined ? undefined : multiPeriodRows(query.data, main);

  return (
    <Stack gap="md">
      <CategoryFilters {...props} />
      <ValuationNote interval={props.interval} view={props.view} name="multiperiod" />
      {query.data === undefined ? (
        <Skeleton h={TALL_CHART_HEIGHT} />
      ) : chart === undefined ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('empty')}
        </Text>
      ) : (
        <TrendChart stacked rows={chart.rows} lines={chart.lines} testId="multiperiod-chart" currency={main} />
      )}
    </Stack>
  );
}

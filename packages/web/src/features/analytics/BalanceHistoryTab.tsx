import { Skeleton, Stack } from '@mantine/core';
import { IntervalPicker } from '../../components/IntervalPicker';
import { useMainCurrency } from '../../shared/books';
import type { DayInterval } from '../../components/interval';
import { useBalanceHistory } from './api';
import { TALL_CHART_HEIGHT } from './chart-format';
import { useT } from './i18n';
import { historyLines, historyRows } from './series';
import { TrendChart } from './TrendChart';

/** Balance history (spec §2): a line per balance over the days of the interval, 500 px high. */
export function BalanceHistoryTab({
  interval,
  onInterval,
}: {
  interval: DayInterval;
  onInterval: (i: DayInterval) => void;
}) {
  useT(); // the lines' labels follow the language
  const query = useBalanceHistory(interval);
  const main = useMainCurrency() ?? 'EUR';
  return (
    <Stack gap="md">
      <IntervalPicker value={interval} onChange={onInterval} />
      {query.data === undefined ? (
        <Skeleton h={TALL_CHART_HEIGHT} />
      ) : (
        <TrendChart
          stacked={false}
          rows={historyRows(query.data)}
          lines={historyLines()}
          testId="balance-history-chart"
          currency={main}
        />
      )}
    </Stack>
  );
}

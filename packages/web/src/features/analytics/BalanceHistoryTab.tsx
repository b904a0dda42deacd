import { LineChart } from '@mantine/charts';
import { Card, Skeleton, Stack } from '@mantine/core';
import { IntervalPicker } from '../../components/IntervalPicker';
import type { DayInterval } from '../../components/interval';
import { useBalanceHistory } from './api';
import { ChartBox } from './ChartBox';
import { dayLabel, SERIES_COLORS, TALL_CHART_HEIGHT, tickLabel, tooltipValue } from './chart-format';
import { HISTORY_LINES, historyRows, X_KEY } from './series';

const SERIES = HISTORY_LINES.map((l, i) => ({ name: l.key, label: l.label, color: SERIES_COLORS[i] ?? 'gray.6' }));

/** Balance history (spec §2): a line per balance over the days of the interval, 500 px high. */
export function BalanceHistoryTab({
  interval,
  onInterval,
}: {
  interval: DayInterval;
  onInterval: (i: DayInterval) => void;
}) {
  const query = useBalanceHistory(interval);
  return (
    <Stack gap="md">
      <IntervalPicker value={interval} onChange={onInterval} />
      {query.data === undefined ? (
        <Skeleton h={TALL_CHART_HEIGHT} />
      ) : (
        <Card withBorder radius="md" padding="sm" data-testid="balance-history-chart">
          <ChartBox height={TALL_CHART_HEIGHT}>
            <LineChart
              h={TALL_CHART_HEIGHT}
              data={historyRows(query.data)}
              dataKey={X_KEY}
              series={SERIES}
              withLegend
              withDots={false}
              curveType="linear"
              valueFormatter={tooltipValue}
              xAxisProps={{ tickFormatter: dayLabel, minTickGap: 24 }}
              yAxisProps={{ tickFormatter: tickLabel, width: 48 }}
              tooltipProps={{ labelFormatter: (label: unknown) => dayLabel(String(label)) }}
              tooltipAnimationDuration={0}
            />
          </ChartBox>
        </Card>
      )}
    </Stack>
  );
}

import { AreaChart } from '@mantine/charts';
import { Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useUserInfo } from '../../app/global-data';
import { IntervalPicker } from '../../components/IntervalPicker';
import type { DayInterval } from '../../components/interval';
import { useMultiPeriod } from './api';
import { ChartBox } from './ChartBox';
import { monthLabel, SERIES_COLORS, TALL_CHART_HEIGHT, tickLabel, tooltipValue } from './chart-format';
import { DirectionToggle } from './DirectionToggle';
import { multiPeriodRows, X_KEY } from './series';
import { EMPTY_PERIOD_TEXT } from './shares';

interface Props {
  interval: DayInterval;
  onInterval: (i: DayInterval) => void;
  income: boolean;
  onIncome: (income: boolean) => void;
}

/** Multi-period (spec §2): monthly P&L of the top 7 categories and 'Other', stacked, 500 px high. */
export function MultiPeriodTab({ interval, onInterval, income, onIncome }: Props) {
  const query = useMultiPeriod(interval, income);
  const main = useUserInfo().data?.mainCurrency ?? 'EUR';
  const chart = query.data === undefined ? undefined : multiPeriodRows(query.data, main);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <IntervalPicker value={interval} onChange={onInterval} />
        <DirectionToggle income={income} onChange={onIncome} />
      </Group>
      {query.data === undefined ? (
        <Skeleton h={TALL_CHART_HEIGHT} />
      ) : chart === undefined ? (
        <Text c="dimmed" ta="center" py="xl">
          {EMPTY_PERIOD_TEXT}
        </Text>
      ) : (
        <Card withBorder radius="md" padding="sm" data-testid="multiperiod-chart">
          <ChartBox height={TALL_CHART_HEIGHT}>
            <AreaChart
              h={TALL_CHART_HEIGHT}
              data={chart.rows}
              dataKey={X_KEY}
              type="stacked"
              series={chart.lines.map((l, i) => ({ name: l.key, label: l.label, color: SERIES_COLORS[i] ?? 'gray.6' }))}
              withLegend
              withDots={false}
              curveType="linear"
              valueFormatter={tooltipValue}
              xAxisProps={{ tickFormatter: monthLabel }}
              yAxisProps={{ tickFormatter: tickLabel, width: 48 }}
              tooltipProps={{ labelFormatter: (label: unknown) => monthLabel(String(label)) }}
              tooltipAnimationDuration={0}
            />
          </ChartBox>
        </Card>
      )}
    </Stack>
  );
}

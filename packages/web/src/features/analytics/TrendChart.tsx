import { AreaChart, LineChart } from '@mantine/charts';
import { Card } from '@mantine/core';
import { ChartBox } from './ChartBox';
import { chartSeries, dateLabel, TALL_CHART_HEIGHT, tickLabel, tooltipValue } from './chart-format';
import { X_KEY, type ChartLine, type ChartRows } from './series';

interface Props {
  /** Stacked areas (multi-period, by month), or lines (balance history, by day). */
  stacked: boolean;
  rows: ChartRows['rows'];
  lines: readonly ChartLine[];
  testId: string;
  /** The values' currency: the y axis is labelled with it and each tooltip value carries it. */
  currency: string;
}

/** The 500 px trend charts of balance history and multi-period (spec §2, §9), styled alike. */
export function TrendChart({ stacked, rows, lines, testId, currency }: Props) {
  const common = {
    h: TALL_CHART_HEIGHT,
    data: rows,
    dataKey: X_KEY,
    series: chartSeries(lines),
    withLegend: true,
    withDots: false,
    curveType: 'linear',
    valueFormatter: (value: number) => `${tooltipValue(value)} ${currency}`,
    yAxisLabel: currency,
    yAxisProps: { tickFormatter: tickLabel, width: 48 },
    tooltipProps: { labelFormatter: (label: unknown) => dateLabel(String(label)) },
    tooltipAnimationDuration: 0,
  } as const;
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <ChartBox height={TALL_CHART_HEIGHT}>
        {stacked ? (
          <AreaChart {...common} type="stacked" xAxisProps={{ tickFormatter: dateLabel }} />
        ) : (
          // A point a day crowds the axis: tick labels keep a gap.
          <LineChart {...common} xAxisProps={{ tickFormatter: dateLabel, minTickGap: 24 }} />
        )}
      </ChartBox>
    </Card>
  );
}

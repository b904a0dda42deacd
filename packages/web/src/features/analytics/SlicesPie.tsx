import { PieChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { CHART_HEIGHT, seriesColor, tooltipValue } from './chart-format';
import { ChartBox } from './ChartBox';
import type { Slice } from './shares';

/** A pie of at most 8 slices (top 7 and 'Other', already folded), 400 px high, with a legend. */
export function SlicesPie({ slices, title }: { slices: Slice[]; title?: string }) {
  // Colours in order; the eighth, gray, is only ever 'Other'.
  const data = slices.map((s, i) => ({ name: s.name, value: s.value, color: seriesColor(i) }));
  return (
    <div>
      {title !== undefined && (
        <Text fw={600} mb="xs">
          {title}
        </Text>
      )}
      <ChartBox height={CHART_HEIGHT}>
        <PieChart
          data={data}
          h={CHART_HEIGHT}
          size={240}
          withTooltip
          tooltipDataSource="segment"
          withLegend
          valueFormatter={tooltipValue}
          strokeWidth={1}
          mx="auto"
        />
      </ChartBox>
    </div>
  );
}

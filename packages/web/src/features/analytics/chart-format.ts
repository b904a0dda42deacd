import { abbreviate, axisTick, formatIsoDate } from '../../lib/display-format';
import type { MantineColor } from '@mantine/core';
import type { ChartLine } from './series';

/** Spec §9: the chart's own height; balance history and multi-period charts are taller. */
export const CHART_HEIGHT = 400;
export const TALL_CHART_HEIGHT = 500;
/** Spec §9: charts follow a resize at most every 100 ms. */
export const RESIZE_THROTTLE_MS = 100;

/**
 * Series colours as Mantine colour names: the theme resolves them for light and dark schemes.
 * Eight of them: the top 7 categories and 'Other' (gray, so it reads as the remainder).
 */
const SERIES_COLORS: MantineColor[] = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'yellow.6',
  'red.6',
  'cyan.6',
  'gray.6',
];

/** The colour of the i-th series or slice; any beyond the eighth stays gray. */
export const seriesColor = (i: number): MantineColor => SERIES_COLORS[i] ?? 'gray.6';

/** Mantine chart series from chart lines, coloured in order. */
export const chartSeries = (lines: readonly ChartLine[]) =>
  lines.map((l, i) => ({ name: l.key, label: l.label, color: seriesColor(i) }));

/** Axis ticks (spec §9): k from 1000, M from 1,000,000; trailing zeros dropped ("1.5k", "2k", "250"). */
export function tickLabel(value: number): string {
  return axisTick(value);
}

/** Tooltip values (spec §9): abbreviated with k and M, always 2 decimals ("1.50k", "12.35"). */
export function tooltipValue(value: number): string {
  return abbreviate(value, 2);
}

/** An API day "2026-01-05" or month "2026-01" in the person's date format: "2026.01.05.", "2026.01." by default. */
export function dateLabel(isoDate: string): string {
  return formatIsoDate(isoDate);
}

import type { BridgePartName, ConversionCosts, Exposure, FixpointDrift, NetworthBridge } from '@kassa/contract';
import { abbreviate, formatMoney, formatRate } from '../../lib/display-format';
import type { MantineColor } from '@mantine/core';
import { seriesColor } from './chart-format';
import { t } from './i18n';
import { X_KEY, type ChartLine } from './series';

// The rules of the currency insights screens (issue 21), apart from React: labels, chart rows, rates.

/**
 * A part's label: "Exchange rates: USD" for the fx part of USD, the plain name for the others. A
 * bridge step is what a part did to net worth; conversions that raised it are "Conversion gains"
 * (issue 32): a "Conversion costs" figure anywhere is positive only when money was lost.
 */
export function bridgeLabel(part: NetworthBridge['parts'][number]): string {
  if (part.name === 'fx') return t('bridge.fx', { currency: part.currency ?? '?' });
  if (part.name === 'conversioncost' && part.amount > 0) return t('bridge.conversionGains');
  const name: Exclude<BridgePartName, 'fx'> = part.name;
  return t(`bridge.parts.${name}`);
}

/**
 * The total of conversion costs in words (issue 32): "1.05 € lost" when the conversions cost money
 * (a cost above zero), "414.76 € gained" when they got more than the reference rates gave, never a
 * bare minus sign beside a cost.
 */
export function costInWords(cost: number, currency: string): string {
  if (cost > 0) return t('costs.lost', { amount: formatMoney(cost, currency) });
  if (cost < 0) return t('costs.gained', { amount: formatMoney(-cost, currency) });
  return formatMoney(0, currency);
}

export interface BridgeStep {
  /** Unique within the bridge (fx parts by currency). */
  key: string;
  label: string;
  amount: number;
  kind: 'start' | 'part' | 'end';
}

/** The bars of the bridge in order: net worth at the start, a step per part, net worth at the end. */
export function bridgeSteps(bridge: NetworthBridge): BridgeStep[] {
  return [
    { key: 'start', label: t('bridge.start'), amount: bridge.start, kind: 'start' },
    ...bridge.parts.map((p) => ({
      key: p.name === 'fx' ? `fx-${p.currency ?? ''}` : p.name,
      label: bridgeLabel(p),
      amount: p.amount,
      kind: 'part' as const,
    })),
    { key: 'end', label: t('bridge.end'), amount: bridge.end, kind: 'end' },
  ];
}

/** The colour of a bridge bar: the two net worths blue, rises teal, falls red (a zero step has no bar). */
export function bridgeColor(step: BridgeStep): MantineColor {
  if (step.kind !== 'part') return 'blue.6';
  return step.amount < 0 ? 'red.6' : 'teal.6';
}

/**
 * The rows of Mantine's waterfall bar chart: the start bar is the first step (from 0), each part
 * steps on from where the last ended, the end bar stands alone (from 0). New objects each time:
 * the chart turns the values into [from, to] pairs in place.
 */
export function waterfallRows(steps: readonly BridgeStep[]): Record<string, unknown>[] {
  return steps.map((s) => ({
    [X_KEY]: s.label,
    value: s.amount,
    color: bridgeColor(s),
    ...(s.kind === 'end' ? { standalone: true } : {}),
  }));
}

/** A chart value with its unit (spec §9 abbreviations with k and M): "1.50k EUR". */
export const valueWithUnit = (value: number, currency: string): string => `${abbreviate(value, 2)} ${currency}`;

/**
 * A rate as a sentence, "1 EUR = 1.0800 USD": `rate` is units of `to` per unit of `from`. Below
 * 0.05 it turns round (spec §9), "1 EUR = 400.0 HUF" for 0.0025 EUR per HUF; `invert` forces the
 * direction, so the effective and the reference rate of a conversion read the same way.
 */
export function rateSentence(from: string, to: string, rate: number, invert = formatRate(rate).inverted): string {
  if (!invert || rate === 0) return `1 ${from} = ${formatRate(rate).text} ${to}`;
  return `1 ${to} = ${formatRate(1 / rate).text} ${from}`;
}

/** Both rates of a conversion, read in the direction the reference rate reads. */
export function conversionRates(item: ConversionCosts['items'][number]): { effective: string; reference: string } {
  const invert = formatRate(item.referenceRate).inverted;
  return {
    effective: rateSentence(item.fromCurrency, item.toCurrency, item.effectiveRate, invert),
    reference: rateSentence(item.fromCurrency, item.toCurrency, item.referenceRate, invert),
  };
}

/** The monthly cost bars: a row per month of the answer. */
export function monthlyCostRows(costs: ConversionCosts): Record<string, number | string>[] {
  return costs.months.map((m) => ({ [X_KEY]: m.month, cost: m.cost }));
}

export interface ChartData {
  rows: Record<string, number | string>[];
  lines: (ChartLine & { color: MantineColor })[];
}

/** The stacked exposure areas: a row per date, a series per currency (the main one first, as the server sends them). */
export function exposureRows(exposure: Exposure): ChartData {
  const lines = exposure.series.map((s, i) => ({ key: `c${i}`, label: s.currency, color: seriesColor(i) }));
  const rows = exposure.dates.map((date, i) => {
    const row: Record<string, number | string> = { [X_KEY]: date };
    exposure.series.forEach((s, j) => (row[`c${j}`] = s.values[i] ?? 0));
    return row;
  });
  return { rows, lines };
}

/**
 * The drift lines over a time axis (x in epoch milliseconds): a row at the interval's start
 * (nothing unexplained yet), one per fixpoint time, each currency's running total carried on to
 * fixpoints that found nothing in it, and one at the interval's end holding the last totals.
 * Undefined when the interval holds no fixpoint error.
 */
export function driftRows(drift: FixpointDrift, startIso: string, endIso: string): ChartData | undefined {
  const withItems = drift.currencies.filter((c) => c.items.length > 0);
  if (withItems.length === 0) return undefined;
  const lines = withItems.map((c, i) => ({ key: `c${i}`, label: c.currency, color: seriesColor(i) }));
  const times = [...new Set(withItems.flatMap((c) => c.items.map((it) => Date.parse(it.time))))].sort((a, b) => a - b);
  const last = lines.map(() => 0);
  const row = (x: number) => {
    const r: Record<string, number | string> = { [X_KEY]: x };
    lines.forEach((l, i) => (r[l.key] = last[i] ?? 0));
    return r;
  };
  const rows = [row(Date.parse(startIso))];
  for (const time of times) {
    withItems.forEach((c, i) => {
      const item = c.items.find((it) => Date.parse(it.time) === time);
      if (item !== undefined) last[i] = item.cumulative;
    });
    rows.push(row(time));
  }
  const end = Date.parse(endIso);
  if (end > (times.at(-1) ?? end)) rows.push(row(end));
  return { rows, lines };
}

/** The last running total of a currency's drift: what its fixpoints found unexplained in the interval, main currency. */
export function driftTotal(items: FixpointDrift['currencies'][number]['items']): number {
  return items.at(-1)?.cumulative ?? 0;
}

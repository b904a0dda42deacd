import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { axisTick, formatIsoDate, formatMoney } from '../../lib/display-format';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Trans } from '../../i18n/Trans';
import { ChartBox } from '../analytics';
import { useMonthSpending, useNetWorthYear, useSixMonths } from './api';
import { incomeVsSpending, netWorthPoints, spendingBars } from './dashboard-figures';
import { useT } from './i18n';

const CHART_HEIGHT = 240;
/** Height of one spending bar, and of the axis and margins around them. */
const BAR_ROW = 32;
const BAR_FRAME = 48;

/** Axis ticks: k and M (spec §9), trailing zeros dropped. */
const tick = (value: number) => axisTick(value);
/** "2026-03-05" as a month on an axis, in the person's date format: "2026.03." by default. */
const monthOfDay = (iso: string) => formatIsoDate(iso.slice(0, 7));

function ChartCard({
  title,
  summary,
  testId,
  children,
}: {
  title: string;
  /** The figure the chart ends on, in words: what a screen reader reads instead of the drawing. */
  summary: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" data-testid={testId}>
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {summary}
      </Text>
      {children}
    </Card>
  );
}

function NetWorthChart({ currency }: { currency: string }) {
  const { t } = useT();
  const history = useNetWorthYear();
  const title = t('charts.netWorth.title');
  if (history.data === undefined)
    return (
      <ChartCard title={title} summary={t('loading')} testId="dashboard-networth">
        <Skeleton h={CHART_HEIGHT} />
      </ChartCard>
    );
  const points = netWorthPoints(history.data);
  const now = history.data.networth.at(-1) ?? 0;
  const first = history.data.networth[0] ?? 0;
  return (
    <ChartCard
      title={title}
      testId="dashboard-networth"
      summary={
        <Trans
          t={t}
          i18nKey="charts.netWorth.summary"
          values={{ now: formatMoney(now, currency), then: formatMoney(first, currency) }}
          components={{ b: <b data-figure="Net worth now" /> }}
        />
      }
    >
      <ChartBox height={CHART_HEIGHT}>
        <LineChart
          h={CHART_HEIGHT}
          data={points}
          dataKey="date"
          series={[{ name: 'Net worth', label: t('charts.netWorth.series'), color: 'blue.6' }]}
          curveType="monotone"
          withDots={false}
          valueFormatter={(v) => formatMoney(v, currency)}
          yAxisLabel={currency}
          yAxisProps={{ tickFormatter: tick, width: 52, domain: ['auto', 'auto'] }}
          xAxisProps={{ tickFormatter: monthOfDay, minTickGap: 28 }}
          tooltipProps={{ labelFormatter: (label: unknown) => formatIsoDate(String(label)) }}
          tooltipAnimationDuration={0}
        />
      </ChartBox>
    </ChartCard>
  );
}

function SpendingChart({ currency, phone }: { currency: string; phone: boolean }) {
  const { t } = useT();
  const spending = useMonthSpending();
  const title = t('charts.spending.title');
  if (spending.data === undefined)
    return (
      <ChartCard title={title} summary={t('loading')} testId="dashboard-spending">
        <Skeleton h={CHART_HEIGHT} />
      </ChartCard>
    );
  const bars = spendingBars(spending.data, currency);
  if (bars.length === 0)
    return (
      <ChartCard title={title} summary={t('charts.spending.none')} testId="dashboard-spending">
        {null}
      </ChartCard>
    );
  const height = bars.length * BAR_ROW + BAR_FRAME;
  const top = bars[0];
  return (
    <ChartCard
      title={title}
      testId="dashboard-spending"
      summary={
        top === undefined ? null : (
          <Trans
            t={t}
            i18nKey="charts.spending.top"
            values={{ category: top.category, amount: formatMoney(top.amount, currency) }}
            components={{ b: <b /> }}
          />
        )
      }
    >
      <ChartBox height={height}>
        <BarChart
          h={height}
          data={bars}
          dataKey="category"
          orientation="vertical"
          series={[{ name: 'amount', label: t('charts.spending.series'), color: 'orange.6' }]}
          valueFormatter={(v) => formatMoney(v, currency)}
          xAxisProps={{ tickFormatter: tick }}
          xAxisLabel={currency}
          yAxisProps={{ width: phone ? 96 : 130, interval: 0 }}
          gridAxis="y"
          maxBarWidth={20}
          tooltipAnimationDuration={0}
        />
      </ChartBox>
    </ChartCard>
  );
}

function IncomeSpendingChart({ currency }: { currency: string }) {
  const { t } = useT();
  const { months, query } = useSixMonths();
  const title = t('charts.incomeSpending.title');
  if (query.data === undefined)
    return (
      <ChartCard title={title} summary={t('loading')} testId="dashboard-income-spending">
        <Skeleton h={CHART_HEIGHT} />
      </ChartCard>
    );
  const rows = incomeVsSpending(months, query.data);
  if (rows.every((r) => r.Income === 0 && r.Spending === 0))
    return (
      <ChartCard title={title} summary={t('charts.incomeSpending.none')} testId="dashboard-income-spending">
        {null}
      </ChartCard>
    );
  const income = rows.reduce((s, r) => s + r.Income, 0);
  const spent = rows.reduce((s, r) => s + r.Spending, 0);
  return (
    <ChartCard
      title={title}
      testId="dashboard-income-spending"
      summary={
        <Trans
          t={t}
          i18nKey="charts.incomeSpending.average"
          values={{
            income: formatMoney(income / rows.length, currency),
            spending: formatMoney(spent / rows.length, currency),
          }}
          components={{ b: <b /> }}
        />
      }
    >
      <ChartBox height={CHART_HEIGHT}>
        <BarChart
          h={CHART_HEIGHT}
          data={rows}
          dataKey="month"
          series={[
            { name: 'Income', label: t('charts.incomeSpending.income'), color: 'teal.6' },
            { name: 'Spending', label: t('charts.incomeSpending.spending'), color: 'red.6' },
          ]}
          withLegend
          valueFormatter={(v) => formatMoney(v, currency)}
          yAxisLabel={currency}
          yAxisProps={{ tickFormatter: tick, width: 52 }}
          maxBarWidth={18}
          tooltipAnimationDuration={0}
        />
      </ChartBox>
    </ChartCard>
  );
}

/**
 * The dashboard's charts (issue 22): net worth over a year, this month's spending by category,
 * income and spending of the last six months, all in the main currency. Loaded after the page,
 * so the chart library stays out of the dashboard's first load.
 */
export function DashboardCharts({ currency }: { currency: string }) {
  const phone = useMediaQuery('(max-width: 600px)');
  return (
    <>
      <NetWorthChart currency={currency} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <SpendingChart currency={currency} phone={phone} />
        <IncomeSpendingChart currency={currency} />
      </SimpleGrid>
    </>
  );
}

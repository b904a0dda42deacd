import { BarChart } from '@mantine/charts';
import { Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, formatMoney } from '../../lib/display-format';
import { useMediaQuery } from '@mantine/hooks';
import { IntervalPicker } from '../../components/IntervalPicker';
import type { DayInterval } from '../../components/interval';
import { startOfDay } from '../../lib/local-time';
import { useNetworthBridge } from './api';
import { ChartBox } from './ChartBox';
import { tickLabel } from './chart-format';
import { signColor } from './figures';
import { useT } from './i18n';
import { bridgeSteps, valueWithUnit, waterfallRows, type BridgeStep } from './insights';
import { QueryFailure } from './QueryFailure';
import { X_KEY } from './series';

/** Height of one bar of the bridge, and of the axis and margins around them. */
const BAR_ROW = 34;
const CHART_FRAME = 56;

function BridgeChart({ steps, currency, phone }: { steps: BridgeStep[]; currency: string; phone: boolean }) {
  const height = steps.length * BAR_ROW + CHART_FRAME;
  return (
    <ChartBox height={height}>
      <BarChart
        h={height}
        data={waterfallRows(steps)}
        dataKey={X_KEY}
        type="waterfall"
        orientation="vertical"
        series={[{ name: 'value', label: currency, color: 'blue.6' }]}
        valueFormatter={(v) => valueWithUnit(v, currency)}
        xAxisProps={{ tickFormatter: tickLabel }}
        xAxisLabel={currency}
        yAxisProps={{ width: phone ? 118 : 170, interval: 0 }}
        gridAxis="y"
        tooltipAnimationDuration={0}
        maxBarWidth={24}
      />
    </ChartBox>
  );
}

/**
 * The net-worth bridge (issue 21): net worth just before the interval, a step per cause — income,
 * spending, business P&L, externals, conversion costs, each currency's exchange-rate effect and
 * fixpoint errors — and net worth at its end, as a waterfall and as a table of the same figures.
 */
export function NetworthBridgeCard({
  interval,
  onInterval,
}: {
  interval: DayInterval;
  onInterval: (i: DayInterval) => void;
}) {
  const { t } = useT();
  const query = useNetworthBridge(interval);
  const phone = useMediaQuery('(max-width: 599.98px)');
  const bridge = query.data;
  // The start is net worth at the end of the day before the interval's first day.
  const dayBefore = new Date(startOfDay(interval.start).getTime() - 1);
  const label = (s: BridgeStep) =>
    s.kind === 'start'
      ? t('bridge.netWorthOn', { date: formatDate(dayBefore) })
      : s.kind === 'end'
        ? t('bridge.netWorthOn', { date: formatDate(interval.end) })
        : s.label;

  return (
    <Card withBorder radius="md" padding={phone ? 'xs' : 'md'} data-testid="networth-bridge">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('bridge.title')}
        </Title>
        <IntervalPicker value={interval} onChange={onInterval} />
        {query.isError ? (
          <QueryFailure title={t('bridge.title')} error={query.error} />
        ) : bridge === undefined ? (
          <Skeleton h={300} />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('bridge.explain', {
                start: formatDate(dayBefore),
                end: formatDate(interval.end),
                currency: bridge.currency,
              })}
            </Text>
            <BridgeChart steps={bridgeSteps(bridge)} currency={bridge.currency} phone={phone} />
            <Table fz="sm" horizontalSpacing="xs" aria-label={t('bridge.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bridge.step')}</Table.Th>
                  <Table.Th ta="right">{t('bridge.amount', { currency: bridge.currency })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bridgeSteps(bridge).map((s) => (
                  <Table.Tr key={s.key} data-row={`bridge ${s.key}`} fw={s.kind === 'part' ? undefined : 700}>
                    <Table.Td>{label(s)}</Table.Td>
                    <Table.Td
                      ta="right"
                      c={s.kind === 'part' ? signColor(s.amount) : undefined}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {formatMoney(s.amount, bridge.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Card>
  );
}

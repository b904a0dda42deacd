import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatMoney, formatTime } from '../../lib/display-format';
import { useMediaQuery } from '@mantine/hooks';
import { Trans } from '../../i18n/Trans';
import { useState } from 'react';
import { IntervalPicker } from '../../components/IntervalPicker';
import { toApiInterval } from '../../components/interval';
import { useFixpointDrift } from './api';
import { ChartBox } from './ChartBox';
import { tickLabel } from './chart-format';
import { defaultTrend } from './default-intervals';
import { signColor } from './figures';
import { useT } from './i18n';
import { driftRows, driftTotal, valueWithUnit } from './insights';
import { QueryFailure } from './QueryFailure';
import { X_KEY } from './series';

const CHART_HEIGHT = 300;
const PHONE_CHART_HEIGHT = 240;

const dayOf = (ms: unknown) => formatDate(new Date(Number(ms)));
const momentOf = (ms: unknown) => `${formatDate(new Date(Number(ms)))} ${formatTime(new Date(Number(ms)))}`;

/**
 * Fixpoint drift (issue 21), for the fixpoints screen: per currency, the running total of what the
 * fixpoints of an interval found unexplained (their errors, valued in the main currency on each
 * fixpoint's day) as a line, and the monthly average as text. The last 12 months by default.
 */
export function FixpointDriftCard() {
  const { t } = useT();
  const [interval, chooseInterval] = useState(() => defaultTrend());
  const query = useFixpointDrift(interval);
  const phone = useMediaQuery('(max-width: 599.98px)');
  const height = phone ? PHONE_CHART_HEIGHT : CHART_HEIGHT;
  const drift = query.data;
  const asked = toApiInterval(interval);
  const chart = drift === undefined ? undefined : driftRows(drift, asked.start, asked.end);
  const main = drift?.currency ?? '';

  return (
    <Card withBorder radius="md" padding={phone ? 'xs' : 'md'} data-testid="fixpoint-drift">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('drift.title')}
        </Title>
        <IntervalPicker value={interval} onChange={chooseInterval} />
        {query.isError ? (
          <QueryFailure title={t('drift.title')} error={query.error} />
        ) : drift === undefined ? (
          <Skeleton h={height} />
        ) : chart === undefined ? (
          <Text c="dimmed" ta="center" py="lg">
            {t('drift.none')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('drift.explain', { currency: main })}
            </Text>
            <ChartBox height={height}>
              <LineChart
                h={height}
                data={chart.rows}
                dataKey={X_KEY}
                series={chart.lines.map((l) => ({ name: l.key, label: l.label, color: l.color }))}
                withLegend
                curveType="stepAfter"
                valueFormatter={(v) => valueWithUnit(v, main)}
                yAxisProps={{ tickFormatter: tickLabel, width: 48 }}
                yAxisLabel={main}
                // A time axis: fixpoints come at uneven times, and the line spans the whole interval.
                xAxisProps={{
                  type: 'number',
                  scale: 'time',
                  domain: ['dataMin', 'dataMax'],
                  tickFormatter: dayOf,
                  minTickGap: 24,
                }}
                tooltipProps={{ labelFormatter: momentOf }}
                tooltipAnimationDuration={0}
              />
            </ChartBox>
            <Stack gap={4}>
              {drift.currencies
                .filter((c) => c.items.length > 0)
                .map((c) => (
                  <Group key={c.currency} justify="space-between" wrap="wrap" gap="xs" data-row={`drift ${c.currency}`}>
                    <Text size="sm" fw={600}>
                      {c.currency}
                    </Text>
                    <Text size="sm">
                      <Trans
                        t={t}
                        i18nKey="drift.line"
                        components={{
                          total: (
                            <Text span inherit c={signColor(driftTotal(c.items))} data-figure={`Drift ${c.currency}`}>
                              {formatMoney(driftTotal(c.items), main)}
                            </Text>
                          ),
                          monthly: (
                            <Text span inherit fw={600} data-figure={`Monthly drift ${c.currency}`}>
                              {formatMoney(c.monthlyAverage, main)}
                            </Text>
                          ),
                        }}
                      />
                    </Text>
                  </Group>
                ))}
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
}

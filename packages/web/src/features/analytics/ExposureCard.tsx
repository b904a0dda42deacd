import { AreaChart } from '@mantine/charts';
import { Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { Exposure } from '@kassa/contract';
import { formatMoney } from '../../lib/display-format';
import { useMediaQuery } from '@mantine/hooks';
import type { DayInterval } from '../../components/interval';
import { useExposure } from './api';
import { ChartBox } from './ChartBox';
import { CHART_HEIGHT, dateLabel, tickLabel } from './chart-format';
import { signColor } from './figures';
import { useT } from './i18n';
import { exposureRows, valueWithUnit } from './insights';
import { QueryFailure } from './QueryFailure';
import { X_KEY } from './series';

const PHONE_CHART_HEIGHT = 300;

/** The stacked areas: each currency's available money valued in the main currency, day by day (or week by week). */
function ExposureChart({ exposure, height }: { exposure: Exposure; height: number }) {
  const main = exposure.currency;
  const { rows, lines } = exposureRows(exposure);
  return (
    <ChartBox height={height}>
      <AreaChart
        h={height}
        data={rows}
        dataKey={X_KEY}
        type="stacked"
        // An overdrawn currency stacks below zero instead of eating into the others' areas.
        areaChartProps={{ stackOffset: 'sign' }}
        series={lines.map((l) => ({ name: l.key, label: l.label, color: l.color }))}
        withLegend
        withDots={false}
        curveType="linear"
        valueFormatter={(v) => valueWithUnit(v, main)}
        yAxisProps={{ tickFormatter: tickLabel, width: 48 }}
        yAxisLabel={main}
        xAxisProps={{ tickFormatter: dateLabel, minTickGap: 24 }}
        tooltipProps={{ labelFormatter: (label: unknown) => dateLabel(String(label)) }}
        tooltipAnimationDuration={0}
      />
    </ChartBox>
  );
}

/** "If USD moves 10 % against EUR, your net worth moves by …": a row per foreign currency held at the end. */
function SensitivityTable({ exposure }: { exposure: Exposure }) {
  const { t } = useT();
  const main = exposure.currency;
  if (exposure.sensitivity.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('exposure.allInMain', { currency: main })}
      </Text>
    );
  }
  return (
    <>
      <Text size="sm" c="dimmed">
        {t('exposure.sensitivityIntro', { currency: main })}
      </Text>
      <Table fz="sm" horizontalSpacing="xs" aria-label={t('exposure.sensitivity')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('exposure.currency')}</Table.Th>
            <Table.Th ta="right">{t('exposure.rises')}</Table.Th>
            <Table.Th ta="right">{t('exposure.falls')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {exposure.sensitivity.map((s) => (
            <Table.Tr key={s.currency} data-row={`sensitivity ${s.currency}`}>
              <Table.Td>{s.currency}</Table.Td>
              <Table.Td ta="right" c={signColor(s.amount)} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(s.amount, main)}
              </Table.Td>
              <Table.Td ta="right" c={signColor(-s.amount)} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(-s.amount, main)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

/**
 * Currency exposure (issue 21): what the available money in each currency was worth in the main
 * currency over the interval, stacked, and how a 10 % move of each foreign currency would change
 * net worth at the end.
 */
export function ExposureCard({ interval }: { interval: DayInterval }) {
  const { t } = useT();
  const query = useExposure(interval);
  const phone = useMediaQuery('(max-width: 599.98px)');
  const height = phone ? PHONE_CHART_HEIGHT : CHART_HEIGHT;
  if (query.isError) return <QueryFailure title={t('exposure.title')} error={query.error} />;
  const exposure = query.data;
  return (
    <Card withBorder radius="md" padding={phone ? 'xs' : 'md'} data-testid="exposure">
      <Title order={3} size="h4" mb={4}>
        {t('exposure.title')}
      </Title>
      {exposure === undefined ? (
        <Skeleton h={height} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {exposure.step === 'week'
              ? t('exposure.explainWeek', { currency: exposure.currency })
              : t('exposure.explainDay', { currency: exposure.currency })}
          </Text>
          {exposure.series.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t('exposure.none')}
            </Text>
          ) : (
            <div data-testid="exposure-chart">
              <ExposureChart exposure={exposure} height={height} />
            </div>
          )}
          <div>
            <Title order={4} size="h6" mb="xs">
              {t('exposure.ifRatesMove')}
            </Title>
            <SensitivityTable exposure={exposure} />
          </div>
        </Stack>
      )}
    </Card>
  );
}

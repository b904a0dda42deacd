import { BarChart } from '@mantine/charts';
import { Button, Card, Center, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ConversionCosts } from '@kassa/contract';
import { formatCount, formatDate, formatMoney, formatTime } from '../../lib/display-format';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { DayInterval } from '../../components/interval';
import { useConversionCosts } from './api';
import { ChartBox } from './ChartBox';
import { dateLabel, tickLabel } from './chart-format';
import { signColor } from './figures';
import { inEnglish, useT } from './i18n';
import { conversionRates, costInWords, monthlyCostRows, valueWithUnit } from './insights';
import { QueryFailure } from './QueryFailure';
import { X_KEY } from './series';

/** Conversions listed at first, and how many more each "Show more" adds. */
const PAGE = 25;
const MONTHS_HEIGHT = 260;

/** A cost in the main currency, red when money was lost (> 0), teal when the conversion gained. */
function Cost({ amount, currency }: { amount: number; currency: string }) {
  return (
    <Text span inherit c={signColor(-amount)} style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(amount, currency)}
    </Text>
  );
}

function MonthlyCosts({ costs }: { costs: ConversionCosts }) {
  const { t } = useT();
  const main = costs.currency;
  return (
    <div data-testid="conversion-cost-months">
      <Title order={4} size="h6" mb="xs">
        {t('costs.perMonth', { currency: main })}
      </Title>
      <ChartBox height={MONTHS_HEIGHT}>
        <BarChart
          h={MONTHS_HEIGHT}
          data={monthlyCostRows(costs)}
          dataKey={X_KEY}
          series={[{ name: 'cost', label: t('costs.series', { currency: main }), color: 'orange.6' }]}
          getBarColor={(value) => (value < 0 ? 'teal.6' : 'orange.6')}
          valueFormatter={(v) => valueWithUnit(v, main)}
          yAxisProps={{ tickFormatter: tickLabel, width: 48 }}
          yAxisLabel={main}
          xAxisProps={{ tickFormatter: dateLabel }}
          tooltipProps={{ labelFormatter: (label: unknown) => dateLabel(String(label)) }}
          tooltipAnimationDuration={0}
          maxBarWidth={48}
        />
      </ChartBox>
    </div>
  );
}

function PairTable({ costs }: { costs: ConversionCosts }) {
  const { t } = useT();
  return (
    <div>
      <Title order={4} size="h6" mb="xs">
        {t('costs.byPair')}
      </Title>
      <Table fz="sm" horizontalSpacing="xs" aria-label={t('costs.pairTable')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('costs.pair')}</Table.Th>
            <Table.Th ta="right">{t('costs.conversions')}</Table.Th>
            <Table.Th ta="right">{t('costs.cost')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {costs.pairs.map((p) => (
            <Table.Tr key={`${p.from}-${p.to}`} data-row={`pair ${p.from} ${p.to}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {p.from} → {p.to}
              </Table.Td>
              <Table.Td ta="right">{p.count}</Table.Td>
              <Table.Td ta="right">
                <Cost amount={p.cost} currency={costs.currency} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function ConversionTable({ costs }: { costs: ConversionCosts }) {
  const { t } = useT();
  const [shown, setShown] = useState(PAGE);
  const items = costs.items.slice(0, shown);
  return (
    <div>
      <Title order={4} size="h6" mb="xs">
        {t('costs.mostExpensive')}
      </Title>
      {/*
        Six columns do not fit a phone: the table scrolls sideways inside its card, a region that
        takes the keyboard focus so the arrow keys scroll it too.
      */}
      <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label={t('costs.region')}>
        <Table fz="sm" horizontalSpacing="xs" highlightOnHover aria-label={t('costs.table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('costs.time')}</Table.Th>
              <Table.Th ta="right">{t('costs.from')}</Table.Th>
              <Table.Th ta="right">{t('costs.to')}</Table.Th>
              <Table.Th>{t('costs.effectiveRate')}</Table.Th>
              <Table.Th>{t('costs.referenceRate')}</Table.Th>
              <Table.Th ta="right">{t('costs.cost')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              const at = new Date(item.time);
              const rates = conversionRates(item);
              return (
                <Table.Tr key={item.id} data-row={`conversion ${item.id}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(at)} {formatTime(at)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(item.fromAmount, item.fromCurrency)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(item.toAmount, item.toCurrency)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{rates.effective}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{rates.reference}</Table.Td>
                  <Table.Td ta="right">
                    <Cost amount={item.cost} currency={costs.currency} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {costs.items.length > shown && (
        <Center mt="sm">
          <Button variant="default" onClick={() => setShown((n) => n + PAGE * 2)}>
            {t('costs.showMore')}
          </Button>
        </Center>
      )}
      {costs.count > costs.items.length && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('costs.listed', { shown: formatCount(costs.items.length), total: formatCount(costs.count) })}
        </Text>
      )}
    </div>
  );
}

/**
 * Conversion costs (issue 21): what exchanging money cost in the interval, in the main currency —
 * the value given minus the value received at the conversion day's reference rates. The total,
 * a bar per month, the currency pairs and every conversion, most expensive first.
 */
export function ConversionCostsCard({ interval }: { interval: DayInterval }) {
  const { t } = useT();
  const query = useConversionCosts(interval);
  const phone = useMediaQuery('(max-width: 599.98px)');
  if (query.isError) return <QueryFailure title={t('costs.title')} error={query.error} />;
  const costs = query.data;
  return (
    <Card withBorder radius="md" padding={phone ? 'xs' : 'md'} data-testid="conversion-costs">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs" mb={4}>
        <Title order={3} size="h4">
          {t('costs.title')}
        </Title>
        {costs === undefined ? (
          <Skeleton h={28} w={120} />
        ) : (
          <Text
            fw={700}
            fz="xl"
            c={signColor(-costs.total)}
            style={{ whiteSpace: 'nowrap' }}
            data-figure={inEnglish('costs.total')}
          >
            {costInWords(costs.total, costs.currency)}
          </Text>
        )}
      </Group>
      {costs === undefined ? (
        <Skeleton h={300} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('costs.intro', { count: costs.count, currency: costs.currency })}
          </Text>
          {costs.count === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t('costs.none')}
            </Text>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <MonthlyCosts costs={costs} />
                <PairTable costs={costs} />
              </SimpleGrid>
              <ConversionTable costs={costs} />
            </>
          )}
        </Stack>
      )}
    </Card>
  );
}

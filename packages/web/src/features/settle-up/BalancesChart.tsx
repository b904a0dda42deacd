import '@mantine/charts/styles.css';
import type { SettleUpMember } from '@kassa/contract';
import { BarChart } from '@mantine/charts';
import { formatMoney } from '../../lib/display-format';
import { useMediaQuery } from '@mantine/hooks';
import { ChartBox, tickLabel } from '../analytics';
import { balanceWords } from './figures';
import { useT } from './i18n';

/** Height of one member's bar, and of the axis and margins around them. */
const BAR_ROW = 40;
const CHART_FRAME = 56;

/**
 * The members' balances in the main currency as bars side by side (> 0 teal: is owed; < 0 red:
 * owes), so who is up and who is down reads at a glance; the cards hold the exact figures, and
 * the chart's label says them for screen readers.
 */
export function BalancesChart({ members, currency }: { members: readonly SettleUpMember[]; currency: string }) {
  const { t } = useT();
  const phone = useMediaQuery('(max-width: 599.98px)');
  const height = members.length * BAR_ROW + CHART_FRAME;
  const data = members.map((m) => ({ name: m.name, balance: m.main.balance }));
  const summary = members.map((m) => `${m.name} ${balanceWords(m.main.balance, currency).text}`).join('; ');
  return (
    <div role="img" aria-label={t('chart.label', { currency, summary })} data-chart="balances">
      <ChartBox height={height}>
        <BarChart
          h={height}
          data={data}
          dataKey="name"
          orientation="vertical"
          series={[{ name: 'balance', label: t('chart.series', { currency }), color: 'blue.6' }]}
          getBarColor={(value) => (value < 0 ? 'red.6' : 'teal.6')}
          valueFormatter={(v) => formatMoney(v, currency)}
          xAxisProps={{ tickFormatter: tickLabel }}
          xAxisLabel={currency}
          yAxisProps={{ width: phone ? 90 : 150, interval: 0 }}
          gridAxis="x"
          tooltipAnimationDuration={0}
          maxBarWidth={28}
          referenceLines={[{ x: 0, color: 'gray.6' }]}
        />
      </ChartBox>
    </div>
  );
}

import '@mantine/charts/styles.css';
import { Container } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { BalanceHistoryTab } from './BalanceHistoryTab';
import { BalancesTab } from './BalancesTab';
import { CashflowTab } from './CashflowTab';
import { defaultPeriod, defaultTrend } from './default-intervals';
import { ExchangeTab } from './ExchangeTab';
import { HoldingsTab } from './HoldingsTab';
import { MultiPeriodTab } from './MultiPeriodTab';
import { OnePeriodTab } from './OnePeriodTab';
import { RouteTabs } from '../../components/RouteTabs';
import type { ReportViewState } from './report-view';
import { useT } from './i18n';

/**
 * The tabs of private/analytics (spec §2, and Exchange of issue 21), each with its own URL
 * private/analytics/{tab}.
 */
const TABS = [
  { value: 'oneperiod', key: 'oneperiod' },
  { value: 'cashflow', key: 'cashflow' },
  { value: 'holdings', key: 'holdings' },
  { value: 'balances', key: 'balances' },
  { value: 'balance-history', key: 'balanceHistory' },
  { value: 'multiperiod', key: 'multiperiod' },
  { value: 'exchange', key: 'exchange' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (s: string): s is Tab => TABS.some((tab) => tab.value === s);

/**
 * private/analytics/{tab}; private/analytics itself (or an unknown tab) shows Single period. The
 * chosen intervals, day and direction live here, so they stay when switching tabs. Single period
 * and cash flow start with this month (MTD); the trends (balance history, multi-period) start
 * with the last 12 months, since a month to date is one monthly bucket and only a few daily points;
 * so do Exchange and the Balances tab's net-worth bridge, which a month rarely says much about.
 */
export function AnalyticsPage() {
  const { t } = useT();
  const segment = useParams()['*'] ?? '';
  const [period, setPeriod] = useState(() => defaultPeriod());
  const [trend, setTrend] = useState(() => defaultTrend());
  const [day, setDay] = useState(() => new Date());
  const [income, setIncome] = useState(false);
  const [view, setView] = useState<ReportViewState>({});
  const categoryProps = { income, onIncome: setIncome, view, onView: setView };

  if (!isTab(segment)) return <Navigate to="/private/analytics/oneperiod" replace />;

  const content = (() => {
    switch (segment) {
      case 'oneperiod':
        return <OnePeriodTab interval={period} onInterval={setPeriod} {...categoryProps} />;
      case 'cashflow':
        return <CashflowTab interval={period} onInterval={setPeriod} view={view} onView={setView} />;
      case 'holdings':
        return <HoldingsTab day={day} onDay={setDay} />;
      case 'balances':
        return <BalancesTab day={day} onDay={setDay} interval={trend} onInterval={setTrend} />;
      case 'balance-history':
        return <BalanceHistoryTab interval={trend} onInterval={setTrend} />;
      case 'multiperiod':
        return <MultiPeriodTab interval={trend} onInterval={setTrend} {...categoryProps} />;
      case 'exchange':
        return <ExchangeTab interval={trend} onInterval={setTrend} />;
    }
  })();

  return (
    <Container size="xl" px={0}>
      <RouteTabs
        base="/private/analytics"
        tabs={TABS.map((tab) => ({ value: tab.value, label: t(`tabs.${tab.key}`) }))}
        value={segment}
      >
        {content}
      </RouteTabs>
    </Container>
  );
}

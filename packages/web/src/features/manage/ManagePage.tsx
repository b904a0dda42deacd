import { Container, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { CategoryListTab } from './categories/CategoryListTab';
import { ClosableCategoryTab } from './categories/ClosableCategoryTab';
import { CurrencyTab } from './currencies/CurrencyTab';
import { FixpointTab } from './fixpoints/FixpointTab';
import { PocketTab } from './pockets/PocketTab';
import { RuleTab } from './rules/RuleTab';
import { RouteTabs } from '../../components/RouteTabs';
import { BankConnectionsTab } from '../bank';
import { SchedulesTab } from '../schedules';
import { useT } from './i18n';

/**
 * The tabs of private/manage (spec §2, plus the rules of import, the schedules and the bank
 * connections of issue 35), each with its own URL private/manage/{tab}.
 */
const TABS = ['category', 'currency', 'fixpoint', 'pocket', 'loan', 'business', 'rule', 'schedules', 'bank'] as const;
type Tab = (typeof TABS)[number];
const isTab = (s: string): s is Tab => (TABS as readonly string[]).includes(s);

function TabContent({ tab }: { tab: Tab }) {
  const { t } = useT();
  switch (tab) {
    case 'category':
      return <CategoryListTab />;
    case 'currency':
      return <CurrencyTab />;
    case 'fixpoint':
      return <FixpointTab />;
    case 'pocket':
      return <PocketTab />;
    case 'rule':
      return <RuleTab />;
    case 'schedules':
      // Loaded on first opening: it brings the rrule library.
      return (
        <Suspense fallback={<Loader size="sm" role="status" aria-label={t('loading')} />}>
          <SchedulesTab />
        </Suspense>
      );
    case 'bank':
      // Loaded on first opening: only a book with bank connections needs it.
      return (
        <Suspense fallback={<Loader size="sm" role="status" aria-label={t('loading')} />}>
          <BankConnectionsTab />
        </Suspense>
      );
    case 'loan':
    case 'business':
      return <ClosableCategoryTab key={tab} type={tab} />;
  }
}

/** private/manage/{tab}; private/manage itself (or an unknown tab) goes to the category tab. */
export function ManagePage() {
  const { t } = useT();
  const segment = useParams()['*'] ?? '';
  if (!isTab(segment)) return <Navigate to="/private/manage/category" replace />;
  return (
    <Container size="lg" px={0}>
      <RouteTabs
        base="/private/manage"
        tabs={TABS.map((value) => ({ value, label: t(`tabs.${value}`) }))}
        value={segment}
      >
        <TabContent tab={segment} />
      </RouteTabs>
    </Container>
  );
}

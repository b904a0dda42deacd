import { Anchor, Card, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import changelogText from '../../../../../CHANGELOG.md?raw';
import { useMainCurrency } from '../../shared/books';
import { useUserInfo } from '../../shared/global-data';
import { named, useBalancesNow } from './api';
import { parseChangelog } from './changelog';
import { BalancesCard, CashflowCard } from './BalanceCards';
import { FixpointReminder } from './FixpointReminder';
import { useT } from './i18n';

const CHANGELOG = parseChangelog(changelogText);
// Loaded after the page: the budgets and upcoming cards keep the dashboard's first load within
// its budget (docs/benchmarks.md).
const BudgetsCard = lazy(async () => ({ default: (await import('../budgets')).BudgetsCard }));
const UpcomingCard = lazy(async () => ({ default: (await import('../schedules')).UpcomingCard }));
// Bank connections whose consent lapses (issue 35): a notice only a few books ever show.
const BankConsentNotice = lazy(async () => ({ default: (await import('../bank')).ConsentNotice }));
// Entries kept on this device (issue 36): a line apart from the server's figures, when there are any.
const WaitingSummary = lazy(async () => ({ default: (await import('../transactions')).WaitingSummary }));
// The charts bring @mantine/charts and recharts; the checklist is only for new users.
const DashboardCharts = lazy(async () => ({ default: (await import('./DashboardCharts')).DashboardCharts }));
const OnboardingCard = lazy(async () => ({ default: (await import('./OnboardingCard')).OnboardingCard }));

/** One version of the changelog: its number and its changes. */
function Version({ entry }: { entry: (typeof CHANGELOG)[number] }) {
  const { t } = useT();
  return (
    <div>
      <Text fw={600} size="sm">
        {t('whatsNew.version', { version: entry.version })}
      </Text>
      <List size="sm" spacing={2}>
        {entry.changes.map((c) => (
          <List.Item key={c}>{c}</List.Item>
        ))}
      </List>
    </div>
  );
}

/** What's new?, folded to the latest version; a link unfolds the earlier ones. (The changes are the changelog's, in English.) */
function WhatsNew() {
  const { t } = useT();
  const [all, setAll] = useState(false);
  const [latest, ...earlier] = CHANGELOG;
  return (
    <Card withBorder radius="md" data-testid="whats-new">
      <Title order={3} size="h4" mb="sm">
        {t('whatsNew.title')}
      </Title>
      <Stack gap="sm">
        {latest !== undefined && <Version entry={latest} />}
        {all && earlier.map((entry) => <Version key={entry.version} entry={entry} />)}
        {earlier.length > 0 && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => setAll((v) => !v)}
            aria-expanded={all}
          >
            {all ? t('whatsNew.latestOnly') : t('whatsNew.all', { total: CHANGELOG.length })}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

/**
 * private/dashboard (spec §2): greeting, the onboarding checklist of a new user, the fixpoint
 * warning, a lapsing bank consent, balances, this month's cash flow, the charts (issue 22), upcoming, budgets, what's new.
 */
export function DashboardPage() {
  const { t } = useT();
  const info = useUserInfo().data;
  const balances = useBalancesNow().data;
  const nominal = named(balances, 'availablenominalmain');
  // The book's main currency (issue 34: a shared book's is its founder's, not the visitor's).
  const bookMain = useMainCurrency();
  const main = nominal?.asset.currency ?? bookMain ?? t('mainCurrency');
  return (
    <Stack gap="md">
      <Title order={2}>{t('hello', { name: info?.firstName ?? '' })}</Title>
      {info !== undefined && info.role !== 'DEMO' && (
        <Suspense fallback={null}>
          <OnboardingCard />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <WaitingSummary />
      </Suspense>
      <FixpointReminder />
      <Suspense fallback={null}>
        <BankConsentNotice />
      </Suspense>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <BalancesCard balances={balances} main={main} />
        <CashflowCard />
      </SimpleGrid>
      {bookMain !== undefined && (
        <Suspense fallback={<Skeleton h={240} radius="md" />}>
          <DashboardCharts currency={bookMain ?? nominal?.asset.currency ?? 'EUR'} />
        </Suspense>
      )}
      <Suspense fallback={<Skeleton h={120} radius="md" />}>
        <UpcomingCard />
      </Suspense>
      <Suspense fallback={<Skeleton h={120} radius="md" />}>
        <BudgetsCard />
      </Suspense>
      <WhatsNew />
    </Stack>
  );
}

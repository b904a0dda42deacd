import { Alert, Anchor, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { NamedAsset } from '@kassa/contract';
import { formatDate, formatMoney, sumMajor } from '@kassa/money';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import changelogText from '../../../../../CHANGELOG.md?raw';
import { quickRange, toApiInterval } from '../../components/interval';
import { RateProvenance } from '../../components/RateProvenance';
import { useUserInfo } from '../../shared/global-data';
import { utcDay, valuationCaption } from '../../shared/rate-provenance';
import { useProvenanceOn, useProvenanceOver } from '../../shared/rates-used';
import { DEFAULT_LAST_FIXPOINT, useLastFixpoint } from '../../shared/last-fixpoint';
import { named, useBalancesNow, useMonthCashflow } from './api';
import { parseChangelog } from './changelog';
import { fixpointIsStale } from './fixpoint-age';

const CHANGELOG = parseChangelog(changelogText);
// Loaded after the page: the budgets and upcoming cards keep the dashboard's first load within
// its budget (docs/benchmarks.md).
const BudgetsCard = lazy(async () => ({ default: (await import('../budgets')).BudgetsCard }));
const UpcomingCard = lazy(async () => ({ default: (await import('../schedules')).UpcomingCard }));
// The charts bring @mantine/charts and recharts; the checklist is only for new users.
const DashboardCharts = lazy(async () => ({ default: (await import('./DashboardCharts')).DashboardCharts }));
const OnboardingCard = lazy(async () => ({ default: (await import('./OnboardingCard')).OnboardingCard }));

/** One version of the changelog: its number and its changes. */
function Version({ entry }: { entry: (typeof CHANGELOG)[number] }) {
  return (
    <div>
      <Text fw={600} size="sm">
        v{entry.version}
      </Text>
      <List size="sm" spacing={2}>
        {entry.changes.map((c) => (
          <List.Item key={c}>{c}</List.Item>
        ))}
      </List>
    </div>
  );
}

/** What's new?, folded to the latest version; a link unfolds the earlier ones. */
function WhatsNew() {
  const [all, setAll] = useState(false);
  const [latest, ...earlier] = CHANGELOG;
  return (
    <Card withBorder radius="md" data-testid="whats-new">
      <Title order={3} size="h4" mb="sm">
        What&apos;s new?
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
            {all ? 'Show only the latest version' : `Show all ${CHANGELOG.length} versions`}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

function Figure({
  label,
  asset,
  colored,
}: {
  label: string;
  asset: NamedAsset['asset'] | undefined;
  colored?: boolean;
}) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {asset === undefined ? (
        <Skeleton h={28} w={140} mt={4} />
      ) : (
        <Text
          fz="xl"
          fw={700}
          c={colored === true ? (asset.amount < 0 ? 'red' : asset.amount > 0 ? 'teal' : undefined) : undefined}
          data-figure={label}
        >
          {formatMoney(asset.amount, asset.currency)}
        </Text>
      )}
    </div>
  );
}

/**
 * private/dashboard (spec §2): greeting, the onboarding checklist of a new user, the fixpoint
 * warning, balances, this month's cash flow, the charts (issue 22), upcoming, budgets, what's new.
 */
export function DashboardPage() {
  const info = useUserInfo().data;
  const balances = useBalancesNow().data;
  const cashflow = useMonthCashflow().data;
  const last = useLastFixpoint();
  const income = named(cashflow, 'income')?.asset;
  const expense = named(cashflow, 'expense')?.asset;
  // Spec §9: saving = income + expense (expenses are negative); summed exactly.
  const saving =
    income !== undefined && expense !== undefined
      ? { amount: sumMajor(income.currency, income.amount, expense.amount), currency: income.currency }
      : undefined;
  const nominal = named(balances, 'availablenominalmain');
  const main = nominal?.asset.currency ?? info?.mainCurrency ?? 'main currency';
  // Where the converted figures come from (issue 21): today's rates for the balances, each day's
  // rate of this month for the cash flow.
  const [month] = useState(() => toApiInterval(quickRange('MTD')));
  const today = useProvenanceOn(utcDay(new Date()));
  const monthRates = useProvenanceOver(utcDay(month.start), utcDay(month.end));
  const lastTime =
    last.data === undefined ? undefined : last.data === null ? DEFAULT_LAST_FIXPOINT : new Date(last.data.time);

  return (
    <Stack gap="md">
      <Title order={2}>Hello {info?.firstName ?? ''}!</Title>
      {info !== undefined && info.role !== 'DEMO' && (
        <Suspense fallback={null}>
          <OnboardingCard />
        </Suspense>
      )}
      {lastTime !== undefined && fixpointIsStale(lastTime, new Date()) && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title="Your last fixpoint is more than 30 days old"
        >
          <Text size="sm">
            {/* The date already ends with a dot (yyyy.mm.dd.), which closes the sentence. */}
            The last one was set on {formatDate(lastTime)}{' '}
            <Anchor component={Link} to="/private/operations/fixpoint" c="inherit" fw={600}>
              Add a fixpoint
            </Anchor>{' '}
            to check your pockets against what Kassa calculates.
          </Text>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md">
          <Title order={3} size="h4" mb="sm">
            Balances
          </Title>
          <Group gap="xl">
            <Figure label={`Available in ${main}`} asset={nominal?.asset} />
            <Figure label="Available (converted)" asset={named(balances, 'available')?.asset} />
          </Group>
          <Text size="xs" c="dimmed" mt="sm" data-testid="balances-explained">
            Available in {main}: the money you hold in {main} itself. Available (converted): everything you hold, every
            currency converted to {main} at today&apos;s rate.
          </Text>
          {today != null && (
            <RateProvenance
              name="dashboard-balances"
              caption={today.caption}
              lines={today.lines}
              warning={today.warning}
            />
          )}
        </Card>
        <Card withBorder radius="md">
          <Title order={3} size="h4" mb="sm">
            Cash flow this month
          </Title>
          <Group gap="xl">
            <Figure label="Income" asset={income} />
            <Figure
              label="Spending"
              asset={expense === undefined ? undefined : { ...expense, amount: Math.abs(expense.amount) }}
            />
            <Figure label="Saving" asset={saving} colored />
          </Group>
          {monthRates != null && (
            <RateProvenance
              name="dashboard-cashflow"
              caption={valuationCaption(undefined, monthRates)}
              lines={monthRates.lines}
              warning={monthRates.warning}
            />
          )}
        </Card>
      </SimpleGrid>
      {info !== undefined && (
        <Suspense fallback={<Skeleton h={240} radius="md" />}>
          <DashboardCharts currency={info.mainCurrency ?? nominal?.asset.currency ?? 'EUR'} />
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

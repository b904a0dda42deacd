import { Alert, Anchor, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { NamedAsset } from '@kassa/contract';
import { formatDate, formatMoney, sumMajor } from '@kassa/money';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import changelogText from '../../../../../CHANGELOG.md?raw';
import { useUserInfo } from '../../shared/global-data';
import { DEFAULT_LAST_FIXPOINT, useLastFixpoint } from '../../shared/last-fixpoint';
import { named, useBalancesNow, useMonthCashflow } from './api';
import { parseChangelog } from './changelog';
import { fixpointIsStale } from './fixpoint-age';

const CHANGELOG = parseChangelog(changelogText);
// Loaded after the page: the budgets and upcoming cards keep the dashboard's first load within
// its budget (docs/benchmarks.md).
const BudgetsCard = lazy(async () => ({ default: (await import('../budgets')).BudgetsCard }));
const UpcomingCard = lazy(async () => ({ default: (await import('../schedules')).UpcomingCard }));

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

/** private/dashboard (spec §2): greeting, balances, this month's cash flow, the fixpoint warning, what's new. */
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
  const lastTime =
    last.data === undefined ? undefined : last.data === null ? DEFAULT_LAST_FIXPOINT : new Date(last.data.time);

  return (
    <Stack gap="md">
      <Title order={2}>Hello {info?.firstName ?? ''}!</Title>
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
            <Figure label={`Available in ${nominal?.asset.currency ?? 'main currency'}`} asset={nominal?.asset} />
            <Figure label="Available (converted)" asset={named(balances, 'available')?.asset} />
          </Group>
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
        </Card>
      </SimpleGrid>
      <Suspense fallback={<Skeleton h={120} radius="md" />}>
        <UpcomingCard />
      </Suspense>
      <Suspense fallback={<Skeleton h={120} radius="md" />}>
        <BudgetsCard />
      </Suspense>
      <Card withBorder radius="md">
        <Title order={3} size="h4" mb="sm">
          What&apos;s new?
        </Title>
        <Stack gap="sm">
          {CHANGELOG.map((entry) => (
            <div key={entry.version}>
              <Text fw={600} size="sm">
                v{entry.version}
              </Text>
              <List size="sm" spacing={2}>
                {entry.changes.map((c) => (
                  <List.Item key={c}>{c}</List.Item>
                ))}
              </List>
            </div>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}

import { Card, Group, Skeleton, Text, Title } from '@mantine/core';
import type { NamedAsset } from '@kassa/contract';
import { sumMajor } from '@kassa/money';
import { formatMoney } from '../../lib/display-format';
import { lazy, Suspense } from 'react';
import { named, useMonthCashflow } from './api';
import { useT } from './i18n';

const BalancesProvenance = lazy(async () => ({ default: (await import('./DashboardProvenance')).BalancesProvenance }));
const CashflowProvenance = lazy(async () => ({ default: (await import('./DashboardProvenance')).CashflowProvenance }));

/** A figure under its label; a placeholder while it loads. */
function Figure({
  label,
  figure,
  asset,
  colored,
}: {
  label: string;
  /** Its name for tests, in English whatever the language (data-figure). */
  figure: string;
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
          data-figure={figure}
        >
          {formatMoney(asset.amount, asset.currency)}
        </Text>
      )}
    </div>
  );
}

/** What the user holds now: in the main currency itself, and everything converted to it. */
export function BalancesCard({ balances, main }: { balances: readonly NamedAsset[] | undefined; main: string }) {
  const nominal = named(balances, 'availablenominalmain');
  const { t } = useT();
  return (
    <Card withBorder radius="md">
      <Title order={3} size="h4" mb="sm">
        {t('balances.title')}
      </Title>
      <Group gap="xl">
        <Figure
          label={t('balances.availableIn', { currency: main })}
          figure={`Available in ${main}`}
          asset={nominal?.asset}
        />
        <Figure
          label={t('balances.converted')}
          figure="Available (converted)"
          asset={named(balances, 'available')?.asset}
        />
      </Group>
      <Text size="xs" c="dimmed" mt="sm" data-testid="balances-explained">
        {t('balances.explained', { currency: main })}
      </Text>
      <Suspense fallback={null}>
        <BalancesProvenance />
      </Suspense>
    </Card>
  );
}

/** This month's income, spending and saving. */
export function CashflowCard() {
  const cashflow = useMonthCashflow().data;
  const income = named(cashflow, 'income')?.asset;
  const expense = named(cashflow, 'expense')?.asset;
  // Spec §9: saving = income + expense (expenses are negative); summed exactly.
  const saving =
    income !== undefined && expense !== undefined
      ? { amount: sumMajor(income.currency, income.amount, expense.amount), currency: income.currency }
      : undefined;
  const { t } = useT();
  return (
    <Card withBorder radius="md">
      <Title order={3} size="h4" mb="sm">
        {t('cashflow.title')}
      </Title>
      <Group gap="xl">
        <Figure label={t('cashflow.income')} figure="Income" asset={income} />
        <Figure
          label={t('cashflow.spending')}
          figure="Spending"
          asset={expense === undefined ? undefined : { ...expense, amount: Math.abs(expense.amount) }}
        />
        <Figure label={t('cashflow.saving')} figure="Saving" asset={saving} colored />
      </Group>
      <Suspense fallback={null}>
        <CashflowProvenance />
      </Suspense>
    </Card>
  );
}

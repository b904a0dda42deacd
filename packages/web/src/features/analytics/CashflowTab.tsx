import { Card, Divider, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '../../lib/display-format';
import type { ReactNode } from 'react';
import { IntervalPicker } from '../../components/IntervalPicker';
import type { DayInterval } from '../../components/interval';
import { useCashflow } from './api';
import { cashflowFigures, reconciledEnd, reconciliation, type InOut } from './cashflow';
import { FigureLine } from './FigureLine';
import type { ReportViewState } from './report-view';
import { ReportViewPicker } from './ReportViewPicker';
import { ProjectedNote } from './ProjectedNote';
import { intervalDays, projectedAverages } from './shares';
import { ValuationNote } from './ValuationNote';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm" data-section={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <Stack gap={4}>{children}</Stack>
    </Card>
  );
}

function InOutSection({
  title,
  figures,
  currency,
  changeLabel = 'Change',
}: {
  title: string;
  figures: InOut;
  currency: string;
  changeLabel?: string;
}) {
  return (
    <Section title={title}>
      <FigureLine label="In" amount={figures.in} currency={currency} />
      <FigureLine label="Out" amount={figures.out} currency={currency} />
      <FigureLine label={changeLabel} amount={figures.change} currency={currency} colored strong />
    </Section>
  );
}

/**
 * Cash flow (spec §2, DESIGN §5): the available balance at both ends, income, expenses and
 * saving with monthly averages, the cash movements in and out, and the reconciliation lines that
 * take the start balance to the end balance. The valuation and currency switch and a caption of
 * the rates the totals use (issue 21) sit under the interval.
 */
export function CashflowTab({
  interval,
  onInterval,
  view,
  onView,
}: {
  interval: DayInterval;
  onInterval: (i: DayInterval) => void;
  /** The valuation and currency of the converted totals (issue 21), shared with the category reports. */
  view: ReportViewState;
  onView: (view: ReportViewState) => void;
}) {
  const query = useCashflow(interval, view);
  const days = intervalDays(interval);
  const f = query.data === undefined ? undefined : cashflowFigures(query.data, days);
  // Monthly averages of less than a month scale a few days up (issue 22): marked as projected.
  const projected = projectedAverages(interval);

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <IntervalPicker value={interval} onChange={onInterval} />
        <ReportViewPicker value={view} onChange={onView} />
        <ValuationNote interval={interval} view={view} name="cashflow" />
      </Stack>
      {f === undefined ? (
        <Skeleton h={300} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Section title="Available balance">
              <FigureLine label="Start" amount={f.start} currency={f.currency} />
              <FigureLine label="End" amount={f.end} currency={f.currency} />
              <FigureLine label="Change" amount={f.change} currency={f.currency} colored strong />
            </Section>
            <Section title="Income and expenses">
              <FigureLine label="Income" amount={f.income} currency={f.currency} />
              <FigureLine
                label="Income monthly avg."
                amount={f.incomeMonthly}
                currency={f.currency}
                projected={projected}
              />
              <FigureLine label="Expenses" amount={f.expense} currency={f.currency} />
              <FigureLine
                label="Expenses monthly avg."
                amount={f.expenseMonthly}
                currency={f.currency}
                projected={projected}
              />
            </Section>
            <Section title="Savings">
              <FigureLine label="Savings" amount={f.saving} currency={f.currency} colored strong />
              <FigureLine
                label="Savings monthly avg."
                amount={f.savingMonthly}
                currency={f.currency}
                colored
                projected={projected}
              />
            </Section>
            <InOutSection title="Loans" figures={f.loans} currency={f.currency} />
            <InOutSection title="Businesses" figures={f.businesses} currency={f.currency} />
            <InOutSection title="Loans and businesses" figures={f.temporary} currency={f.currency} />
            <InOutSection
              title="Currency conversions"
              figures={f.conversions}
              currency={f.currency}
              changeLabel="Net"
            />
            <InOutSection title="Externals" figures={f.externals} currency={f.currency} />
          </SimpleGrid>
          {projected && <ProjectedNote days={days} />}
          <Section title="From start to end">
            <FigureLine label="Available at start" amount={f.start} currency={f.currency} />
            {reconciliation(f).map((l) => (
              <FigureLine key={l.label} label={l.label} amount={l.amount} currency={f.currency} colored />
            ))}
            <Divider my={4} />
            <FigureLine label="Available at end" amount={f.end} currency={f.currency} strong />
            {reconciledEnd(f) !== f.end && (
              <Text size="xs" c="red">
                The lines above add up to {formatMoney(reconciledEnd(f), f.currency)}.
              </Text>
            )}
            <Text size="xs" c="dimmed">
              Realized P&amp;L is business profit or loss booked without cash moving. Fixpoint errors are the
              differences found by fixpoints in the period; revaluation is what exchange-rate moves did to the balances
              held in other currencies.
            </Text>
          </Section>
        </>
      )}
    </Stack>
  );
}

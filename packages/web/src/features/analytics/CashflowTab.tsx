import { Card, Divider, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '../../lib/display-format';
import type { ReactNode } from 'react';
import { IntervalPicker } from '../../components/IntervalPicker';
import type { DayInterval } from '../../components/interval';
import { useCashflow } from './api';
import { cashflowFigures, reconciledEnd, reconciliation, type CashflowFigures, type InOut } from './cashflow';
import { FigureLine } from './FigureLine';
import type english from '../../i18n/locales/en/analytics.json';
import { inEnglish, useT } from './i18n';
import type { ReportViewState } from './report-view';
import { ReportViewPicker } from './ReportViewPicker';
import { ProjectedNote } from './ProjectedNote';
import { intervalDays, projectedAverages } from './shares';
import { ValuationNote } from './ValuationNote';

type CashflowKey = keyof (typeof english)['cashflow'];
type FigureKey = Exclude<CashflowKey, 'lines'>;

/** A card of figures titled by a cash-flow text; data-section names it in English for tests. */
function Section({ title, children }: { title: FigureKey; children: ReactNode }) {
  const { t } = useT();
  return (
    <Card withBorder radius="md" padding="sm" data-section={inEnglish(`cashflow.${title}`)}>
      <Title order={3} size="h5" mb="xs">
        {t(`cashflow.${title}`)}
      </Title>
      <Stack gap={4}>{children}</Stack>
    </Card>
  );
}

interface LineProps {
  label: FigureKey;
  amount: number;
  currency: string;
  colored?: boolean;
  strong?: boolean;
  projected?: boolean;
}

/** A figure labelled by a cash-flow text (data-figure in English). */
function Line({ label, ...rest }: LineProps) {
  const { t } = useT();
  return <FigureLine label={t(`cashflow.${label}`)} figure={inEnglish(`cashflow.${label}`)} {...rest} />;
}

function InOutSection({
  title,
  figures,
  currency,
  changeLabel = 'change',
}: {
  title: FigureKey;
  figures: InOut;
  currency: string;
  changeLabel?: FigureKey;
}) {
  return (
    <Section title={title}>
      <Line label="in" amount={figures.in} currency={currency} />
      <Line label="out" amount={figures.out} currency={currency} />
      <Line label={changeLabel} amount={figures.change} currency={currency} colored strong />
    </Section>
  );
}

/** The figures' cards: the available balance, income and expenses, savings and each kind of cash movement. */
function FigureSections({ f, projected }: { f: CashflowFigures; projected: boolean }) {
  const c = f.currency;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <Section title="availableBalance">
        <Line label="start" amount={f.start} currency={c} />
        <Line label="end" amount={f.end} currency={c} />
        <Line label="change" amount={f.change} currency={c} colored strong />
      </Section>
      <Section title="incomeAndExpenses">
        <Line label="income" amount={f.income} currency={c} />
        <Line label="incomeMonthly" amount={f.incomeMonthly} currency={c} projected={projected} />
        <Line label="expenses" amount={f.expense} currency={c} />
        <Line label="expensesMonthly" amount={f.expenseMonthly} currency={c} projected={projected} />
      </Section>
      <Section title="savings">
        <Line label="savings" amount={f.saving} currency={c} colored strong />
        <Line label="savingsMonthly" amount={f.savingMonthly} currency={c} colored projected={projected} />
      </Section>
      <InOutSection title="loans" figures={f.loans} currency={c} />
      <InOutSection title="businesses" figures={f.businesses} currency={c} />
      <InOutSection title="loansAndBusinesses" figures={f.temporary} currency={c} />
      <InOutSection title="conversions" figures={f.conversions} currency={c} changeLabel="net" />
      <InOutSection title="externals" figures={f.externals} currency={c} />
    </SimpleGrid>
  );
}

/** The reconciliation lines that take the start balance to the end balance, and what they mean. */
function StartToEnd({ f }: { f: CashflowFigures }) {
  const { t } = useT();
  return (
    <Section title="startToEnd">
      <Line label="availableAtStart" amount={f.start} currency={f.currency} />
      {reconciliation(f).map((l) => (
        <FigureLine key={l.figure} label={l.label} figure={l.figure} amount={l.amount} currency={f.currency} colored />
      ))}
      <Divider my={4} />
      <Line label="availableAtEnd" amount={f.end} currency={f.currency} strong />
      {reconciledEnd(f) !== f.end && (
        <Text size="xs" c="red">
          {t('cashflow.addsUpTo', { amount: formatMoney(reconciledEnd(f), f.currency) })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('cashflow.explain')}
      </Text>
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
          <FigureSections f={f} projected={projected} />
          {projected && <ProjectedNote days={days} />}
          <StartToEnd f={f} />
        </>
      )}
    </Stack>
  );
}

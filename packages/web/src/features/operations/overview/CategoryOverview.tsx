import { Anchor, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { Category } from '@kassa/contract';
import { Link, useSearchParams } from 'react-router';
import { useCategories } from '../../../shared/global-data';
import { useBusinessSummary, useCategoryTransactions, useLoanSummary, type OverviewKind } from '../api';
import { useT } from '../i18n';
import { BusinessSummaryView } from './BusinessSummaryView';
import { LoanSummaryView } from './LoanSummaryView';
import { CategoryCard, TransactionsCard } from './OverviewCards';
import { useCategoryClosing } from './use-category-closing';

/** The kind's categories, active ones first, each part in the server's order (last used first). */
export function categoriesOfKind(all: readonly Category[], kind: OverviewKind): Category[] {
  const own = all.filter((c) => c.type === kind);
  return [...own.filter((c) => c.isActive), ...own.filter((c) => !c.isActive)];
}

/** private/operations/loan and /business: selector, summary, transactions, Close (and Realise). */
export function CategoryOverview({ kind }: { kind: OverviewKind }) {
  const { t } = useT();
  const categories = useCategories();
  const [params, setParams] = useSearchParams();
  const list = categoriesOfKind(categories.data ?? [], kind);
  const asked = Number(params.get('id'));
  const selected = list.find((c) => c.id === asked) ?? list[0];
  const id = selected?.id ?? null;

  const loan = useLoanSummary(kind === 'loan' ? id : null);
  const business = useBusinessSummary(kind === 'business' ? id : null);
  const transactions = useCategoryTransactions(id);
  const closing = useCategoryClosing(kind, business.data);

  if (categories.data === undefined) {
    return (
      <Center py="xl">
        <Loader size="sm" role="status" aria-label={t('loading')} />
      </Center>
    );
  }
  if (selected === undefined) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Stack align="center" gap="xs">
          <Text>{kind === 'loan' ? t('overview.noneLoan') : t('overview.noneBusiness')}</Text>
          <Anchor component={Link} to={`/private/manage/${kind}`}>
            {kind === 'loan' ? t('overview.addLoan') : t('overview.addBusiness')}
          </Anchor>
        </Stack>
      </Card>
    );
  }

  const summary =
    kind === 'loan'
      ? loan.data && <LoanSummaryView summary={loan.data} />
      : business.data && <BusinessSummaryView summary={business.data} />;
  return (
    <Stack gap="md">
      <CategoryCard
        kind={kind}
        list={list}
        selected={selected}
        onSelect={(v) => setParams({ id: v }, { replace: true })}
        closing={closing}
        summaryLoaded={business.data !== undefined}
      />
      <Card withBorder radius="md" padding="md">
        <Title order={3} size="h5" mb="sm">
          {t('overview.summary')}
        </Title>
        {summary ?? <Loader size="sm" role="status" aria-label={t('loading')} />}
      </Card>
      <TransactionsCard kind={kind} active={selected.isActive} transactions={transactions} loan={loan.data} />
    </Stack>
  );
}

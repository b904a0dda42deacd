import { Anchor, Badge, Button, Card, Center, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import type { Category } from '@kassa/contract';
import { Link, useSearchParams } from 'react-router';
import { useCategories } from '../../../shared/global-data';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { notifySuccess } from '../../../lib/notify';
import {
  useBusinessSummary,
  useCategoryActions,
  useCategoryTransactions,
  useLoanSummary,
  type OverviewKind,
} from '../api';
import { BusinessSummaryView } from './BusinessSummaryView';
import { CategoryTransactions } from './CategoryTransactions';
import { closeCategory, latentToRealise } from './close-flow';
import { LoanSummaryView } from './LoanSummaryView';

/** Spec §9: the view refreshes this long after a close or a realisation. */
const REFRESH_DELAY_MS = 100;

/** The kind's categories, active ones first, each part in the server's order (last used first). */
export function categoriesOfKind(all: readonly Category[], kind: OverviewKind): Category[] {
  const own = all.filter((c) => c.type === kind);
  return [...own.filter((c) => c.isActive), ...own.filter((c) => !c.isActive)];
}

const LABELS = { loan: 'Loan', business: 'Business' } as const;

/** private/operations/loan and /business: selector, summary, transactions, Close (and Realise). */
export function CategoryOverview({ kind }: { kind: OverviewKind }) {
  const categories = useCategories();
  const [params, setParams] = useSearchParams();
  const list = categoriesOfKind(categories.data ?? [], kind);
  const asked = Number(params.get('id'));
  const selected = list.find((c) => c.id === asked) ?? list[0];
  const id = selected?.id ?? null;

  const loan = useLoanSummary(kind === 'loan' ? id : null);
  const business = useBusinessSummary(kind === 'business' ? id : null);
  const transactions = useCategoryTransactions(id);
  const { close, realise, reloadCategories, refreshLedger } = useCategoryActions();
  const confirm = useConfirm();

  if (categories.data === undefined) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  if (selected === undefined) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Stack align="center" gap="xs">
          <Text>You have no {kind} categories yet.</Text>
          <Anchor component={Link} to={`/private/manage/${kind}`}>
            Add a {kind} category
          </Anchor>
        </Stack>
      </Card>
    );
  }

  const refreshSoon = () => setTimeout(() => void refreshLedger(), REFRESH_DELAY_MS);
  const latent = latentToRealise(business.data);

  const onClose = async () => {
    const outcome = await closeCategory({
      kind,
      latent,
      confirm,
      realise: () => realise.mutateAsync(selected.id),
      close: () => close.mutateAsync(selected.id),
    }).catch(() => 'failed' as const);
    if (outcome === 'cancelled') return;
    if (outcome === 'realised-and-closed') notifySuccess('Realization transaction added for latent P&L');
    if (outcome !== 'failed') notifySuccess('Category closed');
    // Even a failed second step may have changed something (a realisation before a refused close).
    void reloadCategories();
    refreshSoon();
  };

  const onRealise = async () => {
    const answer = await confirm({
      text: 'You are adding a P&L realiziation transaction for the calculated latent P&L',
    });
    if (answer !== 'yes') return;
    const done = await realise.mutateAsync(selected.id).then(
      () => true,
      () => false,
    );
    if (!done) return;
    notifySuccess('Realization transaction added for latent P&L');
    refreshSoon();
  };

  const active = selected.isActive;
  // Pages of 100, newest first; the summary above is the server's, whatever is loaded here.
  const shown = transactions.data?.pages.flat();
  const summary =
    kind === 'loan'
      ? loan.data && <LoanSummaryView summary={loan.data} />
      : business.data && <BusinessSummaryView summary={business.data} />;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Select
            label={`${LABELS[kind]} category`}
            allowDeselect={false}
            searchable
            w={{ base: '100%', xs: 320 }}
            data={[
              {
                group: 'Active',
                items: list.filter((c) => c.isActive).map((c) => ({ value: String(c.id), label: c.name })),
              },
              {
                group: 'Closed',
                items: list.filter((c) => !c.isActive).map((c) => ({ value: String(c.id), label: c.name })),
              },
            ].filter((g) => g.items.length > 0)}
            value={String(selected.id)}
            onChange={(v) => v !== null && setParams({ id: v }, { replace: true })}
          />
          {active && (
            <Group gap="xs">
              {kind === 'business' && (
                <Button
                  variant="light"
                  onClick={() => void onRealise()}
                  disabled={business.data === undefined || latent.length === 0}
                  loading={realise.isPending && !close.isPending}
                  title={latent.length === 0 ? 'There is no latent P&L to realise' : undefined}
                >
                  Realise
                </Button>
              )}
              <Button
                color="red"
                variant="light"
                onClick={() => void onClose()}
                loading={close.isPending}
                // The question depends on the latent P&L: a business waits for its summary.
                disabled={kind === 'business' && business.data === undefined}
              >
                Close
              </Button>
            </Group>
          )}
        </Group>
        {selected.description !== '' && (
          <Text size="sm" c="dimmed" mt="xs">
            {selected.description}
          </Text>
        )}
        {!active && (
          <Badge color="gray" variant="light" mt="xs" data-testid="closed-badge">
            Closed
          </Badge>
        )}
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={3} size="h5" mb="sm">
          Summary
        </Title>
        {summary ?? <Loader size="sm" aria-label="Loading" />}
      </Card>
      <Card withBorder radius="md" padding="md">
        <Title order={3} size="h5" mb="sm">
          Transactions
        </Title>
        {shown === undefined ? (
          <Loader size="sm" aria-label="Loading" />
        ) : (
          <CategoryTransactions
            rows={shown}
            clickable={active}
            kind={kind}
            balances={loan.data?.native.map((n) => ({ amount: n.balance, currency: n.currency })) ?? []}
          />
        )}
        {transactions.hasNextPage && (
          <Stack align="center" gap="xs" mt="md">
            <Button
              variant="default"
              onClick={() => void transactions.fetchNextPage()}
              loading={transactions.isFetchingNextPage}
            >
              Load more
            </Button>
            <Text size="xs" c="dimmed">
              {shown?.length} transactions shown; older ones load on request
            </Text>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}

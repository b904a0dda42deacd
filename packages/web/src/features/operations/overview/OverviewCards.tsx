import { Badge, Button, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import type { Category, LoanSummary } from '@kassa/contract';
import type { OverviewKind, useCategoryTransactions } from '../api';
import { t as text, useT } from '../i18n';
import { CategoryTransactions } from './CategoryTransactions';
import type { CategoryClosing } from './use-category-closing';

/** The picker's choices: active categories, then closed ones, each group only when it has some. */
function categoryGroups(list: readonly Category[]) {
  return [
    {
      group: text('overview.active'),
      items: list.filter((c) => c.isActive).map((c) => ({ value: String(c.id), label: c.name })),
    },
    {
      group: text('overview.closed'),
      items: list.filter((c) => !c.isActive).map((c) => ({ value: String(c.id), label: c.name })),
    },
  ].filter((g) => g.items.length > 0);
}

interface CategoryCardProps {
  kind: OverviewKind;
  list: readonly Category[];
  selected: Category;
  /** Picks another category, by its id. */
  onSelect: (id: string) => void;
  closing: CategoryClosing;
  /** Whether a business's summary (and so its latent P&L) has loaded. */
  summaryLoaded: boolean;
}

/** The category picker, Close (and Realise) of an active one, its description, and a closed one's badge. */
export function CategoryCard({ kind, list, selected, onSelect, closing, summaryLoaded }: CategoryCardProps) {
  const { t } = useT();
  const active = selected.isActive;
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label={kind === 'loan' ? t('overview.pickerLoan') : t('overview.pickerBusiness')}
          allowDeselect={false}
          searchable
          w={{ base: '100%', xs: 320 }}
          data={categoryGroups(list)}
          value={String(selected.id)}
          onChange={(v) => v !== null && onSelect(v)}
        />
        {active && <CloseButtons kind={kind} selected={selected} closing={closing} summaryLoaded={summaryLoaded} />}
      </Group>
      {selected.description !== '' && (
        <Text size="sm" c="dimmed" mt="xs">
          {selected.description}
        </Text>
      )}
      {!active && (
        <Badge color="gray" variant="light" mt="xs" data-testid="closed-badge">
          {t('overview.closed')}
        </Badge>
      )}
    </Card>
  );
}

/** Realise (a business) and Close. */
function CloseButtons({ kind, selected, closing, summaryLoaded }: Omit<CategoryCardProps, 'list' | 'onSelect'>) {
  const { t } = useT();
  return (
    <Group gap="xs">
      {kind === 'business' && (
        <Button
          variant="light"
          onClick={() => void closing.onRealise(selected)}
          disabled={!summaryLoaded || closing.latent.length === 0}
          loading={closing.realising && !closing.closing}
          title={closing.latent.length === 0 ? t('overview.noLatent') : undefined}
        >
          {t('overview.realise')}
        </Button>
      )}
      <Button
        color="red"
        variant="light"
        onClick={() => void closing.onClose(selected)}
        loading={closing.closing}
        // The question depends on the latent P&L: a business waits for its summary.
        disabled={kind === 'business' && !summaryLoaded}
      >
        {t('overview.close')}
      </Button>
    </Group>
  );
}

/** The category's transactions, newest first, a page at a time. */
export function TransactionsCard({
  kind,
  active,
  transactions,
  loan,
}: {
  kind: OverviewKind;
  /** Closed categories' rows do not open. */
  active: boolean;
  transactions: ReturnType<typeof useCategoryTransactions>;
  loan: LoanSummary | undefined;
}) {
  const { t } = useT();
  // Pages of 100, newest first; the summary above is the server's, whatever is loaded here.
  const shown = transactions.data?.pages.flat();
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h5" mb="sm">
        {t('overview.transactions')}
      </Title>
      {shown === undefined ? (
        <Loader size="sm" role="status" aria-label={t('loading')} />
      ) : (
        <CategoryTransactions
          rows={shown}
          clickable={active}
          kind={kind}
          balances={loan?.native.map((n) => ({ amount: n.balance, currency: n.currency })) ?? []}
        />
      )}
      {transactions.hasNextPage && (
        <Stack align="center" gap="xs" mt="md">
          <Button
            variant="default"
            onClick={() => void transactions.fetchNextPage()}
            loading={transactions.isFetchingNextPage}
          >
            {t('overview.loadMore')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('overview.shownMore', { shown: shown?.length })}
          </Text>
        </Stack>
      )}
    </Card>
  );
}

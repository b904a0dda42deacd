import { Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { Category } from '@kassa/contract';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useCategories } from '../../../shared/global-data';
import { ALL_TIME, quickRange, toApiInterval } from '../../../components/interval';
import {
  useConversionsOver,
  useConvertedSum,
  useExportCsv,
  useExternalCategories,
  useFixpointsOver,
  useTransactionPages,
} from '../api';
import { FilterPanel } from './FilterPanel';
import { hasSelection, showsSum, toExportQuery, toListFilter, type FilterState } from './filter';
import { mergeRows, pageSpans } from './rows';
import { TransactionTable } from './TransactionTable';

const initialFilter = (): FilterState => ({
  enabled: false,
  incomeCategories: [],
  expenseCategories: [],
  loanBusinessCategories: [],
  currencies: [],
  directions: [],
  // Turning filters on starts with the last year.
  interval: quickRange('1 Y'),
});

/** private/transactions: the filter card and the merged list, newest first, a page at a time. */
export function TransactionListPage() {
  const [filterState, setFilterState] = useState(initialFilter);
  const filter = useMemo(() => toListFilter(filterState), [filterState]);
  const narrowed = hasSelection(filterState);
  const interval = useMemo(() => (filterState.enabled ? toApiInterval(filterState.interval) : ALL_TIME), [filterState]);
  const pages = useTransactionPages(filter);
  // Conversions and fixpoints only for the time the loaded transactions cover (all of time would
  // be every conversion of a large ledger on each open); they extend as older pages load.
  const spans = useMemo(
    () => (pages.data === undefined ? [] : pageSpans(pages.data.pages, !pages.hasNextPage, interval)),
    [pages.data, pages.hasNextPage, interval],
  );
  const conversions = useConversionsOver(spans, !narrowed);
  const fixpoints = useFixpointsOver(spans, !narrowed);
  const withSum = showsSum(filterState);
  const sum = useConvertedSum(filter, withSum);
  const categories = useCategories().data;
  const external = useExternalCategories().data;
  const compact = useMediaQuery('(max-width: 599.98px)');
  const exportCsv = useExportCsv();

  const byId = useMemo(
    () => new Map<number, Category>([...(categories ?? []), ...(external ?? [])].map((c) => [c.id, c])),
    [categories, external],
  );
  const transactions = useMemo(() => pages.data?.pages.flat() ?? [], [pages.data]);
  const rows = useMemo(
    () => mergeRows(transactions, narrowed ? [] : conversions, narrowed ? [] : fixpoints, !pages.hasNextPage),
    [transactions, conversions, fixpoints, narrowed, pages.hasNextPage],
  );

  return (
    <Stack gap="md">
      <FilterPanel
        value={filterState}
        onChange={setFilterState}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/private/import" variant="default" size="xs">
              Import
            </Button>
            <Button
              variant="default"
              size="xs"
              onClick={() => exportCsv.mutate(toExportQuery(filterState))}
              loading={exportCsv.isPending}
            >
              Export CSV
            </Button>
          </Group>
        }
      />
      <Card withBorder radius="md" padding={compact ? 'xs' : 'md'}>
        {pages.isPending ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading" />
          </Center>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No transactions
          </Text>
        ) : (
          <TransactionTable
            rows={rows}
            categories={byId}
            compact={compact}
            {...(withSum && sum.data !== undefined ? { sum: sum.data } : {})}
          />
        )}
        {pages.hasNextPage && (
          <Center mt="md">
            <Button variant="default" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
              Load more
            </Button>
          </Center>
        )}
        {!pages.isPending && (
          <Text size="xs" c="dimmed" ta="center" mt="xs">
            {transactions.length} transactions shown{pages.hasNextPage ? '; older ones load on request' : ''}
          </Text>
        )}
      </Card>
    </Stack>
  );
}

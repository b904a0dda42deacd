import { Anchor, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { BulkRequestBody, Category, Transaction } from '@kassa/contract';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCategories } from '../../../shared/global-data';
import { useOfferUndo } from '../../../shared/undo';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { ALL_TIME, quickRange, toApiInterval } from '../../../components/interval';
import {
  useBulkEdit,
  useCollectMatching,
  useConversionsOver,
  useConvertedSum,
  useExportCsv,
  useExternalCategories,
  useFixpointsOver,
  useTransactionPages,
} from '../api';
import { FilterPanel } from './FilterPanel';
import { fromSearch, hasSelection, showsSum, toExportQuery, toListFilter, toSearch, type FilterState } from './filter';
import { convertedDaySpans, mergeRows, pageSpans, shownText } from './rows';
import { rateTitle, utcDay } from '../../../shared/rate-provenance';
import { useUsedRatesOver } from '../../../shared/rates-used';
import { isClosedCategory } from '../kinds';
import { BulkBar } from './BulkBar';
import { bulkMessage, visibleState } from './selection';
import { TransactionTable } from './TransactionTable';
import { useRowSelection } from './use-row-selection';
import { useScrollMemory } from './use-scroll-memory';

/**
 * private/transactions: the filter card and the merged list, newest first, a page at a time. The
 * filter lives in the URL's query (replaced, not pushed, on each change), so an editor's way back
 * returns to the same list, and the scroll position is kept per history entry.
 */
export function TransactionListPage() {
  // Turning filters on starts with the last year.
  const [fallback] = useState(() => quickRange('1 Y'));
  const [search, setSearch] = useSearchParams();
  const query = search.toString();
  // The panel answers at once from its own state; the URL follows, and a URL changed from outside
  // (history back or forward, a link) replaces the state during render.
  const [filterState, setState] = useState(() => fromSearch(new URLSearchParams(query), fallback));
  const [previousQuery, setPreviousQuery] = useState(query);
  if (query !== previousQuery) {
    setPreviousQuery(query);
    if (query !== toSearch(filterState).toString()) setState(fromSearch(new URLSearchParams(query), fallback));
  }
  const setFilterState = (next: FilterState) => {
    const nextQuery = toSearch(next);
    setState(next);
    setSearch(nextQuery, { replace: true, preventScrollReset: true });
  };
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
  // The rate, day and source of each converted amount (issue 21): one exrate/used per loaded page
  // with converted amounts, not asked on a phone, whose compact table has no Converted column.
  const rateSpans = useMemo(
    () => (compact || pages.data === undefined ? [] : convertedDaySpans(pages.data.pages)),
    [compact, pages.data],
  );
  const usedRates = useUsedRatesOver(rateSpans);
  const titleOf = useCallback(
    (tx: Transaction) =>
      usedRates === undefined || tx.convertedCurrency === undefined
        ? undefined
        : rateTitle(usedRates, tx.convertedCurrency, tx.currency, utcDay(tx.time)),
    [usedRates],
  );

  const byId = useMemo(
    () => new Map<number, Category>([...(categories ?? []), ...(external ?? [])].map((c) => [c.id, c])),
    [categories, external],
  );
  const transactions = useMemo(() => pages.data?.pages.flat() ?? [], [pages.data]);
  const rows = useMemo(
    () => mergeRows(transactions, narrowed ? [] : conversions, narrowed ? [] : fixpoints, !pages.hasNextPage),
    [transactions, conversions, fixpoints, narrowed, pages.hasNextPage],
  );
  const anyBeforeFix = rows.some((r) => r.kind === 'transaction' && r.tx.beforeFix === true);
  useScrollMemory(!pages.isPending);

  // Bulk edit (issue 20): checkboxes on transactions, a bar of actions, Undo in the toast.
  const selected = useRowSelection(JSON.stringify(filter));
  const canSelect = (t: Transaction) => !isClosedCategory(byId.get(t.categoryId));
  const selectable = transactions.filter(canSelect);
  const header = visibleState(selected.selection, selectable);
  const collect = useCollectMatching();
  const bulk = useBulkEdit();
  const offerUndo = useOfferUndo();
  const confirm = useConfirm();
  const ids = [...selected.selection.keys()];
  const run = async (body: BulkRequestBody, message: (count: number) => string): Promise<boolean> => {
    const done = await bulk.mutateAsync(body).catch(() => undefined);
    if (done === undefined) return false;
    selected.clear();
    offerUndo(message(done.count), done.undo);
    return true;
  };
  const removeSelected = async () => {
    const text = ids.length === 1 ? '1 transaction will be deleted.' : `${ids.length} transactions will be deleted.`;
    if ((await confirm({ danger: true, text })) !== 'yes') return;
    await run({ ids, action: 'delete' }, (n) => bulkMessage('delete', n));
  };
  const selectAllMatching = () =>
    collect.mutate(filter, { onSuccess: (all) => selected.selectAll(all.filter(canSelect)) });

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
      {/* Outside the card: the card clips its content, which would keep the bar from sticking. */}
      {selected.selection.size > 0 && (
        <BulkBar
          rows={[...selected.selection.values()]}
          categories={[...byId.values()]}
          busy={bulk.isPending}
          onCategory={(categoryId) =>
            run({ ids, action: 'update', changes: { categoryId } }, (n) => bulkMessage('category', n))
          }
          onDescription={(description) =>
            run({ ids, action: 'update', changes: { description } }, (n) => bulkMessage('description', n))
          }
          onDelete={() => void removeSelected()}
          onClear={selected.clear}
        >
          {selected.allMatching ? (
            <Text size="xs" c="dimmed" mt={4} data-select-all>
              All {selected.selection.size.toLocaleString()} transactions{narrowed ? ' matching the filter' : ''} are
              selected.
            </Text>
          ) : (
            header === 'all' &&
            pages.hasNextPage && (
              <Text size="xs" c="dimmed" mt={4} data-select-all>
                All {selectable.length} shown are selected.{' '}
                <Anchor component="button" type="button" size="xs" onClick={selectAllMatching}>
                  {narrowed ? 'Select all matching the filter' : 'Select all transactions'}
                </Anchor>
                {collect.isPending && <Loader size={12} ml="xs" aria-label="Collecting" />}
              </Text>
            )
          )}
        </BulkBar>
      )}
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
          <>
            <TransactionTable
              rows={rows}
              categories={byId}
              compact={compact}
              rateTitle={titleOf}
              {...(withSum && sum.data !== undefined ? { sum: sum.data } : {})}
              selection={{
                isSelected: (id) => selected.selection.has(id),
                canSelect,
                onClick: (tx, shift) => selected.click(tx, shift, selectable),
                header,
                onHeader: () => selected.toggleVisible(selectable),
              }}
            />
          </>
        )}
        {pages.hasNextPage && (
          <Center mt="md">
            <Button variant="default" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
              Load more
            </Button>
          </Center>
        )}
        {!pages.isPending && anyBeforeFix && (
          <Text size="xs" c="dimmed" mt="xs" data-legend>
            <Text span fs="italic" inherit>
              Italic rows
            </Text>{' '}
            are dated before the last fixpoint: their balances are already settled by it.
          </Text>
        )}
        {!pages.isPending && (
          <Text size="xs" c="dimmed" ta="center" mt="xs" data-shown>
            {shownText(rows)}
            {pages.hasNextPage ? '; older ones load on request' : ''}
          </Text>
        )}
      </Card>
    </Stack>
  );
}

import type { Transaction } from '@kassa/contract';
import { Button, Card, Center, Loader, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useBookPeople, useCanWrite, useSharedBook } from '../../../shared/books';
import { useT } from '../i18n';
import { FilterPanel } from './FilterPanel';
import { BulkBar } from './BulkBar';
import { TransactionTable } from './TransactionTable';
import { useScrollMemory } from './use-scroll-memory';
import { ListActions, ListFooter, SelectAllLine } from './ListParts';
import { useBulkSelection } from './use-bulk-selection';
import { useListRows } from './use-list-rows';
import { useUrlFilter } from './use-url-filter';
import { WaitingRows } from './WaitingRows';
import { isNetworkFailure } from '../../../shared/outbox';
import { OUTBOX_UI } from '../outbox/texts';

/**
 * The people of a shared book (issue 34): the filter's "Entered by" (offered too while a link's
 * choice of them stands) and the names of who paid a split expense.
 */
function useListPeople(shared: boolean, chosen: boolean) {
  const people = useBookPeople(shared || chosen).people;
  const names = useMemo(() => new Map((people ?? []).map((p) => [p.userId, p.name])), [people]);
  return { names, filterPeople: shared || chosen ? people : undefined };
}

/**
 * private/transactions: the filter card and the merged list, newest first, a page at a time. The
 * filter lives in the URL's query (replaced, not pushed, on each change), so an editor's way back
 * returns to the same list, and the scroll position is kept per history entry.
 */
export function TransactionListPage() {
  const { t } = useT();
  const [filterState, setFilterState] = useUrlFilter();
  const compact = useMediaQuery('(max-width: 599.98px)');
  const list = useListRows(filterState, compact);
  const { filter, narrowed, pages, rows, byId } = list;
  useScrollMemory(!pages.isPending);
  // Offline (issue 36): the server's rows could not be read (or wait for the connection to be
  // asked again), which is not "no transactions".
  const unreachable =
    (pages.isError && isNetworkFailure(pages.error)) || (pages.isPending && pages.fetchStatus === 'paused');

  // Bulk edit (issue 20): checkboxes on transactions, a bar of actions, Undo in the toast.
  const bulk = useBulkSelection(filter, list.transactions, byId);
  const { selected, selectable, header } = bulk;
  // Shared books (issue 34): who entered each row, once someone else may open the book; a
  // viewer reads only, so no checkboxes and no import.
  const shared = useSharedBook();
  const canWrite = useCanWrite();
  const { names, filterPeople } = useListPeople(shared, filterState.enteredBy.length > 0);
  return (
    <Stack gap="md">
      <FilterPanel
        value={filterState}
        onChange={setFilterState}
        actions={<ListActions filterState={filterState} canImport={canWrite} />}
        {...(filterPeople === undefined ? {} : { people: filterPeople })}
      />
      {/* Outside the card: the card clips its content, which would keep the bar from sticking. */}
      {selected.selection.size > 0 && (
        <BulkBar
          rows={[...selected.selection.values()]}
          categories={[...byId.values()]}
          busy={bulk.busy}
          onCategory={bulk.changeCategory}
          onDescription={bulk.changeDescription}
          onDelete={() => void bulk.removeSelected()}
          onClear={selected.clear}
        >
          <SelectAllLine
            allMatching={selected.allMatching}
            count={selected.selection.size}
            narrowed={narrowed}
            allShown={header === 'all' && pages.hasNextPage ? selectable.length : undefined}
            onSelectAll={bulk.selectAllMatching}
            collecting={bulk.collecting}
          />
        </BulkBar>
      )}
      {/* Issue 36: what waits on this device to be sent, apart from the server's rows. */}
      <WaitingRows compact={compact} />
      <Card withBorder radius="md" padding={compact ? 'xs' : 'md'}>
        {pages.isPending && !unreachable ? (
          <Center py="xl">
            <Loader size="sm" role="status" aria-label={t('list.loading')} />
          </Center>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {unreachable ? OUTBOX_UI.listOffline : t('list.none')}
          </Text>
        ) : (
          <>
            <TransactionTable
              rows={rows}
              categories={byId}
              compact={compact}
              rateTitle={list.titleOf}
              enteredBy={shared}
              people={names}
              {...(list.withSum && list.sum.data !== undefined ? { sum: list.sum.data } : {})}
              {...(canWrite
                ? {
                    selection: {
                      isSelected: (id: number) => selected.selection.has(id),
                      canSelect: bulk.canSelect,
                      onClick: (tx: Transaction, shift: boolean) => selected.click(tx, shift, selectable),
                      header,
                      onHeader: () => selected.toggleVisible(selectable),
                    },
                  }
                : {})}
            />
          </>
        )}
        {pages.hasNextPage && (
          <Center mt="md">
            <Button variant="default" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
              {t('list.loadMore')}
            </Button>
          </Center>
        )}
        {!pages.isPending && !unreachable && (
          <ListFooter rows={rows} anyBeforeFix={list.anyBeforeFix} more={pages.hasNextPage} />
        )}
      </Card>
    </Stack>
  );
}

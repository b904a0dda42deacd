import type { BulkRequestBody, Category, Transaction, TransactionFilterBody } from '@kassa/contract';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { useOfferUndo } from '../../../shared/undo';
import { useBulkEdit, useCollectMatching } from '../api';
import { t } from '../i18n';
import { isClosedCategory } from '../kinds';
import { bulkMessage, visibleState } from './selection';
import { useRowSelection } from './use-row-selection';

/**
 * Bulk edit (issue 20) of the list's `transactions`: the selection (transactions of closed
 * categories can not be selected), the changes and the delete, each with Undo in its toast, and
 * "select all matching the filter".
 */
export function useBulkSelection(
  filter: TransactionFilterBody,
  transactions: readonly Transaction[],
  byId: ReadonlyMap<number, Category>,
) {
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
    const text = t('bulk.confirmDelete', { count: ids.length });
    if ((await confirm({ danger: true, text })) !== 'yes') return;
    await run({ ids, action: 'delete' }, (n) => bulkMessage('delete', n));
  };
  const selectAllMatching = () =>
    collect.mutate(filter, { onSuccess: (all) => selected.selectAll(all.filter(canSelect)) });

  const changeCategory = (categoryId: number) =>
    run({ ids, action: 'update', changes: { categoryId } }, (n) => bulkMessage('category', n));
  const changeDescription = (description: string) =>
    run({ ids, action: 'update', changes: { description } }, (n) => bulkMessage('description', n));
  return {
    selected,
    canSelect,
    selectable,
    header,
    busy: bulk.isPending,
    collecting: collect.isPending,
    changeCategory,
    changeDescription,
    removeSelected,
    selectAllMatching,
  };
}

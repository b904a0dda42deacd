import type { UseQueryResult } from '@tanstack/react-query';
import { useLastFixpointTime } from '../../shared/last-fixpoint';
import { UNDO_TOAST_SECONDS } from '@kassa/contract/constants';
import { useConfirm } from '../../components/confirm/confirm-context';
import { notifySuccess } from '../../lib/notify';
import { isQueued, notifyQueued, type LedgerRow } from '../../shared/outbox';
import { useOfferUndo } from '../../shared/undo';
import { useGoBack } from '../../lib/use-go-back';
import type { LedgerWrites } from './api';
import { movesBalance } from './moves-balance';
import { useCategories } from '../../shared/global-data';
import { t } from './i18n';

/** Spec §5: the confirmation asked before changing anything dated at or before the last fixpoint. */
const beforeFixConfirm = () => ({ text: t('editor.confirmBeforeFix') });

/** The editors' messages, per noun. */
const MESSAGES = {
  Transaction: {
    edited: () => t('editor.transactionEdited'),
    deleted: () => t('editor.transactionDeleted'),
    confirmDelete: (seconds: number) => t('editor.deleteTransaction', { seconds }),
  },
  Conversion: {
    edited: () => t('editor.conversionEdited'),
    deleted: () => t('editor.conversionDeleted'),
    confirmDelete: (seconds: number) => t('editor.deleteConversion', { seconds }),
  },
};

/**
 * What the transaction and conversion editors share: the loaded item, the EditorFrame's state,
 * Save (asking first when it moves a balance at or before the last fixpoint: a new category or
 * description asks nothing) and Delete (asking first),
 * each going back with a success toast when done (Delete's holds Undo).
 */
export function useLedgerEditor<Item extends LedgerRow, Payload extends { time: string }>(
  noun: 'Transaction' | 'Conversion',
  id: number,
  query: UseQueryResult<Item>,
  writes: LedgerWrites<Item, Payload>,
) {
  const goBack = useGoBack('/private/transactions');
  const confirm = useConfirm();
  const lastFix = useLastFixpointTime();
  const offerUndo = useOfferUndo();
  const item = query.data;
  const categories = useCategories().data;
  const directionOf = (id: unknown) => categories?.find((c) => c.id === id)?.isIncome;
  const beforeFix = item !== undefined && new Date(item.time) <= lastFix;

  const save = async (payload: Payload): Promise<boolean> => {
    const changesBeforeFix =
      (beforeFix || new Date(payload.time) <= lastFix) &&
      (item === undefined || movesBalance(item, payload, directionOf));
    if (changesBeforeFix && (await confirm(beforeFixConfirm())) !== 'yes') return false;
    if (item === undefined) return false;
    const saved = await writes.update.mutateAsync({ payload: { ...payload, id }, before: item }).catch(() => undefined);
    if (saved === undefined) return false;
    if (isQueued(saved)) notifyQueued(saved);
    else notifySuccess(MESSAGES[noun].edited());
    goBack();
    return true;
  };

  const remove = async () => {
    // Not the spec's default "can not be undone": the message after the delete offers Undo.
    const text = MESSAGES[noun].confirmDelete(UNDO_TOAST_SECONDS);
    if (item === undefined || (await confirm({ danger: true, text })) !== 'yes') return;
    const answer = await writes.remove.mutateAsync(item);
    if (isQueued(answer)) notifyQueued(answer);
    else offerUndo(MESSAGES[noun].deleted(), answer.undo);
    goBack();
  };

  return {
    item,
    frame: {
      loading: item === undefined,
      // A failed refetch after a successful load keeps the data: only a failed first load leaves.
      failed: (query.isError && item === undefined) || !Number.isInteger(id),
      onFailed: goBack,
      beforeFix,
    },
    save,
    remove: () => void remove().catch(() => undefined),
    goBack,
    saving: writes.update.isPending,
  };
}

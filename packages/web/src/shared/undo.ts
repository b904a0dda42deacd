import type { UndoResult } from '@kassa/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../lib/api';
import { notifySuccess, notifyUndoable } from '../lib/notify';
import { useRefreshLedger } from './ledger-refresh';
import { t } from '../i18n';

/**
 * After a delete or a bulk change: the success toast with its Undo button. Undo calls
 * undo/{token}, which puts the rows back exactly, refreshes every ledger view and confirms.
 * A failure (expired, changed since) is reported like any other through the query client.
 */
export function useOfferUndo(): (message: string, token: string) => void {
  const refresh = useRefreshLedger();
  const undo = useMutation({
    mutationFn: (token: string) => apiPost<UndoResult>(`undo/${encodeURIComponent(token)}`),
    onSuccess: async ({ count }) => {
      await refresh();
      notifySuccess(count === 1 ? t('notice.undone') : t('notice.undoneCount', { count }));
    },
  });
  return (message, token) => notifyUndoable(message, () => undo.mutate(token));
}

import { Alert, Button } from '@mantine/core';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useCategories } from '../../app/global-data';
import { useConfirm } from '../../components/confirm/confirm-context';
import { notifySuccess } from '../../lib/notify';
import { useGoBack } from '../../lib/use-go-back';
import { useLastFixpointTime, useTransaction } from './api';
import { BEFORE_FIX_CONFIRM, EditorFrame } from './EditorFrame';
import { kindOf } from './kinds';
import { useLedgerMutations } from './mutations';
import { TransactionForm } from './TransactionForm';

/** private/edit-transaction/{id}: the add form with Save, Cancel and Delete. */
export function EditTransactionPage() {
  const id = Number(useParams()['id']);
  const query = useTransaction(id);
  const goBack = useGoBack('/private/transactions');
  const onFailed = useCallback(() => goBack(), [goBack]);
  const confirm = useConfirm();
  const lastFix = useLastFixpointTime();
  const categories = useCategories().data ?? [];
  const { updateTransaction, deleteTransaction } = useLedgerMutations();
  const tx = query.data;
  const beforeFix = tx !== undefined && new Date(tx.time) <= lastFix;
  const category = tx === undefined ? undefined : categories.find((c) => c.id === tx.categoryId);
  // Spec §4: transactions of closed loan and business categories can not be edited.
  const closed =
    category !== undefined && category.type !== 'real' && category.type !== 'external' && !category.isActive;

  const remove = async () => {
    if ((await confirm({ danger: true })) !== 'yes') return;
    await deleteTransaction.mutateAsync(id);
    notifySuccess('Transaction deleted');
    goBack();
  };

  return (
    <EditorFrame
      title="Edit transaction"
      loading={tx === undefined}
      // A failed refetch after a successful load keeps the data: only a failed first load leaves.
      failed={(query.isError && query.data === undefined) || !Number.isInteger(id)}
      onFailed={onFailed}
      beforeFix={beforeFix}
    >
      {tx !== undefined && (
        <>
          {closed && (
            <Alert color="gray" mb="md">
              This transaction belongs to a closed category and can not be changed.
            </Alert>
          )}
          <TransactionForm
            key={tx.id}
            kind={kindOf(tx)}
            initial={tx}
            disabled={closed}
            onSubmit={async (payload) => {
              const changesBeforeFix = beforeFix || new Date(payload.time) <= lastFix;
              if (changesBeforeFix && (await confirm(BEFORE_FIX_CONFIRM)) !== 'yes') return false;
              const saved = await updateTransaction.mutateAsync({ ...payload, id }).catch(() => undefined);
              if (saved === undefined) return false;
              notifySuccess('Transaction edited');
              goBack();
              return true;
            }}
            actions={
              <>
                {!closed && (
                  <Button color="red" variant="light" onClick={() => void remove().catch(() => undefined)}>
                    Delete
                  </Button>
                )}
                <Button variant="default" onClick={goBack}>
                  Cancel
                </Button>
                {!closed && (
                  <Button type="submit" loading={updateTransaction.isPending}>
                    Save
                  </Button>
                )}
              </>
            }
          />
        </>
      )}
    </EditorFrame>
  );
}

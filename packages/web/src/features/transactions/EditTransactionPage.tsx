import { Alert, Group } from '@mantine/core';
import { useParams } from 'react-router';
import { useCategories } from '../../shared/global-data';
import { EditorButtons } from '../../components/EditorButtons';
import { MakeScheduleButton } from './MakeScheduleButton';
import { useTransaction } from './api';
import { EditorFrame } from './EditorFrame';
import { useT } from './i18n';
import { isClosedCategory, kindOf } from './kinds';
import { useTransactionWrites } from './api';
import { TransactionForm } from './TransactionForm';
import { useLedgerEditor } from './use-ledger-editor';

/** private/edit-transaction/{id}: the add form with Save, Cancel and Delete. */
export function EditTransactionPage() {
  const { t } = useT();
  const id = Number(useParams()['id']);
  const editor = useLedgerEditor('Transaction', id, useTransaction(id), useTransactionWrites());
  const categories = useCategories().data ?? [];
  const tx = editor.item;
  const closed = tx !== undefined && isClosedCategory(categories.find((c) => c.id === tx.categoryId));

  return (
    <EditorFrame title={t('editor.editTransaction')} {...editor.frame}>
      {tx !== undefined && (
        <>
          {closed && (
            <Alert color="gray" mb="md">
              {t('editor.closed')}
            </Alert>
          )}
          <TransactionForm
            key={tx.id}
            kind={kindOf(tx)}
            initial={tx}
            disabled={closed}
            onSubmit={editor.save}
            actions={
              <EditorButtons
                onDelete={closed ? undefined : editor.remove}
                onCancel={editor.goBack}
                readOnly={closed}
                saving={editor.saving}
              />
            }
          />
          {!closed && (
            <Group mt="md">
              <MakeScheduleButton from={tx} />
            </Group>
          )}
        </>
      )}
    </EditorFrame>
  );
}

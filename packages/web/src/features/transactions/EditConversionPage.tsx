import { Button } from '@mantine/core';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useConfirm } from '../../components/confirm/confirm-context';
import { notifySuccess } from '../../lib/notify';
import { useGoBack } from '../../lib/use-go-back';
import { useConversion, useLastFixpointTime } from './api';
import { ConversionForm } from './ConversionForm';
import { BEFORE_FIX_CONFIRM, EditorFrame } from './EditorFrame';
import { useLedgerMutations } from './mutations';

/** private/edit-conversion/{id} (id read from the route): the add form with Save, Cancel and Delete. */
export function EditConversionPage() {
  const id = Number(useParams()['id']);
  const query = useConversion(id);
  const goBack = useGoBack('/private/transactions');
  const onFailed = useCallback(() => goBack(), [goBack]);
  const confirm = useConfirm();
  const lastFix = useLastFixpointTime();
  const { updateConversion, deleteConversion } = useLedgerMutations();
  const conversion = query.data;
  const beforeFix = conversion !== undefined && new Date(conversion.time) <= lastFix;

  const remove = async () => {
    if ((await confirm({ danger: true })) !== 'yes') return;
    await deleteConversion.mutateAsync(id);
    notifySuccess('Conversion deleted');
    goBack();
  };

  return (
    <EditorFrame
      title="Edit conversion"
      loading={conversion === undefined}
      // A failed refetch after a successful load keeps the data: only a failed first load leaves.
      failed={(query.isError && query.data === undefined) || !Number.isInteger(id)}
      onFailed={onFailed}
      beforeFix={beforeFix}
    >
      {conversion !== undefined && (
        <ConversionForm
          key={conversion.id}
          initial={conversion}
          onSubmit={async (payload) => {
            const changesBeforeFix = beforeFix || new Date(payload.time) <= lastFix;
            if (changesBeforeFix && (await confirm(BEFORE_FIX_CONFIRM)) !== 'yes') return false;
            const saved = await updateConversion.mutateAsync({ ...payload, id }).catch(() => undefined);
            if (saved === undefined) return false;
            notifySuccess('Conversion edited');
            goBack();
            return true;
          }}
          actions={
            <>
              <Button color="red" variant="light" onClick={() => void remove().catch(() => undefined)}>
                Delete
              </Button>
              <Button variant="default" onClick={goBack}>
                Cancel
              </Button>
              <Button type="submit" loading={updateConversion.isPending}>
                Save
              </Button>
            </>
          }
        />
      )}
    </EditorFrame>
  );
}

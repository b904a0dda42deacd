import type { PocketStateGroup } from '@kassa/contract';
import { amountFieldText, amountForServer } from '../../../components/amount-value';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { notifySuccess } from '../../../lib/notify';
import { useFixpointMutations } from '../api';
import { t } from '../i18n';

/** Typed balances by pocket id while editing. */
export type Draft = Record<number, string>;

export const draftOf = (groups: readonly PocketStateGroup[]): Draft =>
  Object.fromEntries(groups.flatMap((g) => g.items.map((s) => [s.pocketId, amountFieldText(s.balance)])));

/** Saving the typed balances of fixpoint `id`, or deleting it, each once the user confirms; then `goBack`. */
export function useFixpointChanges(id: number, goBack: () => void) {
  const { updateStates, deleteFixpoint } = useFixpointMutations();
  const confirm = useConfirm();

  const save = async (groups: readonly PocketStateGroup[], draft: Draft | undefined) => {
    if (draft === undefined) return;
    if ((await confirm({ text: t('edit.confirmChange') })) !== 'yes') return;
    const updates = groups.flatMap((g) =>
      g.items.map((s) => ({
        fixpointId: s.fixpointId,
        pocketId: s.pocketId,
        balance: amountForServer(draft[s.pocketId] ?? amountFieldText(s.balance)),
      })),
    );
    const done = await updateStates.mutateAsync(updates).then(
      () => true,
      () => false,
    );
    if (!done) return;
    notifySuccess(t('edit.changed'));
    goBack();
  };

  const remove = async () => {
    const answer = await confirm({
      text: t('edit.confirmDelete'),
      danger: true,
    });
    if (answer !== 'yes') return;
    const done = await deleteFixpoint.mutateAsync(id).then(
      () => true,
      () => false,
    );
    if (!done) return;
    notifySuccess(t('edit.deleted'));
    goBack();
  };

  return { save, remove, saving: updateStates.isPending, deleting: deleteFixpoint.isPending };
}

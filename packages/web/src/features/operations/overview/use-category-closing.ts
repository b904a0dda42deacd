import type { BusinessSummary, Category } from '@kassa/contract';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { notifySuccess } from '../../../lib/notify';
import { useCategoryActions, type OverviewKind } from '../api';
import { t } from '../i18n';
import { closeCategory, latentToRealise } from './close-flow';

/** Spec §9: the view refreshes this long after a close or a realisation. */
const REFRESH_DELAY_MS = 100;

/**
 * Close and Realise of a loan or business category, each asked first; a business with latent
 * P&L (from its summary, `business`) is offered its realisation before it closes.
 */
export function useCategoryClosing(kind: OverviewKind, business: BusinessSummary | undefined) {
  const { close, realise, reloadCategories, refreshLedger } = useCategoryActions();
  const confirm = useConfirm();
  const refreshSoon = () => setTimeout(() => void refreshLedger(), REFRESH_DELAY_MS);
  const latent = latentToRealise(business);

  const onClose = async (selected: Category) => {
    const outcome = await closeCategory({
      kind,
      latent,
      confirm,
      realise: () => realise.mutateAsync(selected.id),
      close: () => close.mutateAsync(selected.id),
    }).catch(() => 'failed' as const);
    if (outcome === 'cancelled') return;
    if (outcome === 'realised-and-closed') notifySuccess(t('overview.realised'));
    if (outcome !== 'failed') notifySuccess(t('overview.categoryClosed'));
    // Even a failed second step may have changed something (a realisation before a refused close).
    void reloadCategories();
    refreshSoon();
  };

  const onRealise = async (selected: Category) => {
    const answer = await confirm({
      text: t('overview.confirmRealise'),
    });
    if (answer !== 'yes') return;
    const done = await realise.mutateAsync(selected.id).then(
      () => true,
      () => false,
    );
    if (!done) return;
    notifySuccess(t('overview.realised'));
    refreshSoon();
  };

  return { latent, onClose, onRealise, closing: close.isPending, realising: realise.isPending };
}

export type CategoryClosing = ReturnType<typeof useCategoryClosing>;

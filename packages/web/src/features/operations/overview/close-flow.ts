import type { BusinessSummary, MoneyAmount } from '@kassa/contract';
import { formatMoney } from '../../../lib/display-format';
import type { ConfirmAnswer, ConfirmOptions } from '../../../components/confirm/confirm-context';
import type { OverviewKind } from '../api';
import { t } from '../i18n';

/** What closing ended with: nothing, closed, or realised the latent P&L and closed. */
export type CloseOutcome = 'cancelled' | 'closed' | 'realised-and-closed';

interface CloseSteps {
  kind: OverviewKind;
  /** A business category's latent P&L per currency, the non-zero ones (ignored for loans). */
  latent?: readonly MoneyAmount[];
  confirm: (options: ConfirmOptions) => Promise<ConfirmAnswer>;
  realise: () => Promise<unknown>;
  close: () => Promise<unknown>;
}

/**
 * Spec §4/§5: closing asks 'You are closing this {kind} category'. A business with latent P&L is
 * asked in the same dialog whether to realise it first (recommended): Yes realises then closes, No
 * just closes, Cancel does nothing. A failed step stops the flow (its error is already shown).
 */
export async function closeCategory({ kind, latent = [], confirm, realise, close }: CloseSteps): Promise<CloseOutcome> {
  const closing = kind === 'loan' ? t('overview.closingLoan') : t('overview.closingBusiness');
  if (kind === 'business' && latent.length > 0) {
    const amounts = latent
      .map((l) => formatMoney(l.amount, l.currency))
      .reduce((first, second) => t('overview.and', { first, second }));
    const answer = await confirm({
      title: closing,
      text: t('overview.latentAsk', { amounts }),
      withNo: true,
    });
    if (answer === 'cancel') return 'cancelled';
    if (answer === 'yes') await realise();
    await close();
    return answer === 'yes' ? 'realised-and-closed' : 'closed';
  }
  if ((await confirm({ text: closing })) !== 'yes') return 'cancelled';
  await close();
  return 'closed';
}

/**
 * The latent P&L to realise, per currency (issue 22): realisation works currency by currency
 * (business/add-latent), so a business whose latent P&L nets to 0 in the main currency, or
 * rounds to it, still has something to realise. Without per-currency figures, the main one.
 */
export function latentToRealise(summary: BusinessSummary | undefined): MoneyAmount[] {
  if (summary === undefined) return [];
  const native = summary.native.filter((n) => n.latentPnl !== 0);
  if (native.length > 0) return native.map((n) => ({ amount: n.latentPnl, currency: n.currency }));
  return summary.latentPnl === 0 ? [] : [{ amount: summary.latentPnl, currency: summary.currency }];
}

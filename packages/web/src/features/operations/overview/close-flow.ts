import { formatMoney } from '@kassa/money';
import type { ConfirmAnswer, ConfirmOptions } from '../../../components/confirm/confirm-context';
import type { OverviewKind } from '../api';

/** What closing ended with: nothing, closed, or realised the latent P&L and closed. */
export type CloseOutcome = 'cancelled' | 'closed' | 'realised-and-closed';

interface CloseSteps {
  kind: OverviewKind;
  /** A business category's latent P&L in the main currency (ignored for loans). */
  latentPnl?: number;
  currency?: string;
  confirm: (options: ConfirmOptions) => Promise<ConfirmAnswer>;
  realise: () => Promise<unknown>;
  close: () => Promise<unknown>;
}

/**
 * Spec §4/§5: closing asks 'You are closing this {kind} category'. A business with latent P&L is
 * asked in the same dialog whether to realise it first (recommended): Yes realises then closes, No
 * just closes, Cancel does nothing. A failed step stops the flow (its error is already shown).
 */
export async function closeCategory({
  kind,
  latentPnl = 0,
  currency = '',
  confirm,
  realise,
  close,
}: CloseSteps): Promise<CloseOutcome> {
  const closing = `You are closing this ${kind} category`;
  if (kind === 'business' && latentPnl !== 0) {
    const answer = await confirm({
      title: closing,
      text: `Its latent P&L is ${formatMoney(latentPnl, currency)}. Do you want to realise it before closing? (recommended)`,
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

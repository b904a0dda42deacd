import type { UsedRates } from '@kassa/contract';
import { formatNumber, formatRate } from '../../lib/display-format';
import { crossRateOn } from '../../shared/rate-provenance';
import { t } from './i18n';

/**
 * The reference rate from → to on the UTC day `day` (units of `to` per 1 `from`), crossed through
 * EUR from the stored rates in force that day; null without both legs.
 */
export function referenceRate(rates: UsedRates, from: string, to: string, day: string): number | null {
  if (from === to) return 1;
  return crossRateOn(rates, from, to, day)?.rate ?? null;
}

const MINUS = '\u2212';

/**
 * The conversion form's rate line (issue 22): "1 USD = 0.9234 EUR (reference 0.9301, −0.7 %)".
 * Rates below 0.05 turn round as everywhere (spec §9, "1 EUR = 400.0 HUF"), the reference and the
 * difference with them; the difference is how far the implied rate lies from the reference, in
 * per cent with one decimal. Without a reference the line says so; it never assumes 1.
 */
export function rateLine(
  from: string,
  to: string,
  fromMajor: number,
  toMajor: number,
  reference: number | null | undefined,
): string {
  const implied = toMajor / fromMajor;
  const shown = formatRate(implied);
  const [base, quote] = shown.inverted ? [to, from] : [from, to];
  const ref = reference == null ? null : shown.inverted ? 1 / reference : reference;
  const head = `1 ${base} = ${shown.text} ${quote}`;
  if (reference === undefined) return head;
  if (ref === null) return t('form.noReference', { rate: head });
  const impliedShown = shown.inverted ? 1 / implied : implied;
  const diff = (impliedShown / ref - 1) * 100;
  const rounded = Math.round(diff * 10) / 10;
  const sign = rounded > 0 ? '+' : rounded < 0 ? MINUS : '';
  const difference = `${sign}${formatNumber(Math.abs(rounded), 1)}\u00a0%`;
  return t('form.reference', { rate: head, reference: formatRate(ref).text, difference });
}

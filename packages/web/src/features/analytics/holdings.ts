import type { Holding } from '@kassa/contract';
import { sumMajor } from '@kassa/money';
import { t } from './i18n';

export interface HoldingRow {
  currency: string;
  amount: number;
  /** The value in the main currency: absent for the main currency itself (its amount is its value). */
  converted: number | undefined;
  /** What the row is worth in the main currency, for sorting and the pie. */
  value: number;
  /** The rate behind `converted` and its stored rates' days and sources (issue 21), when converted. */
  provenance: { rate: string; days: string; detail: string } | undefined;
}

export interface HoldingsView {
  mainCurrency: string;
  total: number;
  rows: HoldingRow[];
}

/**
 * Holdings as shown (spec §2): rows sorted by converted value, largest first (currency code breaks
 * ties), and the total value in the main currency, summed exactly.
 */
export function holdingsView(list: readonly Holding[], mainCurrency: string): HoldingsView {
  const rows = list
    .map((h) => {
      const isMain = h.currency === mainCurrency;
      const converted = isMain ? undefined : h.convertedAmount;
      return {
        currency: h.currency,
        amount: h.amount,
        converted,
        value: isMain ? h.amount : (converted ?? 0),
        provenance: isMain || h.rate === undefined ? undefined : provenanceOf(h, mainCurrency),
      };
    })
    .sort((a, b) => b.value - a.value || a.currency.localeCompare(b.currency));
  return { mainCurrency, rows, total: sumMajor(mainCurrency, ...rows.map((r) => r.value)) };
}

/**
 * Where a converted holding's value comes from (issue 21): "1 USD = 0.8333 EUR", the day(s) of the
 * stored rates behind it, and each stored rate in full (units per EUR, day, source). EUR, the
 * base of the stored rates, has none of its own.
 */
function provenanceOf(h: Holding, mainCurrency: string): { rate: string; days: string; detail: string } {
  const stored = (h.legs ?? []).filter((l) => l.source !== 'definition');
  const days = [...new Set(stored.map((l) => l.day))].join(', ');
  return {
    // Five significant digits on screen (a display only; the tooltip has the stored rates in full).
    rate: `1 ${h.currency} = ${Number(h.rate ?? 0).toPrecision(5)} ${mainCurrency}`,
    days,
    detail: stored
      .map((l) => t('holdings.rateDetail', { currency: l.currency, rate: l.rate, day: l.day, source: l.source }))
      .join('; '),
  };
}

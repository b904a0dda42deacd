import type { Holding } from '@kassa/contract';
import { sumMajor } from '@kassa/money';

export interface HoldingRow {
  currency: string;
  amount: number;
  /** The value in the main currency: absent for the main currency itself (its amount is its value). */
  converted: number | undefined;
  /** What the row is worth in the main currency, for sorting and the pie. */
  value: number;
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
      return { currency: h.currency, amount: h.amount, converted, value: isMain ? h.amount : (converted ?? 0) };
    })
    .sort((a, b) => b.value - a.value || a.currency.localeCompare(b.currency));
  return { mainCurrency, rows, total: sumMajor(mainCurrency, ...rows.map((r) => r.value)) };
}

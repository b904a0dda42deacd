// The shape of a catalogue entry, below both the generated catalogue and its lookups.

/** A currency the product can hold amounts in. */
export interface CurrencyInfo {
  /** ISO 4217 code, upper case. */
  code: string;
  /** Display sign, e.g. "$" or "Ft". */
  sign: string;
  name: string;
  /** ISO 4217 minor unit: how many decimals an amount may carry (JPY 0, HUF 2, BHD 3). */
  decimals: number;
  /** Whether the sign is written before the number ("$ 12.00") or after it ("12.00 Ft"). */
  signBefore: boolean;
}

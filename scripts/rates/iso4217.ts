/**
 * ISO 4217 minor units of current currencies whose minor unit is not 2 (list one, as amended up
 * to 2025). Node has no ISO table: Intl's maximumFractionDigits comes from CLDR, which departs
 * from ISO for some currencies (IQD 0 instead of 3, RSD 0 instead of 2, …), and the app stores
 * amounts with the ISO minor unit, so this table decides.
 */
const MINOR_UNITS_NOT_2: ReadonlyMap<string, number> = new Map([
  ['BIF', 0],
  ['CLP', 0],
  ['DJF', 0],
  ['GNF', 0],
  ['ISK', 0],
  ['JPY', 0],
  ['KMF', 0],
  ['KRW', 0],
  ['PYG', 0],
  ['RWF', 0],
  ['UGX', 0],
  ['UYI', 0],
  ['VND', 0],
  ['VUV', 0],
  ['XAF', 0],
  ['XOF', 0],
  ['XPF', 0],
  ['BHD', 3],
  ['IQD', 3],
  ['JOD', 3],
  ['KWD', 3],
  ['LYD', 3],
  ['OMR', 3],
  ['TND', 3],
  ['CLF', 4],
  ['UYW', 4],
]);

/** The ISO 4217 minor unit (decimals) of a current currency code. */
export function isoMinorUnits(code: string): number {
  return MINOR_UNITS_NOT_2.get(code) ?? 2;
}

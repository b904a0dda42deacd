/**
 * The choices of a currency picker (spec §5): without the excluded currency, the current one
 * first, the rest in the given order (the user's currencies come most recently used first).
 */
export function currencyOptions(codes: readonly string[], current: string | null, exclude?: string | null): string[] {
  const rest = codes.filter((c) => c !== exclude && c !== current);
  return current !== null && current !== exclude && codes.includes(current) ? [current, ...rest] : rest;
}

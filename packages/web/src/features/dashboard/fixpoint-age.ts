/** Spec §9: the dashboard warns when the last fixpoint is more than 30 days old. */
export const FIXPOINT_WARNING_DAYS = 30;

export function fixpointIsStale(last: Date, now: Date): boolean {
  return now.getTime() - last.getTime() > FIXPOINT_WARNING_DAYS * 86_400_000;
}

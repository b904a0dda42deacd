/** Spec §9: the dashboard warns when the last fixpoint is more than 30 days old. */
export const FIXPOINT_WARNING_DAYS = 30;

/** Spec §9: with no fixpoint at all, the last one counts as 2020-01-01. */
export const DEFAULT_LAST_FIXPOINT = new Date(2020, 0, 1);

export function fixpointIsStale(last: Date, now: Date): boolean {
  return now.getTime() - last.getTime() > FIXPOINT_WARNING_DAYS * 86_400_000;
}

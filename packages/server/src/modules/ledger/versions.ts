import { versionConflict } from '../../http/errors.js';

/**
 * Refuses an edit or delete made on an older version of the row (issue 36: offline changes
 * replayed later): 409 `version_conflict`, naming both versions, so the client can show the row as
 * it is now beside the change and let the person decide. No version named: the change applies.
 */
export function refuseChanged(
  what: string,
  id: number,
  current: number | undefined,
  onVersion: number | undefined,
): void {
  if (onVersion === undefined || current === onVersion) return;
  throw versionConflict(
    `${what} ${id} was changed since version ${onVersion}: it is at version ${current ?? 1} now; load it again and decide`,
  );
}

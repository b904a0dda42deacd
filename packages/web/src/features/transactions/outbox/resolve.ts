import type { OutboxEntry } from '../../../shared/outbox';

/** What a conflicted entry is sent again as. */
export type Resend = Partial<Pick<OutboxEntry, 'kind' | 'path' | 'body' | 'before'>>;

/**
 * "Apply mine": the change made again on the row as it is now (its version), or, for an edit of
 * a row deleted on the server, the edited row as a new one. Undefined while the row now is unknown.
 */
export function applyMine(entry: OutboxEntry): Resend | undefined {
  const { current } = entry;
  const deletes = entry.kind.endsWith('-delete');
  // A row deleted meanwhile is no conflict for a delete: gone is what it wanted.
  if (current === undefined || (current === null && deletes)) return undefined;
  const entity = entry.kind.startsWith('conversion') ? 'conversion' : 'transaction';
  if (current === null) {
    const fields: Record<string, unknown> = { ...(entry.body as Record<string, unknown>) };
    delete fields.id;
    delete fields.version;
    return { kind: `${entity}-add`, path: `${entity}/add`, body: fields };
  }
  if (deletes) return { path: `${entity}/delete/${current.id}?version=${current.version}`, before: current };
  return { body: { ...(entry.body as Record<string, unknown>), version: current.version }, before: current };
}

import { ApiError } from '../../lib/api';

/** A refusal of the server a form shows itself: the field it names (or null) and the text. */
export interface Refusal {
  field: string | null;
  text: string;
}

const FIELD_MESSAGE = /^([A-Za-z0-9]+): (.+)$/s;

/**
 * The server's refusal of a public form (400 naming a field, or 429 saying when to try again),
 * to show beside the form; undefined for any other failure, which takes the usual path.
 */
export function refusalOf(err: unknown): Refusal | undefined {
  if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 429) || err.body === undefined)
    return undefined;
  const m = FIELD_MESSAGE.exec(err.body.message);
  if (err.status === 429 || m === null) return { field: null, text: err.body.message };
  const text = m[2] ?? '';
  return { field: m[1] ?? null, text: text.charAt(0).toUpperCase() + text.slice(1) };
}

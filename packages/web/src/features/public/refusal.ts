import { ApiError } from '../../lib/api';
import { fieldMessage } from '../../lib/errors';
import { reportFailure } from '../../shared/session';

/** A refusal of the server a form shows itself: the field it names (or null) and the text. */
export interface Refusal {
  field: string | null;
  text: string;
}

/**
 * The server's refusal of a public form (400 naming a field, or 429 saying when to try again),
 * to show beside the form; undefined for any other failure, which takes the usual path.
 */
export function refusalOf(err: unknown): Refusal | undefined {
  if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 429) || err.body === undefined)
    return undefined;
  if (err.status === 429) return { field: null, text: err.body.message };
  return fieldMessage(err.body.message);
}

/** A mutation's onError for a public form: a refusal goes to `show`, any other failure the usual path. */
export function showRefusal(show: (refusal: Refusal) => void): (err: unknown) => void {
  return (err) => {
    const refused = refusalOf(err);
    if (refused === undefined) reportFailure(err);
    else show(refused);
  };
}

import { useState } from 'react';
import { instantOrNow, toLocalDateTimeValue } from '../../lib/local-time';

/**
 * The time field of the transaction and conversion forms: the stored time when editing, else the
 * current minute. Untouched, it is sent as "now" to the second, so entries made in one minute
 * keep their order.
 */
export function useFormTime(initial?: string) {
  const [value, setValue] = useState(() =>
    toLocalDateTimeValue(initial === undefined ? new Date() : new Date(initial)),
  );
  const [touched, setTouched] = useState(initial !== undefined);
  return {
    value,
    onChange: (v: string) => {
      setValue(v);
      setTouched(true);
    },
    /** The instant to send. */
    instant: () => (touched ? instantOrNow(value) : new Date()),
    /** Back to "now", untouched (after an add form saves). */
    reset: () => {
      setValue(toLocalDateTimeValue(new Date()));
      setTouched(false);
    },
  };
}

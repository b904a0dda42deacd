/** Spec §4: the text before a fixpoint error line's amount (error = stated - calculated). */
export function errorLabel(error: number): string {
  if (error === 0) return 'There is no error: ';
  return error > 0 ? 'Calculated error (excess): ' : 'Calculated error (missing): ';
}

/** The colour of an error line: nothing to see, money found, money missing. */
export function errorColor(error: number): string {
  if (error === 0) return 'teal';
  return error > 0 ? 'blue' : 'red';
}

import { t } from '../i18n';

/**
 * Spec §4: the text before a fixpoint error line's amount (error = stated - calculated). A line
 * where the currency's books start (`opening`: the sign-up's start balance, a bank statement's
 * opening) states where they begin, which is no error (issue 32).
 */
export function errorLabel(error: number, opening = false): string {
  if (error === 0) return t('fixpoint.noError');
  if (opening) return t('fixpoint.opening');
  return error > 0 ? t('fixpoint.excess') : t('fixpoint.missing');
}

/** The colour of an error line: nothing to see, money found, money missing. */
export function errorColor(error: number, opening = false): string {
  if (error === 0 || opening) return 'teal';
  return error > 0 ? 'blue' : 'red';
}

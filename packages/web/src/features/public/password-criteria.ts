import { MIN_PASSWORD_LENGTH } from '@kassa/contract/constants';
import { t } from './i18n';

/** The special characters the sign-up guidance counts (spec §5). */
export const PASSWORD_SPECIALS = '!@#$%^&*()+=._-';

const SPECIAL = /[!@#$%^&*()+=._-]/;

export interface Criterion {
  label: string;
  met: boolean;
}

// Length in UTF-16 units, as the server's check counts it.
/** The live sign-up password criteria of spec §5, in the current language: guidance only, they never block submitting. */
export function passwordCriteria(password: string, password2: string): Criterion[] {
  return [
    { label: t('password.match'), met: password !== '' && password === password2 },
    { label: t('password.length', { min: MIN_PASSWORD_LENGTH }), met: password.length >= MIN_PASSWORD_LENGTH },
    { label: t('password.lowercase'), met: /[a-z]/.test(password) },
    { label: t('password.uppercase'), met: /[A-Z]/.test(password) },
    { label: t('password.digit'), met: /[0-9]/.test(password) },
    { label: t('password.special', { characters: PASSWORD_SPECIALS }), met: SPECIAL.test(password) },
  ];
}

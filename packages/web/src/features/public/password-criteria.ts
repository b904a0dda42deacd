import { MIN_PASSWORD_LENGTH } from '@kassa/contract/constants';

/** The special characters the sign-up guidance counts (spec §5). */
export const PASSWORD_SPECIALS = '!@#$%^&*()+=._-';

const SPECIAL = /[!@#$%^&*()+=._-]/;

export interface Criterion {
  label: string;
  met: boolean;
}

// Length in UTF-16 units, as the server's check counts it.
/** The live sign-up password criteria of spec §5: guidance only, they never block submitting. */
export function passwordCriteria(password: string, password2: string): Criterion[] {
  return [
    { label: 'The two passwords match', met: password !== '' && password === password2 },
    { label: `At least ${MIN_PASSWORD_LENGTH} characters`, met: password.length >= MIN_PASSWORD_LENGTH },
    { label: 'A lowercase letter', met: /[a-z]/.test(password) },
    { label: 'An uppercase letter', met: /[A-Z]/.test(password) },
    { label: 'A digit', met: /[0-9]/.test(password) },
    {
      label: `A special character (${PASSWORD_SPECIALS})`,
      met: SPECIAL.test(password),
    },
  ];
}

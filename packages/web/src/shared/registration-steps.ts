import type { RegistrationMode } from '@kassa/contract';
import type { TokenClaims } from '../lib/token';

/** The registration steps after sign-up, in order, with their route segment (spec §2). */
export const REGISTRATION_STEPS = ['verify-email', 'verify-referral', 'initial-data'] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

/** Labels of the step indicator: 'Sign up > Verify email > Referral code > Initial setup'. */
export const STEP_LABELS = ['Sign up', 'Verify email', 'Referral code', 'Initial setup'] as const;
export type StepLabel = (typeof STEP_LABELS)[number];

/**
 * The steps the indicator shows under a registration mode (issue 32): open registration needs no
 * referral code, so it has no such step. Until the mode is known, the spec's four.
 */
export function stepLabels(mode: RegistrationMode | undefined): readonly StepLabel[] {
  return mode === 'open' ? STEP_LABELS.filter((label) => label !== 'Referral code') : STEP_LABELS;
}

export type RegistrationFlags = Pick<TokenClaims, 'emailVerified' | 'referralOk' | 'regComplete'>;

/** The first step the user still has to take, in the guard's order of spec §4; undefined when all passed. */
export function pendingStep(flags: RegistrationFlags): RegistrationStep | undefined {
  if (!flags.emailVerified) return 'verify-email';
  if (!flags.referralOk) return 'verify-referral';
  if (!flags.regComplete) return 'initial-data';
  return undefined;
}

export const stepPath = (step: RegistrationStep): string => `/public/register/${step}`;

/** Where a user with these flags belongs after finishing a step: the next step, or the dashboard. */
export function nextPath(flags: RegistrationFlags): string {
  const step = pendingStep(flags);
  return step === undefined ? '/private/dashboard' : stepPath(step);
}

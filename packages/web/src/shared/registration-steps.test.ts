import { describe, expect, it } from 'vitest';
import { nextPath, pendingStep } from './registration-steps';

const flags = (emailVerified: boolean, referralOk: boolean, regComplete: boolean) => ({
  emailVerified,
  referralOk,
  regComplete,
});

describe('registration steps (spec §4 guard order)', () => {
  it('checks e-mail, then referral, then initial data', () => {
    expect(pendingStep(flags(false, false, false))).toBe('verify-email');
    expect(pendingStep(flags(false, true, true))).toBe('verify-email');
    expect(pendingStep(flags(true, false, false))).toBe('verify-referral');
    expect(pendingStep(flags(true, false, true))).toBe('verify-referral');
    expect(pendingStep(flags(true, true, false))).toBe('initial-data');
    expect(pendingStep(flags(true, true, true))).toBeUndefined();
  });

  it('sends a finished registration to the dashboard', () => {
    expect(nextPath(flags(true, true, false))).toBe('/public/register/initial-data');
    expect(nextPath(flags(true, true, true))).toBe('/private/dashboard');
  });
});

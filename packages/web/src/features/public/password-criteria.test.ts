import { describe, expect, it } from 'vitest';
import { passwordCriteria } from './password-criteria';

const met = (p: string, p2 = p) =>
  passwordCriteria(p, p2)
    .filter((c) => c.met)
    .map((c) => c.label);

describe('sign-up password criteria (spec §5)', () => {
  it('lists the six criteria, none met for an empty password', () => {
    expect(passwordCriteria('', '').map((c) => c.label)).toEqual([
      'The two passwords match',
      'At least 8 characters',
      'A lowercase letter',
      'An uppercase letter',
      'A digit',
      'A special character (!@#$%^&*()+=._-)',
    ]);
    expect(met('')).toEqual([]);
  });

  it('meets each criterion on its own', () => {
    expect(met('abc', 'abd')).toEqual(['A lowercase letter']);
    expect(met('ABC', 'x')).toEqual(['An uppercase letter']);
    expect(met('123', 'x')).toEqual(['A digit']);
    expect(met('12345678', 'x')).toEqual(['At least 8 characters', 'A digit']);
    expect(met('_', 'x')).toEqual(['A special character (!@#$%^&*()+=._-)']);
    expect(met('x', 'x')).toEqual(['The two passwords match', 'A lowercase letter']);
  });

  it('counts only the listed special characters', () => {
    for (const c of '!@#$%^&*()+=._-') expect(met(c, '').length).toBe(1);
    for (const c of ' ~?/<>,;:') expect(met(c, '')).toEqual([]);
  });

  it('is all met by a strong matching password', () => {
    expect(met('Journey-pass-1')).toHaveLength(6);
  });
});

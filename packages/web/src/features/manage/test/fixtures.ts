import type { Category } from '@kassa/contract';
import { REGISTERED_USER } from '../../../test/render';

/** The user the manage tests sign in as (main currency EUR, registration complete). */
export const USER = REGISTERED_USER;

let nextId = 100;
/** A category as the server returns it; override what the test is about. */
export function category(over: Partial<Category> & Pick<Category, 'name' | 'type'>): Category {
  return {
    id: nextId++,
    description: '',
    isIncome: over.type === 'real' ? false : null,
    isBuiltIn: false,
    isActive: true,
    monthlyLimit: null,
    rollover: false,
    lastUsed: '2026-11-01T10:00:00.000Z',
    ...over,
  };
}

export const SUPPORTED = [
  { code: 'EUR', sign: '€', name: 'Euro', decimals: 2, signBefore: false },
  { code: 'USD', sign: '$', name: 'US dollar', decimals: 2, signBefore: true },
  { code: 'HUF', sign: 'Ft', name: 'Hungarian forint', decimals: 2, signBefore: false },
];

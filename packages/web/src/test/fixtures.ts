import type { Category } from '@kassa/contract';

/** A category as category/getall answers it, for the stubbed API of component tests. */
export const testCategory = (
  id: number,
  name: string,
  type: Category['type'],
  isIncome: boolean | null,
  isActive = true,
): Category => ({
  id,
  name,
  type,
  description: '',
  isIncome,
  isBuiltIn: false,
  isActive,
  monthlyLimit: null,
  rollover: false,
  lastUsed: '2026-01-01T00:00:00Z',
});

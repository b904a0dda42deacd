import type { CategoryType } from '@kassa/contract';
import type { CategoriesRepository } from './repository.js';

/**
 * Categories every user has and cannot delete or deactivate. "Other …" keeps every direction
 * usable before the user makes categories of their own; external categories exist only as
 * built-ins (money moving between tracked and untracked places is not income or expense).
 */
export const SYSTEM_CATEGORIES: readonly {
  name: string;
  type: CategoryType;
  isIncome: boolean | null;
  description: string;
}[] = [
  { name: 'Other expense', type: 'real', isIncome: false, description: 'Expenses that fit no other category' },
  { name: 'Other income', type: 'real', isIncome: true, description: 'Income that fits no other category' },
  {
    name: 'Untracked accounts',
    type: 'external',
    isIncome: null,
    description: 'Money moved to or from accounts Kassa does not track',
  },
  {
    name: 'Other external',
    type: 'external',
    isIncome: null,
    description: 'Money entering or leaving without being income or expense',
  },
];

/** Creates the system categories for a new user (inside the caller's transaction). */
export async function createSystemCategories(repo: CategoriesRepository, userId: number, at: number): Promise<void> {
  for (const c of SYSTEM_CATEGORIES) {
    await repo.insert(userId, { ...c, isBuiltIn: true, isActive: true, monthlyLimit: null, lastUsed: at });
  }
}

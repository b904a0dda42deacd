import type { Budget, BudgetRequestBody, Category, UpdateCategoryBody } from '@kassa/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { queryKeys } from '../../shared/query-keys';

/** POST budget/get: the month's budgets; the previous month stays on screen while the next loads. */
export function useBudget(month: string) {
  return useQuery({
    queryKey: queryKeys.budget(month),
    queryFn: () => apiPost<Budget>('budget/get', { month } satisfies BudgetRequestBody),
    placeholderData: keepPreviousData,
  });
}

/** What the Budgets screen changes of a category: its monthly limit (null = no budget) and rollover. */
export interface BudgetChange {
  monthlyLimit?: number | null;
  rollover?: boolean;
}

/**
 * Sets a category's limit or rollover through category/update (the category's other fields as they
 * are), then reloads the categories and every month's budgets.
 */
export function useBudgetChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ category, change }: { category: Category; change: BudgetChange }) =>
      apiPost<Category>('category/update', {
        id: category.id,
        name: category.name,
        description: category.description,
        isActive: category.isActive,
        monthlyLimit: change.monthlyLimit === undefined ? category.monthlyLimit : change.monthlyLimit,
        rollover: change.rollover ?? category.rollover,
      } satisfies UpdateCategoryBody),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.category(saved.id), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
        queryClient.invalidateQueries({ queryKey: queryKeys.budgets }),
      ]);
    },
  });
}

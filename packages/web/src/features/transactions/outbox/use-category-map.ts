import type { Category } from '@kassa/contract';
import { useMemo } from 'react';
import { useCategories } from '../../../shared/global-data';
import { useExternalCategories } from '../api';

/** Every category by id, the external ones included: the names and directions entries show. */
export function useCategoryMap(): ReadonlyMap<number, Category> {
  const categories = useCategories().data;
  const external = useExternalCategories().data;
  return useMemo(
    () => new Map<number, Category>([...(categories ?? []), ...(external ?? [])].map((c) => [c.id, c])),
    [categories, external],
  );
}

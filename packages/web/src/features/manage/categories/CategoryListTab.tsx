import { SimpleGrid, Stack } from '@mantine/core';
import { useRef, useState } from 'react';
import { useCategories } from '../../../shared/global-data';
import { useT } from '../i18n';
import { useScrollIntoViewWhenOpen } from '../scroll';
import { AddCategoryForm } from './AddCategoryForm';
import { externalCategories, realCategories } from './category-lists';
import { CategoryTable } from './CategoryTable';

/**
 * manage/category: expense and income categories, with the inline add panel below the lists.
 * The built-in external categories get a card of their own (no Add new): they are neither
 * income nor expense, and users can rename them but not add or remove any.
 */
export function CategoryListTab() {
  const { t } = useT();
  const all = useCategories().data ?? [];
  const [adding, setAdding] = useState<{ isIncome: boolean } | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  useScrollIntoViewWhenOpen(adding, panel);
  const external = externalCategories(all);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CategoryTable
          title={t('category.lists.expense')}
          categories={realCategories(all, false)}
          onAdd={() => setAdding({ isIncome: false })}
        />
        <CategoryTable
          title={t('category.lists.income')}
          categories={realCategories(all, true)}
          onAdd={() => setAdding({ isIncome: true })}
        />
      </SimpleGrid>
      {external.length > 0 && <CategoryTable title={t('category.lists.external')} categories={external} />}
      {adding !== null && (
        <AddCategoryForm
          key={String(adding.isIncome)}
          ref={panel}
          target={{ type: 'real', isIncome: adding.isIncome }}
          onClose={() => setAdding(null)}
        />
      )}
    </Stack>
  );
}

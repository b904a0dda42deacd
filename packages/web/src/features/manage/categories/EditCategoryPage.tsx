import { Alert, Badge, Button, Card, Checkbox, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Category } from '@kassa/contract';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { notifySuccess } from '../../../lib/notify';
import { useGoBack } from '../../../lib/use-go-back';
import { useCategory, useCategoryMutations } from '../api';
import { useT } from '../i18n';
import { hasMonthlyLimit, kindLabel, listPathOf } from './category-lists';
import { useCategoryFields } from './use-category-fields';

/** private/edit-category/{id}: loads the category; a failed load goes back (spec §8). */
export function EditCategoryPage() {
  const { t } = useT();
  const id = Number(useParams()['id']);
  const query = useCategory(id);
  const goBack = useGoBack(listPathOf(query.data));
  const failed = query.isError || !Number.isInteger(id) || id <= 0;
  const left = useRef(false);
  useEffect(() => {
    if (!failed || left.current) return;
    left.current = true; // once: going back twice would leave the app
    goBack();
  }, [failed, goBack]);

  return (
    <Container size="sm" px={0}>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="md">
          {t('category.editTitle')}
        </Title>
        {query.data === undefined ? (
          <Loader size="sm" role="status" aria-label={t('loading')} />
        ) : (
          <CategoryEditor key={query.data.id} category={query.data} onDone={goBack} />
        )}
      </Card>
    </Container>
  );
}

/**
 * The fields of one category. System categories: System shown read-only, Active disabled, no
 * Delete (spec §6). Loan and business categories open and close only through Operations' Close,
 * and a closed one stays closed, so their status is shown, never edited here.
 */
function CategoryEditor({ category, onDone }: { category: Category; onDone: () => void }) {
  const { t } = useT();
  const confirm = useConfirm();
  const { update, remove } = useCategoryMutations();
  // Categories without a limit field keep whatever limit they have.
  const { fields, check } = useCategoryFields(category, hasMonthlyLimit(category));
  const [isActive, setIsActive] = useState(category.isActive);
  const closable = category.type === 'loan' || category.type === 'business';

  const save = () => {
    const values = check();
    if (values === undefined) return;
    update.mutate(
      { id: category.id, ...values, isActive: closable || category.isBuiltIn ? category.isActive : isActive },
      {
        onSuccess: () => {
          notifySuccess(t('category.edited'));
          onDone();
        },
      },
    );
  };

  const del = async () => {
    if ((await confirm({ danger: true })) !== 'yes') return;
    // A 409 (the category has transactions) is toasted with the server's message; the editor stays.
    const done = await remove.mutateAsync(category.id).then(
      () => true,
      () => false,
    );
    if (!done) return;
    notifySuccess(t('category.deleted'));
    onDone();
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Badge variant="light">{kindLabel(category)}</Badge>
          {closable && (
            <Badge color={category.isActive ? 'teal' : 'gray'} variant="light">
              {category.isActive ? t('category.open') : t('category.closed')}
            </Badge>
          )}
        </Group>
        {closable && !category.isActive && <Alert color="gray">{t('category.closedNote')}</Alert>}
        {fields}
        {!closable && (
          <Checkbox
            label={t('category.active')}
            description={category.isBuiltIn ? t('category.systemAlwaysActive') : t('category.inactiveHint')}
            checked={isActive}
            disabled={category.isBuiltIn}
            onChange={(e) => setIsActive(e.currentTarget.checked)}
          />
        )}
        {closable && category.isActive && (
          <Text size="sm" c="dimmed">
            {t('category.closeInOperations')}
          </Text>
        )}
        <Checkbox label={t('category.system')} checked={category.isBuiltIn} readOnly />
        <Group justify="flex-end" gap="sm" mt="sm">
          {!category.isBuiltIn && (
            <Button color="red" variant="light" onClick={() => void del()} loading={remove.isPending}>
              {t('delete')}
            </Button>
          )}
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

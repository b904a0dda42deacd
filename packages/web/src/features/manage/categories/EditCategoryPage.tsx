import { Alert, Badge, Button, Card, Checkbox, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Category } from '@kassa/contract';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { notifySuccess } from '../../../lib/notify';
import { useGoBack } from '../../../lib/use-go-back';
import { useCategory, useCategoryMutations } from '../api';
import { hasMonthlyLimit, kindLabel, listPathOf } from './category-lists';
import { useCategoryFields } from './use-category-fields';

/** private/edit-category/{id}: loads the category; a failed load goes back (spec §8). */
export function EditCategoryPage() {
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
          Edit category
        </Title>
        {query.data === undefined ? (
          <Loader size="sm" role="status" aria-label="Loading" />
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
          notifySuccess('Category successfully edited!');
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
    notifySuccess('Category successfully deleted!');
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
              {category.isActive ? 'Open' : 'Closed'}
            </Badge>
          )}
        </Group>
        {closable && !category.isActive && (
          <Alert color="gray">This category is closed: it takes no new transactions and can not be reopened.</Alert>
        )}
        {fields}
        {!closable && (
          <Checkbox
            label="Active"
            description={
              category.isBuiltIn
                ? 'System categories are always active'
                : 'Inactive categories are not offered for new transactions'
            }
            checked={isActive}
            disabled={category.isBuiltIn}
            onChange={(e) => setIsActive(e.currentTarget.checked)}
          />
        )}
        {closable && category.isActive && (
          <Text size="sm" c="dimmed">
            Close this category in Operations when it is settled.
          </Text>
        )}
        <Checkbox label="System" checked={category.isBuiltIn} readOnly />
        <Group justify="flex-end" gap="sm" mt="sm">
          {!category.isBuiltIn && (
            <Button color="red" variant="light" onClick={() => void del()} loading={remove.isPending}>
              Delete
            </Button>
          )}
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

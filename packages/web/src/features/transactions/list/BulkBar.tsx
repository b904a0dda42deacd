import type { Category, Transaction } from '@kassa/contract';
import { Button, Group, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { formatCount } from '../../../lib/display-format';
import { useT } from '../i18n';
import { fittingCategories } from './selection';

interface Props {
  /** The selected transactions. */
  rows: readonly Transaction[];
  /** Every category the user has (external ones included). */
  categories: readonly Category[];
  busy: boolean;
  onCategory: (categoryId: number) => Promise<boolean>;
  onDescription: (description: string) => Promise<boolean>;
  onDelete: () => void;
  onClear: () => void;
  /** The "select all matching the filter" line: in the bar, so it stays in view while the list scrolls. */
  children?: ReactNode;
}

type Dialog = 'category' | 'description' | undefined;

/** What can be done to the selected transactions at once: change category, change description, delete. */
export function BulkBar({ rows, categories, busy, onCategory, onDescription, onDelete, onClear, children }: Props) {
  const { t } = useT();
  const phone = useMediaQuery('(max-width: 575.98px)');
  const [dialog, setDialog] = useState<Dialog>();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const fitting = fittingCategories(rows, categories);
  const count = rows.length;
  const close = () => setDialog(undefined);
  const apply = async () => {
    const done = dialog === 'category' ? await onCategory(Number(categoryId)) : await onDescription(description.trim());
    if (done) close();
  };

  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      bg="var(--mantine-color-body)"
      data-bulk-bar
      // Stays in view right under the header while the list scrolls (no gap for rows to show through).
      style={{ position: 'sticky', top: 'var(--app-shell-header-height, 56px)', zIndex: 3 }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600} aria-live="polite">
          {t('bulk.selected', { count, shown: formatCount(count) })}
        </Text>
        <BulkButtons
          onCategory={() => {
            setCategoryId(null);
            setDialog('category');
          }}
          onDescription={() => {
            setDescription('');
            setDialog('description');
          }}
          onDelete={onDelete}
          deleting={busy && dialog === undefined}
          onClear={onClear}
        />
      </Group>
      {children}
      <Modal
        opened={dialog !== undefined}
        onClose={close}
        fullScreen={phone}
        title={dialog === 'category' ? t('bulk.categoryTitle', { count }) : t('bulk.descriptionTitle', { count })}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void apply();
          }}
        >
          <Stack>
            <BulkFields
              dialog={dialog}
              fitting={fitting}
              categoryId={categoryId}
              setCategoryId={setCategoryId}
              description={description}
              setDescription={setDescription}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('bulk.cancel')}
              </Button>
              <Button
                type="submit"
                loading={busy}
                disabled={dialog === 'category' && (fitting.length === 0 || categoryId === null)}
              >
                {t('bulk.apply')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}

/** Opens the category or description dialog; Delete; Clear the selection. */
function BulkButtons({
  onCategory,
  onDescription,
  onDelete,
  deleting,
  onClear,
}: {
  onCategory: () => void;
  onDescription: () => void;
  onDelete: () => void;
  deleting: boolean;
  onClear: () => void;
}) {
  const { t } = useT();
  return (
    <Group gap={6} wrap="wrap">
      <Button size="xs" variant="default" onClick={onCategory}>
        {t('bulk.category')}
      </Button>
      <Button size="xs" variant="default" onClick={onDescription}>
        {t('bulk.description')}
      </Button>
      <Button size="xs" color="red" variant="light" onClick={onDelete} loading={deleting}>
        {t('bulk.delete')}
      </Button>
      <Button size="xs" variant="subtle" onClick={onClear}>
        {t('bulk.clear')}
      </Button>
    </Group>
  );
}

/** The open dialog's field: the new category (of those that fit every row) or the new description. */
function BulkFields({
  dialog,
  fitting,
  categoryId,
  setCategoryId,
  description,
  setDescription,
}: {
  dialog: Dialog;
  fitting: readonly Category[];
  categoryId: string | null;
  setCategoryId: (id: string | null) => void;
  description: string;
  setDescription: (description: string) => void;
}) {
  const { t } = useT();
  return (
    <>
      {dialog === 'category' &&
        (fitting.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('bulk.noFit')}
          </Text>
        ) : (
          <Select
            label={t('bulk.newCategory')}
            data={fitting.map((c) => ({ value: String(c.id), label: c.name }))}
            value={categoryId}
            onChange={setCategoryId}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        ))}
      {dialog === 'description' && (
        <TextInput
          label={t('bulk.newDescription')}
          description={t('bulk.newDescriptionHint')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          maxLength={500}
          data-autofocus
        />
      )}
    </>
  );
}

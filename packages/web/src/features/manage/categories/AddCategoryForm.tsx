import { Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { NewCategoryBody } from '@kassa/contract';
import { useState, type Ref } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useCategoryMutations } from '../api';
import { useT } from '../i18n';
import { hasMonthlyLimit, kindKey, type ClosableType } from './category-lists';
import { useCategoryFields } from './use-category-fields';

/** What is being added: a real category of one direction, or a loan or business one (type can be switched). */
export type AddTarget = { type: 'real'; isIncome: boolean } | { type: ClosableType };

interface Props {
  target: AddTarget;
  onClose: () => void;
  ref?: Ref<HTMLDivElement>;
}

const BLANK = { name: '', description: '', monthlyLimit: null };

/** The inline add panel of the category lists (spec §2); an add error just closes it (spec §7). */
export function AddCategoryForm({ target, onClose, ref }: Props) {
  const { t } = useT();
  const { add } = useCategoryMutations();
  const [closableType, setClosableType] = useState<ClosableType>(target.type === 'real' ? 'loan' : target.type);

  const kind =
    target.type === 'real'
      ? { type: 'real' as const, isIncome: target.isIncome }
      : { type: closableType, isIncome: null };
  const { fields, check } = useCategoryFields(BLANK, hasMonthlyLimit(kind), { autoFocus: true });

  const submit = () => {
    const values = check();
    if (values === undefined) return;
    const payload: NewCategoryBody = {
      ...values,
      type: kind.type,
      isActive: true,
      ...(kind.type === 'real' ? { isIncome: kind.isIncome } : {}),
    };
    add.mutate(payload, {
      onSuccess: () => {
        notifySuccess(t('category.added'));
        onClose();
      },
      onError: onClose,
    });
  };

  return (
    <Card withBorder radius="md" padding="md" ref={ref} data-testid="add-category-panel">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t(`category.new.${kindKey(kind) as 'income' | 'expense' | ClosableType}`)}
          </Title>
          {target.type !== 'real' && (
            <div>
              <Text size="sm" fw={500} mb={4} id="new-category-type">
                {t('category.type')}
              </Text>
              <SegmentedControl
                aria-labelledby="new-category-type"
                data={(['loan', 'business'] as const).map((value) => ({ value, label: t(`category.${value}`) }))}
                value={closableType}
                onChange={(v) => setClosableType(v === 'business' ? 'business' : 'loan')}
              />
            </div>
          )}
          {fields}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

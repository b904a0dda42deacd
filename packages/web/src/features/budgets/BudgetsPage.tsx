import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Category } from '@kassa/contract';
import { formatMoney } from '../../lib/display-format';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess } from '../../lib/notify';
import { useCategories } from '../../shared/global-data';
import { useBudget, useBudgetChange } from './api';
import { BudgetCard } from './BudgetCard';
import { currentMonth, monthTitle, parseLimit, shiftMonth } from './budget-figures';
import { t as texts, useT } from './i18n';

/** Gives an expense category without a limit its budget. */
function AddBudget({ categories, currency }: { categories: readonly Category[]; currency: string }) {
  const { t } = useT();
  const change = useBudgetChange();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (categories.length === 0) return null;
  const add = () => {
    const category = categories.find((c) => String(c.id) === categoryId);
    const parsed = parseLimit(text);
    if (category === undefined || !parsed.ok || parsed.value === null) {
      setError(parsed.ok ? texts('add.enterLimit') : parsed.error);
      return;
    }
    setError(null);
    change.mutate(
      { category, change: { monthlyLimit: parsed.value } },
      {
        onSuccess: () => {
          notifySuccess(texts('add.added'));
          setCategoryId(null);
          setText('');
        },
      },
    );
  };
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h5" mb="sm">
        {t('add.title')}
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <Group align="flex-end" gap="sm">
          <Select
            label={t('add.category')}
            placeholder={t('add.choose')}
            data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
            value={categoryId}
            onChange={setCategoryId}
            searchable
            w={{ base: '100%', xs: 220 }}
          />
          <TextInput
            label={t('add.limit', { currency })}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            error={error}
            onChange={(e) => setText(e.currentTarget.value)}
            w={{ base: '100%', xs: 160 }}
          />
          <Button type="submit" disabled={categoryId === null} loading={change.isPending}>
            {t('add.submit')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}

/** private/budgets: this month's budget per expense category, with month navigation. */
export function BudgetsPage() {
  const { t } = useT();
  const [month, setMonth] = useState(currentMonth);
  const query = useBudget(month);
  const categories = useCategories().data;
  const budget = query.data;
  const byId = new Map((categories ?? []).map((c) => [c.id, c]));
  const withoutLimit = (categories ?? []).filter(
    (c) => c.type === 'real' && c.isIncome === false && c.isActive && c.monthlyLimit === null,
  );
  const unconverted = budget?.unconverted.filter((u) => u.month === month) ?? [];
  const thisMonth = currentMonth();
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={t('page.previous')}
            onClick={() => setMonth((m) => shiftMonth(m, -1))}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Title order={2} size="h3" miw={170} ta="center" data-testid="budget-month">
            {monthTitle(month)}
          </Title>
          <ActionIcon variant="default" aria-label={t('page.next')} onClick={() => setMonth((m) => shiftMonth(m, 1))}>
            <IconChevronRight size={16} />
          </ActionIcon>
          {query.isFetching && <Loader size="xs" role="status" aria-label={t('page.loading')} />}
        </Group>
        {month !== thisMonth && (
          <Button variant="subtle" size="xs" onClick={() => setMonth(thisMonth)}>
            {t('page.thisMonth')}
          </Button>
        )}
      </Group>
      {unconverted.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('page.unconvertedTitle')}>
          <Text size="sm">
            {t('page.unconverted', {
              amounts: unconverted
                .map(
                  (u) => `${byId.get(u.categoryId)?.name ?? t('page.aCategory')} ${formatMoney(u.amount, u.currency)}`,
                )
                .join(', '),
            })}
          </Text>
        </Alert>
      )}
      {budget === undefined ? (
        <Loader size="sm" role="status" aria-label={t('page.loading')} />
      ) : budget.items.length === 0 ? (
        <Text c="dimmed">{t('page.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          {budget.items.map((item) => (
            <BudgetCard key={item.categoryId} item={item} budget={budget} category={byId.get(item.categoryId)} />
          ))}
        </SimpleGrid>
      )}
      {budget !== undefined && <AddBudget categories={withoutLimit} currency={budget.currency} />}
    </Stack>
  );
}

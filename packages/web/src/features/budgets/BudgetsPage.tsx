import { BarChart } from '@mantine/charts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Budget, BudgetItem, Category } from '@kassa/contract';
import { formatMoney } from '@kassa/money';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess } from '../../lib/notify';
import { useCategories } from '../../shared/global-data';
import { ChartBox } from '../analytics';
import { useBudget, useBudgetChange } from './api';
import { BudgetProgress } from './BudgetProgress';
import { budgetStatus, currentMonth, monthShort, monthTitle, shiftMonth, STATUS_COLOR } from './budget-figures';

/** Height of a budget's 12-month history chart. */
const HISTORY_HEIGHT = 120;

/** A limit as typed: a plain non-negative decimal in the main currency; empty removes the budget. */
export function parseLimit(text: string): { ok: true; value: number | null } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, error: 'Enter a non-negative number, e.g. 250 or 99.90' };
  return { ok: true, value: Number(trimmed) };
}

/** The monthly limit typed in place, saved through the category (Enter saves, Escape cancels). */
function LimitEditor({ category, currency, onDone }: { category: Category; currency: string; onDone: () => void }) {
  const change = useBudgetChange();
  const [text, setText] = useState(category.monthlyLimit === null ? '' : String(category.monthlyLimit));
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const parsed = parseLimit(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    change.mutate(
      { category, change: { monthlyLimit: parsed.value } },
      {
        onSuccess: () => {
          notifySuccess(parsed.value === null ? 'Budget removed' : 'Limit saved');
          onDone();
        },
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label={`Monthly limit of ${category.name} in ${currency}`}
          placeholder="No limit"
          inputMode="decimal"
          autoComplete="off"
          size="xs"
          w={120}
          data-autofocus
          autoFocus
          value={text}
          error={error}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onDone();
          }}
        />
        <Button type="submit" size="xs" loading={change.isPending}>
          Save
        </Button>
        <Button variant="default" size="xs" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

/** One budget: progress, figures, the 12-month history, and its limit and rollover in place. */
function BudgetCard({ item, budget, category }: { item: BudgetItem; budget: Budget; category: Category | undefined }) {
  const [editing, setEditing] = useState(false);
  const change = useBudgetChange();
  const status = budgetStatus(item);
  const currency = budget.currency;
  const data = item.history.map((p) => ({ month: monthShort(p.month), key: p.month, Spent: p.spent }));
  return (
    <Card withBorder radius="md" padding="md" data-testid="budget-item" data-category={item.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {item.name}
          </Title>
          {status !== 'ok' && (
            <Badge color={STATUS_COLOR[status]} variant="light">
              {status === 'over' ? 'Over limit' : 'Close to limit'}
            </Badge>
          )}
        </Group>
        <BudgetProgress item={item} currency={currency} />
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
          <Text size="sm" c="dimmed">
            Limit
          </Text>
          {editing && category !== undefined ? (
            <LimitEditor category={category} currency={currency} onDone={() => setEditing(false)} />
          ) : (
            <Group gap={4} wrap="nowrap">
              <Text size="sm" data-figure="limit">
                {formatMoney(item.limit, currency)}
              </Text>
              {category !== undefined && (
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={`Edit the limit of ${item.name}`}
                  onClick={() => setEditing(true)}
                >
                  <IconPencil size={14} />
                </ActionIcon>
              )}
            </Group>
          )}
          {item.rollover && (
            <>
              <Text size="sm" c="dimmed">
                Carried in
              </Text>
              <Text size="sm" c={item.carried < 0 ? 'red' : undefined} data-figure="carried">
                {formatMoney(item.carried, currency)}
              </Text>
            </>
          )}
          {item.dailyAllowance !== null && budget.daysLeft !== null && (
            <>
              <Text size="sm" c="dimmed">
                Per day
              </Text>
              <Text size="sm" data-figure="allowance">
                {formatMoney(item.dailyAllowance, currency)}{' '}
                <Text span size="xs" c="dimmed">
                  for {budget.daysLeft} day{budget.daysLeft === 1 ? '' : 's'}
                </Text>
              </Text>
            </>
          )}
        </SimpleGrid>
        <Switch
          label="Roll over to next month"
          size="sm"
          checked={item.rollover}
          disabled={category === undefined || change.isPending}
          onChange={(e) => {
            if (category === undefined) return;
            const rollover = e.currentTarget.checked;
            change.mutate(
              { category, change: { rollover } },
              { onSuccess: () => notifySuccess(rollover ? 'Rollover on' : 'Rollover off') },
            );
          }}
        />
        <div aria-label={`Spending of ${item.name} over the last 12 months`} role="img">
          <ChartBox height={HISTORY_HEIGHT}>
            <BarChart
              h={HISTORY_HEIGHT}
              data={data}
              dataKey="month"
              series={[{ name: 'Spent', color: 'blue.6' }]}
              referenceLines={[{ y: item.limit, color: 'red.6', label: 'Limit', labelPosition: 'insideTopLeft' }]}
              valueFormatter={(v) => formatMoney(v, currency)}
              // The limit's line stays in view above months that spent less.
              yAxisProps={{ width: 0, domain: [0, Math.max(item.limit, ...item.history.map((p) => p.spent)) || 1] }}
              withYAxis={false}
              gridAxis="none"
              tooltipAnimationDuration={0}
              barProps={{ radius: 2 }}
            />
          </ChartBox>
        </div>
      </Stack>
    </Card>
  );
}

/** Gives an expense category without a limit its budget. */
function AddBudget({ categories, currency }: { categories: readonly Category[]; currency: string }) {
  const change = useBudgetChange();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (categories.length === 0) return null;
  const add = () => {
    const category = categories.find((c) => String(c.id) === categoryId);
    const parsed = parseLimit(text);
    if (category === undefined || !parsed.ok || parsed.value === null) {
      setError(parsed.ok ? 'Enter the monthly limit' : parsed.error);
      return;
    }
    setError(null);
    change.mutate(
      { category, change: { monthlyLimit: parsed.value } },
      {
        onSuccess: () => {
          notifySuccess('Budget added');
          setCategoryId(null);
          setText('');
        },
      },
    );
  };
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h5" mb="sm">
        Add a budget
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
            label="Expense category"
            placeholder="Choose"
            data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
            value={categoryId}
            onChange={setCategoryId}
            searchable
            w={{ base: '100%', xs: 220 }}
          />
          <TextInput
            label={`Monthly limit (${currency})`}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            error={error}
            onChange={(e) => setText(e.currentTarget.value)}
            w={{ base: '100%', xs: 160 }}
          />
          <Button type="submit" disabled={categoryId === null} loading={change.isPending}>
            Add budget
          </Button>
        </Group>
      </form>
    </Card>
  );
}

/** private/budgets: this month's budget per expense category, with month navigation. */
export function BudgetsPage() {
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
          <ActionIcon variant="default" aria-label="Previous month" onClick={() => setMonth((m) => shiftMonth(m, -1))}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Title order={2} size="h3" miw={170} ta="center" data-testid="budget-month">
            {monthTitle(month)}
          </Title>
          <ActionIcon variant="default" aria-label="Next month" onClick={() => setMonth((m) => shiftMonth(m, 1))}>
            <IconChevronRight size={16} />
          </ActionIcon>
          {query.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        {month !== thisMonth && (
          <Button variant="subtle" size="xs" onClick={() => setMonth(thisMonth)}>
            This month
          </Button>
        )}
      </Group>
      {unconverted.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Spending without an exchange rate">
          <Text size="sm">
            Kassa knows no rate for these amounts, so they are not counted in the figures below:{' '}
            {unconverted
              .map((u) => `${byId.get(u.categoryId)?.name ?? 'a category'} ${formatMoney(u.amount, u.currency)}`)
              .join(', ')}
            .
          </Text>
        </Alert>
      )}
      {budget === undefined ? (
        <Loader size="sm" aria-label="Loading" />
      ) : budget.items.length === 0 ? (
        <Text c="dimmed">
          No budgets yet. Give an expense category a monthly limit below, or in its editor under Manage.
        </Text>
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

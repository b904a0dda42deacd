import { BarChart } from '@mantine/charts';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Budget, BudgetItem, Category } from '@kassa/contract';
import { formatMoney } from '../../lib/display-format';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess } from '../../lib/notify';
import { ChartBox } from '../analytics';
import { useBudgetChange } from './api';
import { BudgetProgress } from './BudgetProgress';
import { budgetStatus, monthShort, parseLimit, STATUS_COLOR } from './budget-figures';
import { t as texts, useT } from './i18n';

/** Height of a budget's 12-month history chart. */
const HISTORY_HEIGHT = 120;

/** The monthly limit typed in place, saved through the category (Enter saves, Escape cancels). */
function LimitEditor({ category, currency, onDone }: { category: Category; currency: string; onDone: () => void }) {
  const { t } = useT();
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
          notifySuccess(parsed.value === null ? texts('limit.removed') : texts('limit.saved'));
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
          aria-label={t('limit.label', { name: category.name, currency })}
          placeholder={t('limit.none')}
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
          {t('limit.save')}
        </Button>
        <Button variant="default" size="xs" onClick={onDone}>
          {t('limit.cancel')}
        </Button>
      </Group>
    </form>
  );
}

/** One budget: progress, figures, the 12-month history, and its limit and rollover in place. */
export function BudgetCard({
  item,
  budget,
  category,
}: {
  item: BudgetItem;
  budget: Budget;
  category: Category | undefined;
}) {
  const { t } = useT();
  const [editing, setEditing] = useState(false);
  const status = budgetStatus(item);
  const currency = budget.currency;
  return (
    <Card withBorder radius="md" padding="md" data-testid="budget-item" data-category={item.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {item.name}
          </Title>
          {status !== 'ok' && (
            <Badge color={STATUS_COLOR[status]} variant="light">
              {status === 'over' ? t('card.over') : t('card.close')}
            </Badge>
          )}
        </Group>
        <BudgetProgress item={item} currency={currency} />
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
          <Text size="sm" c="dimmed">
            {t('card.limit')}
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
                  aria-label={t('limit.edit', { name: item.name })}
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
                {t('card.carried')}
              </Text>
              <Text size="sm" c={item.carried < 0 ? 'red' : undefined} data-figure="carried">
                {formatMoney(item.carried, currency)}
              </Text>
            </>
          )}
          {item.dailyAllowance !== null && budget.daysLeft !== null && (
            <>
              <Text size="sm" c="dimmed">
                {t('card.perDay')}
              </Text>
              <Text size="sm" data-figure="allowance">
                {formatMoney(item.dailyAllowance, currency)}{' '}
                <Text span size="xs" c="dimmed">
                  {t('card.forDays', { count: budget.daysLeft })}
                </Text>
              </Text>
            </>
          )}
        </SimpleGrid>
        <RolloverSwitch item={item} category={category} />
        <BudgetHistory item={item} currency={currency} />
      </Stack>
    </Card>
  );
}

/** Whether what is left (or overspent) carries into the next month, saved at once. */
function RolloverSwitch({ item, category }: { item: BudgetItem; category: Category | undefined }) {
  const { t } = useT();
  const change = useBudgetChange();
  return (
    <Switch
      label={t('card.rollover')}
      size="sm"
      checked={item.rollover}
      disabled={category === undefined || change.isPending}
      onChange={(e) => {
        if (category === undefined) return;
        const rollover = e.currentTarget.checked;
        change.mutate(
          { category, change: { rollover } },
          { onSuccess: () => notifySuccess(rollover ? texts('card.rolloverOn') : texts('card.rolloverOff')) },
        );
      }}
    />
  );
}

/** The last 12 months' spending as bars, with the limit's line. */
function BudgetHistory({ item, currency }: { item: BudgetItem; currency: string }) {
  const { t } = useT();
  const data = item.history.map((p) => ({ month: monthShort(p.month), key: p.month, Spent: p.spent }));
  return (
    <div aria-label={t('card.history', { name: item.name })} role="img">
      <ChartBox height={HISTORY_HEIGHT}>
        <BarChart
          h={HISTORY_HEIGHT}
          data={data}
          dataKey="month"
          series={[{ name: 'Spent', label: t('card.spent'), color: 'blue.6' }]}
          referenceLines={[{ y: item.limit, color: 'red.6', label: t('card.limit'), labelPosition: 'insideTopLeft' }]}
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
  );
}

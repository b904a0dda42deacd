import { Group, Progress, Text } from '@mantine/core';
import type { BudgetItem } from '@kassa/contract';
import { formatMoney } from '../../lib/display-format';
import { useT } from './i18n';
import { budgetStatus, progressValue, STATUS_COLOR } from './budget-figures';

/** A budget's bar (coloured when close to or over its limit) with spent of what the month allows. */
export function BudgetProgress({ item, currency }: { item: BudgetItem; currency: string }) {
  const { t } = useT();
  const status = budgetStatus(item);
  const allowed = item.limit + item.carried;
  return (
    <div>
      <Progress
        value={progressValue(item)}
        color={STATUS_COLOR[status]}
        size="lg"
        radius="sm"
        aria-label={t('progress.label', {
          name: item.name,
          spent: formatMoney(item.spent, currency),
          allowed: formatMoney(allowed, currency),
        })}
        data-status={status}
      />
      <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
        <Text size="sm" data-figure="spent">
          {formatMoney(item.spent, currency)}{' '}
          <Text span size="sm" c="dimmed">
            {t('progress.of', { amount: formatMoney(allowed, currency) })}
          </Text>
        </Text>
        <Text size="sm" fw={600} c={item.left < 0 ? 'red' : undefined} data-figure="left">
          {item.left < 0
            ? t('progress.over', { amount: formatMoney(-item.left, currency) })
            : t('progress.left', { amount: formatMoney(item.left, currency) })}
        </Text>
      </Group>
    </div>
  );
}

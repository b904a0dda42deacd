import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans } from '../../i18n/Trans';
import { Link } from 'react-router';
import { useBudget } from './api';
import { BudgetProgress } from './BudgetProgress';
import { closestToLimit, currentMonth } from './budget-figures';
import { useT } from './i18n';

/** How many budgets the dashboard card shows. */
const SHOWN = 3;

/** The dashboard's card: this month's budgets closest to or over their limit. */
export function BudgetsCard() {
  const { t } = useT();
  const budget = useBudget(currentMonth()).data;
  const shown = budget === undefined ? undefined : closestToLimit(budget.items, SHOWN);
  return (
    <Card withBorder radius="md" data-testid="budgets-card">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t('dashboard.title')}
        </Title>
        <Anchor component={Link} to="/private/budgets" size="sm">
          {t('dashboard.all')}
        </Anchor>
      </Group>
      {shown === undefined || budget === undefined ? (
        <Skeleton h={48} />
      ) : shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans
            t={t}
            i18nKey="dashboard.none"
            components={{ link: <Anchor component={Link} to="/private/budgets" size="sm" /> }}
          />
        </Text>
      ) : (
        <Stack gap="sm">
          {shown.map((item) => (
            <div key={item.categoryId}>
              <Text size="sm" fw={600} mb={2}>
                {item.name}
              </Text>
              <BudgetProgress item={item} currency={budget.currency} />
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}

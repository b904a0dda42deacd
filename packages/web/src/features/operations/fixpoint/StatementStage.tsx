import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PocketGroup } from '@kassa/contract';
import { formatDate, formatMoney, formatTime } from '../../../lib/display-format';
import { IconCash, IconBuildingBank } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AmountInput } from '../../../components/AmountInput';
import { DEFAULT_LAST_FIXPOINT, useLastFixpoint } from '../../../shared/last-fixpoint';
import { useT } from '../i18n';
import { fieldValue, type Statement } from './statement';

interface Props {
  groups: readonly PocketGroup[];
  calculated: Record<string, number>;
  statement: Statement;
  onChange: (statement: Statement) => void;
  /** Field errors by pocket id (empty fields, or what the server said about one). */
  errors: Record<number, string>;
  onCalculate: () => void;
  calculating: boolean;
}

/** Stage 1: the stated (real) balance of every pocket, grouped by currency. */
export function StatementStage({ groups, calculated, statement, onChange, errors, onCalculate, calculating }: Props) {
  const { t } = useT();
  const last = useLastFixpoint().data;
  const lastTime = last ? new Date(last.time) : DEFAULT_LAST_FIXPOINT;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onCalculate();
      }}
    >
      <Stack gap="md">
        <Text size="sm" data-testid="last-fixpoint">
          {t('fixpoint.last')}{' '}
          {last ? (
            <Anchor component={Link} to={`/private/edit-fixpoint/${last.id}`} fw={600}>
              {formatDate(lastTime)} {formatTime(lastTime)}
            </Anchor>
          ) : (
            <b>
              {formatDate(lastTime)} {formatTime(lastTime)}
            </b>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {t('fixpoint.intro')}
        </Text>
        {groups.map((group) => (
          <Card key={group.currency} withBorder radius="md" padding="sm" data-currency={group.currency}>
            <Group justify="space-between" mb="xs" wrap="wrap" gap={4}>
              <Title order={3} size="h5">
                {group.currency}
              </Title>
              {calculated[group.currency] !== undefined && (
                <Text size="sm" c="dimmed">
                  {t('fixpoint.calculated', { amount: formatMoney(calculated[group.currency] ?? 0, group.currency) })}
                </Text>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {group.items.map((pocket) => (
                <AmountInput
                  key={pocket.pocketId}
                  label={pocket.name}
                  leftSection={pocket.isCash ? <IconCash size={16} /> : <IconBuildingBank size={16} />}
                  value={fieldValue(statement, group, pocket, calculated)}
                  onChange={(value) => onChange({ ...statement, [pocket.pocketId]: value })}
                  error={errors[pocket.pocketId]}
                />
              ))}
            </SimpleGrid>
          </Card>
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={calculating}>
            {t('fixpoint.calculate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

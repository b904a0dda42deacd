import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { FixpointError } from '@kassa/contract';
import { formatMoney } from '../../../lib/display-format';
import { useT } from '../i18n';
import { errorColor, errorLabel } from './error-text';

/** One currency's line of a fixpoint's error review (also shown by the fixpoint editor). */
export function ErrorLine({ line }: { line: FixpointError }) {
  const { t } = useT();
  return (
    <Card withBorder radius="md" padding="sm" data-currency={line.currency}>
      <Text fw={600} c={errorColor(line.error, line.opening)}>
        {errorLabel(line.error, line.opening)}
        {formatMoney(line.error, line.currency)}
      </Text>
      <Group gap="lg" mt={4}>
        <Text size="sm" c="dimmed">
          {t('fixpoint.stated', { amount: formatMoney(line.stated, line.currency) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('fixpoint.calculated', { amount: formatMoney(line.calculated, line.currency) })}
        </Text>
      </Group>
    </Card>
  );
}

interface Props {
  lines: readonly FixpointError[];
  onBack: () => void;
  onSave: () => void;
  saving: boolean;
  /** Said above the lines (offline: why there are none). */
  note?: string;
}

/** Stage 2: the error per currency; 'Make changes' returns to stage 1 with the typed values. */
export function ErrorReview({ lines, onBack, onSave, saving, note }: Props) {
  const { t } = useT();
  return (
    <Stack gap="sm">
      {note !== undefined && <Text c="dimmed">{note}</Text>}
      {lines.map((line) => (
        <ErrorLine key={line.currency} line={line} />
      ))}
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={onBack}>
          {t('fixpoint.makeChanges')}
        </Button>
        <Button onClick={onSave} loading={saving}>
          {t('fixpoint.save')}
        </Button>
      </Group>
    </Stack>
  );
}

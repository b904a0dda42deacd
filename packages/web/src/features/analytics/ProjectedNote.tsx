import { Text } from '@mantine/core';
import { formatDecimal } from '../../lib/display-format';
import { useT } from './i18n';

/**
 * What the "*" of a projected monthly average means (issue 22): the period is shorter than a
 * month, and its days were scaled up to one.
 */
export function ProjectedNote({ days }: { days: number }) {
  const { t } = useT();
  return (
    <Text size="xs" c="dimmed" mt="xs" data-projected>
      {t('projected', { count: days, month: formatDecimal('30.42') })}
    </Text>
  );
}

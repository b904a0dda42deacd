import { Text } from '@mantine/core';

/**
 * What the "*" of a projected monthly average means (issue 22): the period is shorter than a
 * month, and its days were scaled up to one.
 */
export function ProjectedNote({ days }: { days: number }) {
  return (
    <Text size="xs" c="dimmed" mt="xs" data-projected>
      * Projected: the period has only {days} {days === 1 ? 'day' : 'days'}, scaled to a 30.42-day month. Choose a whole
      month for what a month really cost.
    </Text>
  );
}

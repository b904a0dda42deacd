import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { confirmsSchedule } from './choices';
import type { RowProps } from './row-props';
import { pairText, scheduleLine } from './row-texts';

/**
 * Payee, description, the server's reason, the proposed pair with its "not a pair" box, and the
 * due scheduled occurrence the row confirms with its "confirm the schedule" box.
 */
export function RowText({ row, choice, fate, onChoice, pockets }: Omit<RowProps, 'data' | 'onRule' | 'spread'>) {
  const title = row.payee !== '' ? row.payee : row.description;
  const rest = row.payee !== '' ? row.description : '';
  const pair = row.match === undefined ? undefined : pairText(row.match, pockets);
  const schedule = row.schedule === undefined ? undefined : scheduleLine(row.schedule, row.currency);
  const confirming = confirmsSchedule(row, choice, fate);
  return (
    <Stack gap={2} miw={0}>
      {title !== '' && (
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
      )}
      {rest !== '' && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {rest}
        </Text>
      )}
      {row.reason !== undefined && (
        <Text
          size="xs"
          c={row.status === 'error' ? 'red.9' : undefined}
          data-reason
          style={{ overflowWrap: 'anywhere' }}
        >
          {row.reason}
        </Text>
      )}
      {row.match !== undefined && (
        <Group gap="xs" wrap="wrap" data-pair>
          <Text size="xs" fw={500} c="violet.9">
            {pair?.text}
            <span style={{ whiteSpace: 'nowrap' }}>{pair?.money}</span>
          </Text>
          <Checkbox
            size="xs"
            label="Not a pair"
            aria-label={`Not a pair (line ${row.line})`}
            checked={choice?.match === false}
            onChange={(e) => onChoice(row.line, e.currentTarget.checked ? { match: false } : { match: undefined })}
          />
        </Group>
      )}
      {schedule !== undefined && (
        <Group gap="xs" wrap="wrap" data-schedule={confirming ? 'confirm' : 'own'}>
          {/* Indigo text: shade 9 on light cards, 4 on dark ones (Mantine's --mantine-color-indigo-text). */}
          <Text size="xs" fw={500} c={confirming ? 'var(--mantine-color-indigo-text)' : 'dimmed'}>
            <IconCalendarCheck size={14} stroke={1.75} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
            {schedule.text}
            <span style={{ whiteSpace: 'nowrap' }}>{schedule.money}</span>
          </Text>
          <Checkbox
            size="xs"
            label="Confirm the schedule"
            aria-label={`Confirm the schedule (line ${row.line})`}
            checked={choice?.schedule !== false}
            disabled={fate !== 'import'}
            onChange={(e) =>
              onChoice(row.line, e.currentTarget.checked ? { schedule: undefined } : { schedule: false })
            }
          />
        </Group>
      )}
    </Stack>
  );
}

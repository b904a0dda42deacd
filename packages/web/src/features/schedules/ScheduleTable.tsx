import { ActionIcon, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Category, Schedule } from '@kassa/contract';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useConfirm } from '../../components/confirm/confirm-context';
import { notifySuccess } from '../../lib/notify';
import { useScheduleMutations } from './api';
import { amountColor, amountText, dateText, entryDetail, entryName, MODE_LABELS, WEEKEND_NOTES } from './entry-text';
import { ruleWords } from './rule-words';

interface Props {
  title: string;
  schedules: readonly Schedule[];
  categories: ReadonlyMap<number, Category>;
  onEdit: (schedule: Schedule) => void;
}

/** What schedules are for: the empty list's text. */
const EMPTY =
  'No schedules yet. Add one for your rent, salary or subscriptions, or open a transaction and choose “Make this a schedule”.';

/**
 * The schedules by next day (those with none left last): entry, amount, repetition in words, next
 * day with its due count, mode, and Edit and Delete. On a phone everything but the buttons goes
 * into the first column.
 */
export function ScheduleTable({ title, schedules, categories, onEdit }: Props) {
  const compact = useMediaQuery('(max-width: 767.98px)');
  const { remove } = useScheduleMutations();
  const confirm = useConfirm();
  const sorted = [...schedules].sort((a, b) => (a.next ?? '9999').localeCompare(b.next ?? '9999') || a.id - b.id);

  const del = async (s: Schedule) => {
    const answer = await confirm({
      title: 'Delete this schedule?',
      text: `“${entryName(s.payload, categories)}” will no longer be posted or remind you. What it posted stays in your books. This action can not be undone!`,
      danger: true,
    });
    if (answer !== 'yes') return;
    const done = await remove.mutateAsync(s.id).then(
      () => true,
      () => false,
    );
    if (done) notifySuccess('Schedule deleted');
  };

  const row = (s: Schedule) => {
    const name = entryName(s.payload, categories);
    const entry = (
      <>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {entryDetail(s.payload, categories)}
        </Text>
      </>
    );
    const amount = (
      <Text size="sm" c={amountColor(s.payload)} data-figure="amount" style={{ whiteSpace: 'nowrap' }}>
        {amountText(s.payload)}
      </Text>
    );
    const repeats = (
      <>
        <Text size="sm" data-figure="rule">
          {ruleWords(s)}
        </Text>
        {WEEKEND_NOTES[s.weekend] !== null && (
          <Text size="xs" c="dimmed">
            {WEEKEND_NOTES[s.weekend]}
          </Text>
        )}
      </>
    );
    const next = (
      <Group gap={6} wrap="wrap">
        <Text size="sm" data-figure="next" style={{ whiteSpace: 'nowrap' }}>
          {s.next === null ? 'Finished' : dateText(s.next)}
        </Text>
        {s.due > 0 && (
          <Badge size="sm" color="orange" variant="light" data-figure="due">
            {s.due} due
          </Badge>
        )}
      </Group>
    );
    const mode = (
      <Text size="sm" data-figure="mode" style={{ whiteSpace: 'nowrap' }}>
        {MODE_LABELS[s.mode]}
      </Text>
    );
    return (
      <Table.Tr key={s.id} data-schedule={s.id}>
        {compact ? (
          <Table.Td>
            {entry}
            <div style={{ marginTop: 4 }}>{amount}</div>
            <div style={{ marginTop: 4 }}>{repeats}</div>
            <Group gap={6} mt={4} wrap="wrap">
              <Text size="xs" c="dimmed">
                Next:
              </Text>
              {next}
              {mode}
            </Group>
          </Table.Td>
        ) : (
          <>
            <Table.Td>{entry}</Table.Td>
            <Table.Td>{amount}</Table.Td>
            <Table.Td>{repeats}</Table.Td>
            <Table.Td>{next}</Table.Td>
            <Table.Td>{mode}</Table.Td>
          </>
        )}
        <Table.Td w={84}>
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="md"
              aria-label={`Edit schedule ${name}`}
              onClick={() => onEdit(s)}
            >
              <IconPencil size={16} stroke={1.75} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="md"
              aria-label={`Delete schedule ${name}`}
              onClick={() => void del(s)}
            >
              <IconTrash size={16} stroke={1.75} />
            </ActionIcon>
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  };

  return (
    <Table aria-label={title} fz="sm" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{compact ? 'Schedule' : 'Entry'}</Table.Th>
          {!compact && <Table.Th>Amount</Table.Th>}
          {!compact && <Table.Th>Repeats</Table.Th>}
          {!compact && <Table.Th>Next</Table.Th>}
          {!compact && <Table.Th>Mode</Table.Th>}
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sorted.map(row)}
        {sorted.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={compact ? 2 : 6}>
              <Text size="sm" c="dimmed">
                {EMPTY}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}

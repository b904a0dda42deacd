import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { Category, Schedule } from '@kassa/contract';
import { useMediaQuery } from '@mantine/hooks';
import { useConfirm } from '../../components/confirm/confirm-context';
import { notifySuccess } from '../../lib/notify';
import { useScheduleMutations } from './api';
import { entryName } from './entry-text';
import { ScheduleRow } from './ScheduleRow';

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
        {sorted.map((s) => (
          <ScheduleRow
            key={s.id}
            schedule={s}
            compact={compact}
            categories={categories}
            onEdit={onEdit}
            onDelete={() => void del(s)}
          />
        ))}
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

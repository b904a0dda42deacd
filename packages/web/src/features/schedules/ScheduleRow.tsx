import { ActionIcon, Badge, Group, Table, Text } from '@mantine/core';
import type { Category, Schedule } from '@kassa/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { amountColor, amountText, dateText, entryDetail, entryName, MODE_LABELS, WEEKEND_NOTES } from './entry-text';
import { ruleWords } from './rule-words';

/** One schedule of the table; on a phone everything but the buttons in the first column. */
export function ScheduleRow({
  schedule: s,
  compact,
  categories,
  onEdit,
  onDelete,
}: {
  schedule: Schedule;
  compact: boolean;
  categories: ReadonlyMap<number, Category>;
  onEdit: (schedule: Schedule) => void;
  onDelete: () => void;
}) {
  const name = entryName(s.payload, categories);
  const entry = <EntryCell name={name} detail={entryDetail(s.payload, categories)} />;
  const amount = (
    <Text size="sm" c={amountColor(s.payload)} data-figure="amount" style={{ whiteSpace: 'nowrap' }}>
      {amountText(s.payload)}
    </Text>
  );
  const repeats = <RepeatsCell schedule={s} />;
  const next = <NextCell schedule={s} />;
  const mode = (
    <Text size="sm" data-figure="mode" style={{ whiteSpace: 'nowrap' }}>
      {MODE_LABELS[s.mode]}
    </Text>
  );
  return (
    <Table.Tr data-schedule={s.id}>
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
        <RowActions name={name} onEdit={() => onEdit(s)} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The entry's name, and its detail under it. */
function EntryCell({ name, detail }: { name: string; detail: string }) {
  return (
    <>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </>
  );
}

/** The repetition in words, with what a weekend does to it. */
function RepeatsCell({ schedule: s }: { schedule: Schedule }) {
  return (
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
}

/** The next day (or Finished), with how many are due. */
function NextCell({ schedule: s }: { schedule: Schedule }) {
  return (
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
}

/** Edit and Delete of the schedule `name`. */
function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon variant="subtle" color="gray" size="md" aria-label={`Edit schedule ${name}`} onClick={onEdit}>
        <IconPencil size={16} stroke={1.75} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="md" aria-label={`Delete schedule ${name}`} onClick={onDelete}>
        <IconTrash size={16} stroke={1.75} />
      </ActionIcon>
    </Group>
  );
}

import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ImportRow, ImportRowStatus } from '@kassa/contract';
import { memo } from 'react';
import { confirmsSchedule, type Fate, type RowChoice } from './choices';
import { CategoryPicker, RowChoiceBox, RuleButton } from './RowControls';
import type { RowProps } from './row-props';
import { amountColor, amountText } from './row-texts';
import { RowText } from './RowText';
import { dayText } from './texts';

const STATUS: Record<ImportRowStatus, { label: string; color: string }> = {
  new: { label: 'New', color: 'blue' },
  duplicate: { label: 'Duplicate', color: 'orange' },
  error: { label: 'Error', color: 'red' },
};

/** What the row's fate adds to its status, when it differs from what the status implies. */
const FATE_NOTE: Partial<Record<Fate, string>> = {
  skip: 'Skipped',
  transfer: 'Transfer',
  conversion: 'Conversion',
};

/** The row's status, with what its fate adds to it. */
function StatusBadge({ row, choice, fate }: { row: ImportRow; choice: RowChoice | undefined; fate: Fate }) {
  const status = STATUS[row.status];
  const note =
    row.status === 'duplicate' && fate !== 'duplicate'
      ? 'Imported anyway'
      : confirmsSchedule(row, choice, fate)
        ? 'Confirms a schedule'
        : FATE_NOTE[fate];
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={status.color} variant="light" data-status={row.status}>
        {status.label}
      </Badge>
      {note !== undefined && (
        <Text size="xs" fw={500}>
          {note}
        </Text>
      )}
    </Stack>
  );
}

/** A row as a line of the table (wide screens). */
export const RowLine = memo(function RowLine(props: RowProps) {
  const { row, fate } = props;
  return (
    <Table.Tr data-line={row.line} data-fate={fate} style={{ verticalAlign: 'top' }}>
      <Table.Td>{row.line}</Table.Td>
      <Table.Td>
        <StatusBadge row={row} choice={props.choice} fate={fate} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayText(row.date)}</Table.Td>
      <Table.Td>
        <RowText {...props} />
      </Table.Td>
      <Table.Td ta="right" c={amountColor(row)} fw={500} style={{ whiteSpace: 'nowrap' }}>
        {amountText(row)}
      </Table.Td>
      <Table.Td>
        <CategoryPicker {...props} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <RowChoiceBox {...props} />
          <RuleButton {...props} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});

/** A row as a card (phone width). */
export const RowCard = memo(function RowCard(props: RowProps) {
  const { row, fate } = props;
  return (
    <Paper withBorder radius="sm" p="xs" data-line={row.line} data-fate={fate} role="listitem">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <StatusBadge row={row} choice={props.choice} fate={fate} />
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {dayText(row.date)} · line {row.line}
            </Text>
          </Group>
          <Text size="sm" fw={600} c={amountColor(row)} style={{ whiteSpace: 'nowrap' }}>
            {amountText(row)}
          </Text>
        </Group>
        <RowText {...props} />
        <CategoryPicker {...props} />
        <Group justify="space-between" gap="xs">
          <RowChoiceBox {...props} />
          <RuleButton {...props} />
        </Group>
      </Stack>
    </Paper>
  );
});

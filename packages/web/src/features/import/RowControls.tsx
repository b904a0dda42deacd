import { ActionIcon, Button, Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { ImportRow } from '@kassa/contract';
import { IconWand } from '@tabler/icons-react';
import { categoryOf } from './choices';
import type { CategorySpread, RowProps } from './row-props';

/** Where a suggested category came from. */
const SUGGESTED: Record<NonNullable<ImportRow['categorySource']> | 'schedule', string> = {
  rule: 'Suggested by a rule',
  payee: 'As this payee’s last row',
  schedule: 'As the scheduled entry',
};

/** "Also set on 3 other rows of this payee", with Undo. */
function SpreadNote({ spread }: { spread: CategorySpread }) {
  return (
    <Group gap={4} wrap="wrap" data-spread>
      <Text size="xs" fw={500} c="teal.9">
        Also set on {spread.lines.length === 1 ? '1 other row' : `${spread.lines.length} other rows`} of this payee.
      </Text>
      <Button
        variant="subtle"
        size="compact-xs"
        onClick={spread.onUndo}
        aria-label={`Undo the category on the other ${spread.lines.length === 1 ? 'row' : 'rows'} of this payee`}
      >
        Undo
      </Button>
    </Group>
  );
}

/** The row's category, where it came from, and the payee's other rows it went to. */
export function CategoryPicker({ row, choice, fate, onChoice, data, spread }: Omit<RowProps, 'pockets' | 'onRule'>) {
  if (row.status === 'error') return null;
  const value = categoryOf(row, choice);
  // The server gives a row that confirms a schedule the schedule's category, unless a rule chose one.
  const source = row.categorySource ?? (row.schedule === undefined ? undefined : 'schedule');
  const suggested = choice?.categoryId === undefined && source !== undefined && value !== null;
  const paired = fate === 'transfer' || fate === 'conversion';
  if (paired)
    return (
      <Text size="xs" c="dimmed">
        No category: {fate === 'transfer' ? 'a transfer between your pockets' : 'part of a conversion'}
      </Text>
    );
  return (
    <Stack gap={2}>
      {/* A native select: a page holds a hundred of them, and phones show their own picker. */}
      <NativeSelect
        size="xs"
        aria-label={`Category of line ${row.line}`}
        data={[{ value: '', label: 'Uncategorized' }, ...data]}
        value={value === null ? '' : String(value)}
        onChange={(e) => {
          const v = e.currentTarget.value;
          onChoice(row.line, { categoryId: v === '' ? null : Number(v) });
        }}
      />
      {suggested && (
        <Text size="xs" c="dimmed" data-suggested={source}>
          {SUGGESTED[source]}
        </Text>
      )}
      {spread !== undefined && <SpreadNote spread={spread} />}
    </Stack>
  );
}

/** Skip a new row, or import a duplicate anyway. */
export function RowChoiceBox({ row, choice, onChoice }: Pick<RowProps, 'row' | 'choice' | 'onChoice'>) {
  if (row.status === 'new')
    return (
      <Checkbox
        size="xs"
        label="Skip"
        aria-label={`Skip line ${row.line}`}
        checked={choice?.skip === true}
        onChange={(e) => onChoice(row.line, { skip: e.currentTarget.checked ? true : undefined })}
      />
    );
  if (row.status === 'duplicate')
    return (
      <Checkbox
        size="xs"
        label="Import anyway"
        aria-label={`Import anyway (line ${row.line})`}
        checked={choice?.skip === false}
        onChange={(e) => onChoice(row.line, { skip: e.currentTarget.checked ? false : undefined })}
      />
    );
  return null;
}

/** "Create a rule from this row", for a row with a payee or description. */
export function RuleButton({ row, onRule }: Pick<RowProps, 'row' | 'onRule'>) {
  if (row.status === 'error' || (row.payee === '' && row.description === '')) return null;
  return (
    <ActionIcon
      variant="subtle"
      aria-label={`Create a rule from line ${row.line}`}
      title="Create a rule from this row"
      onClick={() => onRule(row)}
    >
      <IconWand size={18} stroke={1.5} />
    </ActionIcon>
  );
}

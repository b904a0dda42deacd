import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  NativeSelect,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type {
  Category,
  ImportMatch,
  ImportPreview,
  ImportRow,
  ImportRowStatus,
  ImportScheduleMatch,
  Pocket,
} from '@kassa/contract';
import { formatMoney } from '@kassa/money';
import { IconCalendarCheck, IconWand } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';
import {
  categoriesFor,
  categoryOf,
  confirmsSchedule,
  filterRows,
  isIncomeRow,
  ROWS_PER_PAGE,
  type Choices,
  type Fate,
  type RowChoice,
  type RowFilter,
} from './choices';
import { dayText, scheduleText } from './texts';

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

/** Where a suggested category came from. */
const SUGGESTED: Record<NonNullable<ImportRow['categorySource']> | 'schedule', string> = {
  rule: 'Suggested by a rule',
  payee: 'As this payee’s last row',
  schedule: 'As the scheduled entry',
};

type SelectData = { value: string; label: string }[];

/** A category picked for one row that went to the same payee's other rows too, with its undo. */
export interface CategorySpread {
  /** The row it was picked on. */
  line: number;
  /** The other rows that took it. */
  lines: readonly number[];
  onUndo: () => void;
}

export interface RowsPanelProps {
  preview: ImportPreview;
  choices: Choices;
  fates: ReadonlyMap<number, Fate>;
  onChoice: (line: number, change: RowChoice) => void;
  pockets: ReadonlyMap<number, Pocket>;
  categories: readonly Category[];
  /** Phone width: each row as a card. */
  compact: boolean;
  /** "Create a rule from this row". */
  onRule: (row: ImportRow) => void;
  /** The last category picked that went to other rows too, said under its row's picker. */
  spread: CategorySpread | null;
}

/** The rows of the preview, a page at a time, with a status filter, each with its own choices. */
export function RowsPanel({
  preview,
  choices,
  fates,
  onChoice,
  pockets,
  categories,
  compact,
  onRule,
  spread,
}: RowsPanelProps) {
  const [filter, setFilter] = useState<RowFilter>('all');
  const [page, setPage] = useState(1);
  const pairs = useMemo(() => preview.rows.filter((r) => r.match !== undefined).length, [preview.rows]);
  const scheduled = useMemo(() => preview.rows.filter((r) => r.schedule !== undefined).length, [preview.rows]);
  const rows = useMemo(() => filterRows(preview.rows, filter), [preview.rows, filter]);
  const pageCount = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
  const current = Math.min(page, pageCount);
  const shown = rows.slice((current - 1) * ROWS_PER_PAGE, current * ROWS_PER_PAGE);
  const data = useMemo(() => {
    const of = (income: boolean): SelectData =>
      categoriesFor(categories, income).map((c) => ({ value: String(c.id), label: c.name }));
    return { income: of(true), expense: of(false) };
  }, [categories]);
  const { counts } = preview;
  const destination = destinationText(preview, pockets);

  const filters = [
    { value: 'all', label: `All ${preview.rows.length}` },
    { value: 'new', label: `New ${counts.new}` },
    { value: 'duplicate', label: `Duplicates ${counts.duplicate}` },
    { value: 'error', label: `Errors ${counts.error}` },
    ...(pairs > 0 ? [{ value: 'pair', label: `Pairs ${pairs}` }] : []),
    ...(scheduled > 0 ? [{ value: 'schedule', label: `Scheduled ${scheduled}` }] : []),
  ];

  const choose = (value: string) => {
    setFilter(value as RowFilter);
    setPage(1);
  };

  const item = (row: ImportRow) => {
    const props: RowProps = {
      row,
      choice: choices.get(row.line),
      fate: fates.get(row.line) ?? 'error',
      onChoice,
      pockets,
      data: isIncomeRow(row) ? data.income : data.expense,
      onRule,
      ...(spread?.line === row.line ? { spread } : {}),
    };
    return compact ? <RowCard key={row.line} {...props} /> : <RowLine key={row.line} {...props} />;
  };

  return (
    <Card
      withBorder
      radius="md"
      padding={compact ? 'xs' : 'md'}
      component="section"
      aria-labelledby="import-rows-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id="import-rows-title">
              Rows
            </Title>
            {destination !== '' && (
              <Text size="sm" c="dimmed" data-destination>
                {destination}
              </Text>
            )}
          </div>
          <Text size="sm" data-counts>
            {counts.new} new · {counts.duplicate} {counts.duplicate === 1 ? 'duplicate' : 'duplicates'} · {counts.error}{' '}
            {counts.error === 1 ? 'error' : 'errors'}
            {scheduled > 0 && ` · ${scheduleText(scheduled)}`}
          </Text>
        </Group>
        {compact ? (
          <NativeSelect
            label="Show"
            size="xs"
            value={filter}
            data={filters}
            onChange={(e) => choose(e.currentTarget.value)}
          />
        ) : (
          <SegmentedControl aria-label="Show rows" size="xs" value={filter} data={filters} onChange={choose} />
        )}
        {shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            No rows here
          </Text>
        ) : compact ? (
          <Stack gap="xs" aria-label="Rows of the file" role="list">
            {shown.map(item)}
          </Stack>
        ) : (
          <Table.ScrollContainer
            minWidth={900}
            type="native"
            tabIndex={0}
            role="region"
            aria-label="Rows of the file, scrolling sideways"
          >
            <Table verticalSpacing="xs" fz="sm" aria-label="Rows of the file" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={56}>Line</Table.Th>
                  <Table.Th w={120}>Status</Table.Th>
                  <Table.Th w={110}>Date</Table.Th>
                  <Table.Th>Payee and description</Table.Th>
                  <Table.Th w={130} ta="right">
                    Amount
                  </Table.Th>
                  <Table.Th w={210}>Category</Table.Th>
                  <Table.Th w={170}>Choice</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{shown.map(item)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pageCount > 1 && (
          <Center>
            <Pagination
              total={pageCount}
              value={current}
              onChange={setPage}
              size="sm"
              siblings={compact ? 0 : 1}
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
              })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            />
          </Center>
        )}
        {pageCount > 1 && (
          <Text size="xs" c="dimmed" ta="center">
            Rows {(current - 1) * ROWS_PER_PAGE + 1}–{Math.min(current * ROWS_PER_PAGE, rows.length)} of {rows.length}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Where the rows go: "Into Girokonto", or per account "DE12…: into Girokonto; DE34…: into Savings". */
function destinationText(preview: ImportPreview, pockets: ReadonlyMap<number, Pocket>): string {
  const placed = preview.accounts.flatMap((a) => {
    const pocket = a.pocketId === null ? undefined : pockets.get(a.pocketId);
    return pocket === undefined ? [] : [{ account: a.account, name: pocket.name }];
  });
  if (placed.length === 1 && preview.accounts.length === 1) return `Into ${placed[0]?.name ?? ''}`;
  return placed.map((p) => `${p.account === '' ? 'Rows' : p.account}: into ${p.name}`).join('; ');
}

interface RowProps {
  row: ImportRow;
  choice: RowChoice | undefined;
  fate: Fate;
  onChoice: (line: number, change: RowChoice) => void;
  pockets: ReadonlyMap<number, Pocket>;
  data: SelectData;
  onRule: (row: ImportRow) => void;
  spread?: CategorySpread;
}

function amountText(row: ImportRow): string {
  if (row.amount === '') return '—';
  const n = Number(row.amount);
  return row.currency === '' || !Number.isFinite(n)
    ? `${row.amount} ${row.currency}`.trim()
    : formatMoney(n, row.currency);
}

const amountColor = (row: ImportRow) => (row.amount === '' ? undefined : Number(row.amount) < 0 ? 'red.9' : 'teal.9');

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

/** "↔ Transfer with Savings (line 7 of this file), 2024.03.01.," and "- 500.00 €" (kept on one line). */
function pairText(match: ImportMatch, pockets: ReadonlyMap<number, Pocket>): { text: string; money: string } {
  const pocket = pockets.get(match.pocketId)?.name ?? 'another pocket';
  const where = match.line === undefined ? '' : ` (line ${match.line} of this file)`;
  const kind = match.kind === 'transfer' ? 'Transfer' : 'Conversion';
  const amount = Number(match.amount);
  const money = Number.isFinite(amount) ? formatMoney(amount, match.currency) : match.amount;
  return { text: `↔ ${kind} with ${pocket}${where}, ${dayText(match.date)}, `, money };
}

/** "Confirms scheduled: Rent · due 2026.03.02. · " and "50.00 €" (kept on one line; none when it asks each time). */
function scheduleLine(schedule: ImportScheduleMatch, currency: string): { text: string; money: string } {
  const what =
    schedule.description === '' ? 'Confirms a scheduled entry' : `Confirms scheduled: ${schedule.description}`;
  const amount = schedule.amount === null ? NaN : Number(schedule.amount);
  const money = !Number.isFinite(amount)
    ? ''
    : currency === ''
      ? (schedule.amount ?? '')
      : formatMoney(amount, currency);
  // Mid-dots, not commas: a description may hold commas of its own.
  return { text: `${what} · due ${dayText(schedule.date)}${money === '' ? '' : ' · '}`, money };
}

/**
 * Payee, description, the server's reason, the proposed pair with its "not a pair" box, and the
 * due scheduled occurrence the row confirms with its "confirm the schedule" box.
 */
function RowText({ row, choice, fate, onChoice, pockets }: Omit<RowProps, 'data' | 'onRule' | 'spread'>) {
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

function CategoryPicker({ row, choice, fate, onChoice, data, spread }: Omit<RowProps, 'pockets' | 'onRule'>) {
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

function RowChoiceBox({ row, choice, onChoice }: Pick<RowProps, 'row' | 'choice' | 'onChoice'>) {
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

function RuleButton({ row, onRule }: Pick<RowProps, 'row' | 'onRule'>) {
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

const RowLine = memo(function RowLine(props: RowProps) {
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

const RowCard = memo(function RowCard(props: RowProps) {
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

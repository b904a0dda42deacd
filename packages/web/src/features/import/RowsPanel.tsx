import {
  Card,
  Center,
  Group,
  NativeSelect,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { Category, ImportPreview, ImportRow, Pocket } from '@kassa/contract';
import { useMemo, useState, type ReactNode } from 'react';
import {
  categoriesFor,
  filterRows,
  isIncomeRow,
  ROWS_PER_PAGE,
  type Choices,
  type Fate,
  type RowChoice,
  type RowFilter,
} from './choices';
import type { CategorySpread, RowProps, SelectData } from './row-props';
import { RowCard, RowLine } from './RowItems';
import { destinationText } from './row-texts';
import { scheduleText } from './texts';

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
  const view = useRowsPage(preview.rows);
  const data = useCategoryData(categories);

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
        <RowsHeading preview={preview} pockets={pockets} scheduled={view.scheduled} />
        <RowsFilter
          compact={compact}
          value={view.filter}
          data={filterChoices(preview, view.pairs, view.scheduled)}
          onChange={view.choose}
        />
        {view.shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            No rows here
          </Text>
        ) : compact ? (
          <Stack gap="xs" aria-label="Rows of the file" role="list">
            {view.shown.map(item)}
          </Stack>
        ) : (
          <RowsTable>{view.shown.map(item)}</RowsTable>
        )}
        <RowsPager compact={compact} view={view} />
      </Stack>
    </Card>
  );
}

/** The status filter and the page shown, over the preview's rows. */
function useRowsPage(all: readonly ImportRow[]) {
  const [filter, setFilter] = useState<RowFilter>('all');
  const [page, setPage] = useState(1);
  const pairs = useMemo(() => all.filter((r) => r.match !== undefined).length, [all]);
  const scheduled = useMemo(() => all.filter((r) => r.schedule !== undefined).length, [all]);
  const rows = useMemo(() => filterRows(all, filter), [all, filter]);
  const pageCount = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
  const current = Math.min(page, pageCount);
  const shown = rows.slice((current - 1) * ROWS_PER_PAGE, current * ROWS_PER_PAGE);
  const choose = (value: string) => {
    setFilter(value as RowFilter);
    setPage(1);
  };
  return { filter, choose, pairs, scheduled, rows, pageCount, current, setPage, shown };
}

type RowsPage = ReturnType<typeof useRowsPage>;

/** The category pickers' choices, for income rows and for expense rows. */
function useCategoryData(categories: readonly Category[]) {
  return useMemo(() => {
    const of = (income: boolean): SelectData =>
      categoriesFor(categories, income).map((c) => ({ value: String(c.id), label: c.name }));
    return { income: of(true), expense: of(false) };
  }, [categories]);
}

/** "All 12", "New 9", …; pairs and scheduled rows only when the file has some. */
function filterChoices(preview: ImportPreview, pairs: number, scheduled: number) {
  const { counts } = preview;
  return [
    { value: 'all', label: `All ${preview.rows.length}` },
    { value: 'new', label: `New ${counts.new}` },
    { value: 'duplicate', label: `Duplicates ${counts.duplicate}` },
    { value: 'error', label: `Errors ${counts.error}` },
    ...(pairs > 0 ? [{ value: 'pair', label: `Pairs ${pairs}` }] : []),
    ...(scheduled > 0 ? [{ value: 'schedule', label: `Scheduled ${scheduled}` }] : []),
  ];
}

/** The panel's title, where the rows go, and how many of each status there are. */
function RowsHeading({
  preview,
  pockets,
  scheduled,
}: {
  preview: ImportPreview;
  pockets: ReadonlyMap<number, Pocket>;
  scheduled: number;
}) {
  const { counts } = preview;
  const destination = destinationText(preview, pockets);
  return (
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
  );
}

/** Which rows show: a native select at phone width, a segmented control beyond. */
function RowsFilter({
  compact,
  value,
  data,
  onChange,
}: {
  compact: boolean;
  value: RowFilter;
  data: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return compact ? (
    <NativeSelect label="Show" size="xs" value={value} data={data} onChange={(e) => onChange(e.currentTarget.value)} />
  ) : (
    <SegmentedControl aria-label="Show rows" size="xs" value={value} data={data} onChange={onChange} />
  );
}

/** The wide screen's table of rows, scrolling sideways when narrower than it. */
function RowsTable({ children }: { children: ReactNode }) {
  return (
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
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The pages, and which rows this one holds, when there is more than one. */
function RowsPager({ compact, view }: { compact: boolean; view: RowsPage }) {
  const { pageCount, current, rows } = view;
  if (pageCount <= 1) return null;
  return (
    <>
      <Center>
        <Pagination
          total={pageCount}
          value={current}
          onChange={view.setPage}
          size="sm"
          siblings={compact ? 0 : 1}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
          })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      </Center>
      <Text size="xs" c="dimmed" ta="center">
        Rows {(current - 1) * ROWS_PER_PAGE + 1}–{Math.min(current * ROWS_PER_PAGE, rows.length)} of {rows.length}
      </Text>
    </>
  );
}

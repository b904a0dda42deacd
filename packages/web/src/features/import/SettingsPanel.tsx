import {
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { ImportPreview } from '@kassa/contract';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import {
  amountModeOf,
  COLUMN_ROLES,
  columnMapOf,
  DELIMITERS,
  ENCODINGS,
  FORMAT_LABEL,
  SOURCE_TEXT,
  type AmountMode,
  type ColumnMap,
  type ColumnRole,
  type SettingChange,
  withoutRoles,
} from './settings';
import { SettingChoices } from './SettingChoices';

/** A header cell as a choice: its text, with its position when the text repeats, or "Column N" when empty. */
const columnLabel = (header: readonly string[], i: number) => {
  const text = header[i]?.trim() ?? '';
  if (text === '') return `Column ${i + 1}`;
  return header.filter((h) => h.trim() === text).length > 1 ? `${text} (column ${i + 1})` : text;
};

/**
 * The file settings the preview used, each editable: format and encoding, and for CSV the
 * dialect, the title lines, the column mapping and the file's first rows as cut. Any change
 * reads the file again (`onChange`).
 */
export function SettingsPanel({
  preview,
  onChange,
  compact,
}: {
  preview: ImportPreview;
  onChange: (change: SettingChange) => void;
  /** Phone width: the settings start folded, as one line. */
  compact: boolean;
}) {
  const { options, table } = preview;
  const csv = options.csv;
  // A pocket's saved settings may not fit this file: shown open, so they are seen and corrected.
  const [open, setOpen] = useState(!compact || options.source === 'profile');
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="import-settings-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} size="h4" id="import-settings-title">
              File settings
            </Title>
            <Text size="sm" c="dimmed">
              {open ? SOURCE_TEXT[options.source] : settingsLine(preview)}
            </Text>
            {options.source === 'profile' && (
              <Button variant="subtle" size="compact-sm" px={0} onClick={() => onChange({ field: 'detect' })}>
                Detect from the file instead
              </Button>
            )}
          </div>
          <Button
            variant="default"
            size="xs"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls="import-settings-body"
            style={{ flexShrink: 0 }}
          >
            {open ? 'Hide' : 'Change'}
          </Button>
        </Group>
        <Collapse expanded={open} id="import-settings-body">
          <Stack gap="sm">
            <SettingChoices options={options} onChange={onChange} />
            {csv !== undefined && table !== undefined && (
              <>
                <ColumnMapping
                  key={preview.batchId}
                  header={table.header}
                  initial={columnMapOf(csv.columns, table.header)}
                  onChange={(value) => onChange({ field: 'columns', value })}
                />
                <RawTable header={table.header} rows={table.rows} map={columnMapOf(csv.columns, table.header)} />
              </>
            )}
          </Stack>
        </Collapse>
      </Stack>
    </Card>
  );
}

/** The settings in one line, for the folded panel: "CSV · UTF-8 · Semicolon (;) · DD.MM.YYYY". */
function settingsLine({ options }: ImportPreview): string {
  const csv = options.csv;
  return [
    FORMAT_LABEL[options.format],
    ENCODINGS.find((e) => e.value === options.encoding)?.label ?? options.encoding,
    ...(csv === undefined
      ? []
      : [DELIMITERS.find((d) => d.value === csv.delimiter)?.label ?? csv.delimiter, csv.dateFormat]),
  ].join(' · ');
}

const ROLE_LABEL = Object.fromEntries(COLUMN_ROLES.map((r) => [r.role, r.label])) as Record<ColumnRole, string>;

/**
 * A select per role, listing the header's cells. The amount is one signed column or debit and
 * credit columns; a mapping is sent once it is complete (a date and the amount's columns).
 */
function ColumnMapping({
  header,
  initial,
  onChange,
}: {
  header: readonly string[];
  initial: ColumnMap;
  onChange: (map: ColumnMap) => void;
}) {
  const [map, setMap] = useState<ColumnMap>(initial);
  const [mode, setMode] = useState<AmountMode>(amountModeOf(initial));
  const modeLabel = useId();
  const data = header.map((_h, i) => ({ value: String(i), label: columnLabel(header, i) }));

  const change = (next: ColumnMap) => {
    setMap(next);
    onChange(next);
  };
  const switchMode = (next: AmountMode) => {
    setMode(next);
    const rest = withoutRoles(map, 'amount', 'debit', 'credit');
    // The other mode's columns go; the new mode's are chosen next (sent once complete).
    change(next === 'single' ? { ...rest, ...(map.amount === undefined ? {} : { amount: map.amount }) } : rest);
  };

  const roles = COLUMN_ROLES.filter(({ role }) =>
    mode === 'single' ? role !== 'debit' && role !== 'credit' : role !== 'amount',
  );
  const incomplete =
    map.date === undefined ||
    (mode === 'single' ? map.amount === undefined : map.debit === undefined || map.credit === undefined);

  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={600} size="sm" p={0}>
        Columns
      </Text>
      <div>
        <Text size="sm" fw={500} mb={4} id={modeLabel}>
          The amount is in
        </Text>
        <SegmentedControl
          aria-labelledby={modeLabel}
          size="xs"
          value={mode}
          onChange={(v) => switchMode(v === 'split' ? 'split' : 'single')}
          data={[
            { value: 'single', label: 'One column (signed)' },
            { value: 'split', label: 'Debit and credit columns' },
          ]}
        />
      </div>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {roles.map(({ role, label, required }) => (
          <Select
            key={role}
            label={label}
            data={data}
            placeholder={required === true ? 'Choose a column' : 'Not in the file'}
            required={required === true}
            clearable={required !== true}
            allowDeselect={required !== true}
            value={map[role] === undefined ? null : String(map[role])}
            onChange={(v) => {
              const rest = withoutRoles(map, role);
              change(v === null ? rest : { ...rest, [role]: Number(v) });
            }}
          />
        ))}
      </SimpleGrid>
      {incomplete && (
        <Text size="sm" fw={500} role="status">
          Choose the {map.date === undefined ? 'date column' : 'amount’s columns'} to read the rows again.
        </Text>
      )}
    </Stack>
  );
}

/** The file's first rows as the settings cut them, every column, the mapped ones named. */
function RawTable({
  header,
  rows,
  map,
}: {
  header: readonly string[];
  rows: readonly (readonly string[])[];
  map: ColumnMap;
}) {
  const [open, setOpen] = useState(true);
  const roleOf = new Map(Object.entries(map).map(([role, i]) => [i, ROLE_LABEL[role as ColumnRole]]));
  const width = Math.max(header.length, ...rows.map((r) => r.length));
  const cells = (row: readonly string[]) => Array.from({ length: width }, (_x, i) => row[i] ?? '');
  return (
    <div>
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        <Group gap={4}>
          {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
          <Text size="sm" fw={600}>
            The file’s first {rows.length} rows
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <Table.ScrollContainer
          minWidth={Math.min(width * 120, 2400)}
          mt="xs"
          type="native"
          tabIndex={0}
          role="region"
          aria-label="The file’s first rows, scrolling sideways"
        >
          <Table
            withTableBorder
            withColumnBorders
            striped
            fz="xs"
            verticalSpacing={4}
            aria-label="The file’s first rows"
            style={{ whiteSpace: 'nowrap' }}
          >
            <Table.Thead>
              <Table.Tr>
                {cells(header).map((h, i) => (
                  <Table.Th key={i} scope="col">
                    <Stack gap={2}>
                      {roleOf.has(i) ? (
                        <Badge size="xs" variant="light">
                          {roleOf.get(i)}
                        </Badge>
                      ) : null}
                      <span>{h === '' ? `Column ${i + 1}` : h}</span>
                    </Stack>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, r) => (
                <Table.Tr key={r}>
                  {cells(row).map((c, i) => (
                    <Table.Td key={i}>{c}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Collapse>
    </div>
  );
}

import type {
  CsvColumn,
  CsvColumns,
  CsvDateFormat,
  CsvOptions,
  ImportEncoding,
  ImportFormat,
  ImportOptionsBody,
  ImportPreview,
  ResolvedImportOptions,
} from '@kassa/contract';

// The file settings of the import screen: the choices offered and the options a new preview sends.
// The contract's lists are written out here (a value import of the contract would load zod into
// the page); the Record types make the compiler catch a format, encoding or layout added there.

/** The contract's MAX_IMPORT_BYTES: the largest file import/preview accepts. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

export type Delimiter = NonNullable<CsvOptions['delimiter']>;
export type DecimalSeparator = NonNullable<CsvOptions['decimalSeparator']>;
export type ThousandsSeparator = NonNullable<CsvOptions['thousandsSeparator']>;

/** A select's choices: its values are plain keys, since a select cannot hold '' or a tab well. */
export interface Choice<T> {
  key: string;
  value: T;
  label: string;
}

const choices = <T extends string>(labels: Record<T, string>, key: (v: T) => string = (v) => v): Choice<T>[] =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ key: key(value), value, label }));

export const FORMATS = choices<ImportFormat>({
  csv: 'CSV',
  ofx: 'OFX',
  qif: 'QIF',
  camt052: 'CAMT.052',
  camt053: 'CAMT.053',
  mt940: 'MT940',
});

export const ENCODINGS = choices<ImportEncoding>({
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252 (Western)',
  'iso-8859-1': 'ISO-8859-1 (Latin-1)',
  'iso-8859-2': 'ISO-8859-2 (Central European)',
});

const SEPARATOR_KEYS: Record<string, string> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  '|': 'pipe',
  '.': 'point',
  ' ': 'space',
  "'": 'apostrophe',
  '': 'none',
};
const separatorKey = (v: string) => SEPARATOR_KEYS[v] ?? v;

export const DELIMITERS = choices<Delimiter>(
  { ',': 'Comma (,)', ';': 'Semicolon (;)', '\t': 'Tab', '|': 'Vertical bar (|)' },
  separatorKey,
);

export const DECIMAL_SEPARATORS = choices<DecimalSeparator>({ '.': 'Point (1.5)', ',': 'Comma (1,5)' }, separatorKey);

export const THOUSANDS_SEPARATORS = choices<ThousandsSeparator>(
  { '': 'None (1000)', ',': 'Comma (1,000)', '.': 'Point (1.000)', ' ': 'Space (1 000)', "'": "Apostrophe (1'000)" },
  separatorKey,
);

const dateFormats: Record<CsvDateFormat, string> = {
  'YYYY-MM-DD': '2024-03-31',
  'DD.MM.YYYY': '31.03.2024',
  'DD.MM.YY': '31.03.24',
  'DD/MM/YYYY': '31/03/2024',
  'MM/DD/YYYY': '03/31/2024',
  'DD-MM-YYYY': '31-03-2024',
  'MM-DD-YYYY': '03-31-2024',
  'YYYY/MM/DD': '2024/03/31',
  YYYYMMDD: '20240331',
  'DD/MM/YY': '31/03/24',
  'MM/DD/YY': '03/31/24',
};
export const DATE_FORMATS: Choice<CsvDateFormat>[] = (Object.entries(dateFormats) as [CsvDateFormat, string][]).map(
  ([value, example]) => ({ key: value, value, label: `${value} (${example})` }),
);

/** The value of a choice by its key. */
export function choiceOf<T>(list: readonly Choice<T>[], key: string | null): T | undefined {
  return list.find((c) => c.key === key)?.value;
}

/** The key of a value in a list of choices. */
export function keyOf<T>(list: readonly Choice<T>[], value: T | undefined): string | null {
  return list.find((c) => c.value === value)?.key ?? null;
}

export const FORMAT_LABEL = Object.fromEntries(FORMATS.map((f) => [f.value, f.label])) as Record<ImportFormat, string>;

/** The roles a CSV column can play. */
export type ColumnRole = keyof CsvColumns;

/** The mapping as the screen edits it: each role's column by its 0-based index in the table. */
export type ColumnMap = Partial<Record<ColumnRole, number>>;

/** The mapping's rows on screen, in order; the amount is either one column or debit and credit. */
export const COLUMN_ROLES: { role: ColumnRole; label: string; required?: boolean }[] = [
  { role: 'date', label: 'Date', required: true },
  { role: 'amount', label: 'Amount', required: true },
  { role: 'debit', label: 'Debit (money out)', required: true },
  { role: 'credit', label: 'Credit (money in)', required: true },
  { role: 'payee', label: 'Payee' },
  { role: 'description', label: 'Description' },
  { role: 'currency', label: 'Currency' },
  { role: 'id', label: 'Bank id' },
];

/** Whether the amount comes in one signed column or as debit and credit columns. */
export type AmountMode = 'single' | 'split';

export const amountModeOf = (map: ColumnMap): AmountMode =>
  map.amount === undefined && (map.debit !== undefined || map.credit !== undefined) ? 'split' : 'single';

/** A column (by header text or index) as an index into the header; undefined when the header lacks it. */
export function columnIndex(column: CsvColumn | undefined, header: readonly string[]): number | undefined {
  if (column === undefined) return undefined;
  if (typeof column === 'number') return column;
  const exact = header.indexOf(column);
  if (exact >= 0) return exact;
  const wanted = column.trim().toLowerCase();
  const loose = header.findIndex((h) => h.trim().toLowerCase() === wanted);
  return loose >= 0 ? loose : undefined;
}

/** The resolved mapping of a preview as column indices. */
export function columnMapOf(columns: CsvColumns, header: readonly string[]): ColumnMap {
  const map: ColumnMap = {};
  for (const { role } of COLUMN_ROLES) {
    const index = columnIndex(columns[role], header);
    if (index !== undefined) map[role] = index;
  }
  return map;
}

/** The mapping without some roles. */
export function withoutRoles(map: ColumnMap, ...roles: ColumnRole[]): ColumnMap {
  return Object.fromEntries(Object.entries(map).filter(([role]) => !roles.includes(role as ColumnRole)));
}

/** The mapping to send, or null while it is incomplete (no date, or only one of debit and credit). */
export function columnsToSend(map: ColumnMap): CsvColumns | null {
  const { date, amount, debit, credit, ...rest } = map;
  if (date === undefined) return null;
  const money =
    amount !== undefined ? { amount } : debit !== undefined && credit !== undefined ? { debit, credit } : null;
  if (money === null) return null;
  return { date, ...money, ...rest };
}

/** A change the user made to the file settings. */
export type SettingChange =
  | { field: 'format'; value: ImportFormat }
  | { field: 'encoding'; value: ImportEncoding }
  | { field: 'delimiter'; value: Delimiter }
  | { field: 'skipLines'; value: number }
  | { field: 'decimalSeparator'; value: DecimalSeparator }
  | { field: 'thousandsSeparator'; value: ThousandsSeparator }
  | { field: 'dateFormat'; value: CsvDateFormat }
  | { field: 'columns'; value: ColumnMap }
  /** Everything found from the file again, whatever a pocket's saved settings say. */
  | { field: 'detect' };

type ResolvedCsv = NonNullable<ResolvedImportOptions['csv']>;

/** Every CSV setting a preview used, as a request states them (the encoding goes at the top). */
function fullCsv(csv: ResolvedCsv, header: readonly string[]): CsvOptions {
  const columns = columnsToSend(columnMapOf(csv.columns, header));
  return {
    delimiter: csv.delimiter,
    decimalSeparator: csv.decimalSeparator,
    thousandsSeparator: csv.thousandsSeparator,
    dateFormat: csv.dateFormat,
    skipLines: csv.skipLines,
    ...(columns === null ? {} : { columns }),
  };
}

const withPocket = (pocketId: number | null) => (pocketId === null ? {} : { pocketId });

/**
 * The options of the next preview after one change to what `shown` used. What the change makes
 * stale is left out, so the server detects it again: another format takes nothing along; another
 * delimiter re-detects the layout and the columns; other title lines keep only the delimiter.
 * Any other change keeps everything as shown, the columns by index (they survive a new encoding).
 * Null when the change leaves the mapping incomplete (wait for the rest of it).
 */
export function optionsAfter(
  shown: ImportPreview,
  change: SettingChange,
  pocketId: number | null,
): ImportOptionsBody | null {
  const { options } = shown;
  const header = shown.table?.header ?? [];
  if (change.field === 'detect') return detectOptions(pocketId);
  if (change.field === 'format') return { ...withPocket(pocketId), format: change.value };
  const base = { ...withPocket(pocketId), format: options.format };
  if (change.field === 'encoding')
    return {
      ...base,
      encoding: change.value,
      ...(options.csv === undefined ? {} : { csv: fullCsv(options.csv, header) }),
    };
  const csv = options.csv;
  if (csv === undefined) return null;
  const keep = { ...base, encoding: options.encoding };
  switch (change.field) {
    case 'delimiter':
      return { ...keep, csv: { delimiter: change.value } };
    case 'skipLines':
      return { ...keep, csv: { delimiter: csv.delimiter, skipLines: change.value } };
    case 'columns': {
      const columns = columnsToSend(change.value);
      return columns === null ? null : { ...keep, csv: { ...fullCsv(csv, header), columns } };
    }
    default:
      return { ...keep, csv: { ...fullCsv(csv, header), [change.field]: change.value } };
  }
}

/**
 * Options that have the server detect everything from the file: CSV options of the request's own
 * (empty) keep a pocket's saved profile out (it applies only to a request without options), and a
 * file of another format ignores them.
 */
export const detectOptions = (pocketId: number | null): ImportOptionsBody => ({ ...withPocket(pocketId), csv: {} });

/** What the settings of a failed first read say: each field set, or left to detection (undefined). */
export interface FirstReadSettings {
  format?: ImportFormat;
  encoding?: ImportEncoding;
  delimiter?: Delimiter;
  skipLines?: number;
}

/** The options of a read after a failed one, from what the user set (the rest detected, no profile). */
export function optionsFromFirstRead(settings: FirstReadSettings, pocketId: number | null): ImportOptionsBody {
  const { format, encoding, delimiter, skipLines } = settings;
  return {
    ...detectOptions(pocketId),
    ...(format === undefined ? {} : { format }),
    ...(encoding === undefined ? {} : { encoding }),
    csv: {
      ...(delimiter === undefined ? {} : { delimiter }),
      ...(skipLines === undefined ? {} : { skipLines }),
    },
  };
}

/**
 * The options of a preview for another pocket: settings the user set are kept; detected ones (or
 * a pocket's saved ones) are left to the server, which may know the new pocket's own.
 */
export function optionsForPocket(shown: ImportPreview | undefined, pocketId: number | null): ImportOptionsBody {
  if (shown?.options.source !== 'given') return withPocket(pocketId);
  const { options } = shown;
  return {
    ...withPocket(pocketId),
    format: options.format,
    encoding: options.encoding,
    ...(options.csv === undefined ? {} : { csv: fullCsv(options.csv, shown.table?.header ?? []) }),
  };
}

/** How the screen says where the settings came from. */
export const SOURCE_TEXT: Record<ResolvedImportOptions['source'], string> = {
  detected: 'Detected from the file; change anything that is wrong and the rows are read again.',
  profile: 'The settings this pocket’s last import used; change anything that is wrong and the rows are read again.',
  given: 'As you set them; the rows below are read with these settings.',
};

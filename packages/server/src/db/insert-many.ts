import { CompiledQuery, type Kysely } from 'kysely';
import { breather } from '../util/breathe.js';
import { isPostgres } from './dialect.js';

// Multi-row INSERTs of plain values for the bulk writers (an import commit's 100k rows and
// links, a restore's 340k). Kysely builds a query tree of every value and compiles it anew per
// statement: for 100k transactions that was 0.9 s of the commit, more than SQLite took to store
// them. Here the statement text is made once per table, columns and row count (so SQLite's
// statement cache reuses it too) and the values go in as one flat list of parameters.

/** Bound parameters per SQLite statement: within its limit of 32,766. */
const MAX_PARAMETERS = 8_000;

/** Rows per PostgreSQL statement: one JSON text of about a megabyte. */
const PG_ROWS = 5_000;

const texts = new Map<string, string>();

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** SQLite: `rows` tuples of `?` marks. */
function statementText(table: string, columns: readonly string[], rows: number): string {
  const key = `sqlite:${table}:${columns.join(',')}:${rows}`;
  let text = texts.get(key);
  if (text === undefined) {
    const tuples: string[] = [];
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    for (let r = 0; r < rows; r++) tuples.push(tuple);
    text = `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values ${tuples.join(', ')}`;
    texts.set(key, text);
  }
  return text;
}

function pgStatementText(table: string, columns: readonly string[]): string {
  const key = `pg-json:${table}:${columns.join(',')}`;
  let text = texts.get(key);
  if (text === undefined) {
    const names = columns.map(quoted).join(', ');
    text = `insert into ${quoted(table)} (${names}) select ${names} from json_populate_recordset(null::${quoted(table)}, $1::json)`;
    texts.set(key, text);
  }
  return text;
}

type Values<DB, T extends keyof DB> = Partial<Record<keyof DB[T] & string, unknown>>;

/**
 * Inserts `rows` into `table`: each row's values are `toValues(row)` read by `columns` (a missing
 * value is NULL), in statements of as many rows as fit MAX_PARAMETERS, giving way to other
 * requests between them. Rows are turned into values one statement at a time (a restore's 340k
 * rows never exist twice). Plain values only: no expressions, no RETURNING.
 */
export async function insertMany<DB, T extends keyof DB & string, R = Values<DB, T>>(
  db: Kysely<DB>,
  table: T,
  columns: readonly (keyof DB[T] & string)[],
  rows: readonly R[],
  toValues: (row: R) => Values<DB, T> = (row) => row as Values<DB, T>,
): Promise<void> {
  if (rows.length === 0) return;
  if (isPostgres(db)) return insertAsJson(db, table, columns, rows, toValues);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  const pace = breather();
  for (let start = 0; start < rows.length; start += perStatement) {
    const end = Math.min(rows.length, start + perStatement);
    const parameters: unknown[] = [];
    for (let r = start; r < end; r++) {
      const values = toValues(rows[r] as R);
      for (const column of columns) parameters.push(values[column] ?? null);
    }
    await db.executeQuery(CompiledQuery.raw(statementText(table, columns, end - start), parameters));
    await pace.maybe();
  }
}

/** PostgreSQL: each statement's rows as one JSON array of objects keyed by column. */
async function insertAsJson<DB, T extends keyof DB & string, R>(
  db: Kysely<DB>,
  table: T,
  columns: readonly (keyof DB[T] & string)[],
  rows: readonly R[],
  toValues: (row: R) => Values<DB, T>,
): Promise<void> {
  const pace = breather();
  const text = pgStatementText(table, columns);
  for (let start = 0; start < rows.length; start += PG_ROWS) {
    const objects: Record<string, unknown>[] = [];
    for (let r = start; r < Math.min(rows.length, start + PG_ROWS); r++) {
      const values = toValues(rows[r] as R);
      const object: Record<string, unknown> = {};
      for (const column of columns) object[column] = values[column] ?? null;
      objects.push(object);
    }
    await db.executeQuery(CompiledQuery.raw(text, [JSON.stringify(objects)]));
    await pace.maybe();
  }
}

import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { WalDurability } from './wal-durability.js';

// SQLite with one writer connection and one read-only connection on the same WAL file.
//
// Kysely's own SQLite driver has a single connection behind a mutex: while one request holds it
// for a long database transaction (a restore of 340k rows, an import commit), every other
// request's query waits, however small. WAL lets a second connection read the last committed
// state while the writer works, so a plain SELECT outside a transaction goes to the reader
// without waiting. Everything else (writes, transactions, a connection pinned with
// `db.connection()`, streams) takes the writer as before. What a request reads is what was
// committed when it read, as with PostgreSQL's read committed.

/** Runs compiled queries on one better-sqlite3 handle (Kysely's own connection class is not exported). */
function execute(sqlite: SQLite.Database, compiledQuery: CompiledQuery): QueryResult<unknown> {
  const { sql, parameters } = compiledQuery;
  const stmt = sqlite.prepare(sql);
  if (stmt.reader) return { rows: stmt.all(parameters) };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** Turns at the writer: one holder at a time, the others wait in order. */
class Turns {
  private queue: Promise<void> = Promise.resolve();
  /** Waits for the turn; the function returned ends it. */
  async take(): Promise<() => void> {
    let end: () => void = () => undefined;
    const previous = this.queue;
    this.queue = new Promise((resolve) => (end = resolve));
    await previous;
    return end;
  }
}

class RoutedConnection implements DatabaseConnection {
  /** Set while this connection holds the writer's turn: until release. */
  private end: (() => void) | undefined;

  constructor(
    private readonly writer: SQLite.Database,
    private readonly reader: SQLite.Database | undefined,
    private readonly turns: Turns,
    private readonly durability: WalDurability | undefined,
  ) {}

  get holdsWriter(): boolean {
    return this.end !== undefined;
  }

  async takeWriter(): Promise<void> {
    if (this.end === undefined) this.end = await this.turns.take();
  }

  release(): void {
    const end = this.end;
    this.end = undefined;
    end?.();
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.reader !== undefined && this.end === undefined && SelectQueryNode.is(compiledQuery.query))
      return execute(this.reader, compiledQuery) as QueryResult<R>;
    await this.takeWriter();
    const pragma = this.durability?.pragma(compiledQuery.sql);
    if (pragma !== undefined) return pragma as QueryResult<R>;
    const result = execute(this.writer, compiledQuery) as QueryResult<R>;
    // A write that left no transaction open committed (a COMMIT, or a statement on its own).
    if (this.durability !== undefined && result.numAffectedRows !== undefined && !this.writer.inTransaction)
      await this.durability.committed();
    return result;
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query))
      throw new Error('Sqlite driver only supports streaming of select queries');
    // An open iterator keeps its connection busy: streams stay on the writer, in its turn.
    await this.takeWriter();
    for (const row of this.writer.prepare(compiledQuery.sql).iterate(compiledQuery.parameters))
      yield { rows: [row as R] };
  }
}

/** Kysely hands back the connections this driver made. */
function routed(connection: DatabaseConnection): RoutedConnection {
  if (!(connection instanceof RoutedConnection)) throw new Error('not a connection of this driver');
  return connection;
}

class RoutedSqliteDriver implements Driver {
  private readonly turns = new Turns();

  constructor(
    private readonly writer: SQLite.Database,
    private readonly reader: SQLite.Database | undefined,
    private readonly durability: WalDurability | undefined,
  ) {}

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new RoutedConnection(this.writer, this.reader, this.turns, this.durability));
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await routed(connection).takeWriter();
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  /**
   * SQLite ends the whole transaction by itself on some failures (SQLITE_FULL, SQLITE_IOERR at
   * commit, RAISE(ROLLBACK)). A ROLLBACK then fails with "cannot rollback - no transaction is
   * active" and would replace the real cause: skip it when there is no transaction left.
   */
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.writer.inTransaction) return;
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    routed(connection).release();
    return Promise.resolve();
  }

  async destroy(): Promise<void> {
    this.reader?.close();
    await this.durability?.close();
    this.writer.close();
  }
}

/**
 * Kysely's SQLite dialect over a writer and, for a file, a read-only connection beside it and the
 * commits' durability off the event loop (wal-durability.ts).
 */
export class RoutedSqliteDialect extends SqliteDialect {
  constructor(
    private readonly writer: SQLite.Database,
    private readonly reader: SQLite.Database | undefined,
    private readonly durability?: WalDurability,
  ) {
    super({ database: writer });
  }

  override createDriver(): Driver {
    return new RoutedSqliteDriver(this.writer, this.reader, this.durability);
  }
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.js';
import { pgTypes } from './postgres-types.js';
import { RoutedSqliteDialect } from './sqlite-driver.js';
import { WAL_SIZE_LIMIT_BYTES, WalDurability } from './wal-durability.js';
import type { DB } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

/** An open database: the Kysely handle plus which dialect it speaks. */
export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
  /**
   * Called when the server ends an idle PostgreSQL connection (restart, failover, idle timeout,
   * pg_terminate_backend). The pool has already dropped it and opens a new one on demand, so
   * this is for the log only; SQLite never calls it.
   */
  onConnectionLost(listener: (err: Error) => void): void;
}

export interface OpenOptions {
  /** PostgreSQL only: run every statement in this schema (tests isolate themselves this way). */
  pgSchema?: string;
}

/**
 * Reuses better-sqlite3 statements per SQL text. Kysely prepares a statement for every query;
 * reusing them saves the prepare (revaluing a bulk-loaded history, 600,000 one-row updates, took
 * 15 s instead of 20) and the native memory each unfinalised statement holds until the garbage
 * collector runs. A statement still being iterated (a stream) is busy and not handed out again.
 */
function reuseStatements(sqlite: SQLite.Database, size = 200): void {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const known = cache.get(source);
    if (known !== undefined && !known.busy) {
      cache.delete(source); // most recently used last
      cache.set(source, known);
      return known;
    }
    const fresh = prepare(source);
    cache.set(source, fresh);
    if (cache.size > size) cache.delete(cache.keys().next().value ?? '');
    return fresh;
  }) as typeof sqlite.prepare;
}

/** Opens the database the target names. SQLite: WAL, foreign keys on, durable commits, a reader beside the writer. */
export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Database {
  if (target.kind === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(path.dirname(target.file), { recursive: true });
    const inMemory = target.file === ':memory:';
    const sqlite = new SQLite(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    // A committed transaction survives power loss; money data is worth the fsync. For a file the
    // commit's fsync leaves the event loop (wal-durability.ts): SQLite itself syncs at checkpoints
    // only, and the driver syncs the WAL after each commit, on the thread pool.
    sqlite.pragma(inMemory ? 'synchronous = FULL' : 'synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    reuseStatements(sqlite);
    // A file gets a read-only connection beside the writer (sqlite-driver.ts); opened after the
    // writer, which created the file and set WAL.
    const reader = inMemory ? undefined : new SQLite(target.file, { readonly: true });
    if (reader !== undefined) {
      reader.pragma('busy_timeout = 5000');
      reuseStatements(reader);
    }
    const durability = inMemory ? undefined : new WalDurability(target.file);
    if (durability !== undefined) {
      sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
    }
    const db = new Kysely<DB>({ dialect: new RoutedSqliteDialect(sqlite, reader, durability) });
    return { db, dialect: 'sqlite', close: () => db.destroy(), onConnectionLost: () => undefined };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    types: pgTypes,
    max: 10,
    // An unreachable server (a dropped network rather than a refused connection) would otherwise
    // hold every request until the socket gives up; fail them as 503 instead.
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    ...(options.pgSchema === undefined ? {} : { options: `-c search_path=${options.pgSchema}` }),
  });
  const listeners: ((err: Error) => void)[] = [];
  // An EventEmitter 'error' without a listener kills the process. pg-pool re-emits errors of
  // idle clients on the pool (after dropping the client), so the pool needs one...
  pool.on('error', (err) => {
    for (const listener of listeners) listener(err);
  });
  // ...and a checked-out client has no pool listener at all: when its server process ends
  // between two queries (or its socket closes after a failed query) it emits 'error' itself.
  // The query that used it has already failed, or the next one will ("not queryable"), and
  // the pool drops it on release; this listener only keeps the process alive.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    close: () => db.destroy(),
    onConnectionLost: (listener) => listeners.push(listener),
  };
}

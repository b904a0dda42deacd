import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.js';
import { pgTypes } from './postgres-types.js';
import type { DB } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

/** An open database: the Kysely handle plus which dialect it speaks. */
export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: run every statement in this schema (tests isolate themselves this way). */
  pgSchema?: string;
}

/** Opens the database the target names. SQLite: WAL, foreign keys on, synchronous FULL. */
export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Database {
  if (target.kind === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(path.dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    // FULL: a committed transaction survives power loss; money data is worth the fsync.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    types: pgTypes,
    max: 10,
    ...(options.pgSchema === undefined ? {} : { options: `-c search_path=${options.pgSchema}` }),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

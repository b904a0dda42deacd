import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseTarget } from '../config.js';
import { openDatabase, type Database, type DialectName } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { dropSchema, pgAdmin } from './postgres.js';

/** PostgreSQL tests run only when this is set (CI sets it); SQLite tests always run. */
const PG_URL = process.env['TEST_DATABASE_URL'];

/**
 * The dialects this run tests against: SQLite, and PostgreSQL with TEST_DATABASE_URL.
 * TEST_DIALECTS (comma-separated) narrows them: CI runs the suite once without PostgreSQL, as a
 * newcomer does, then only its PostgreSQL half (`npm run test:pg`), never SQLite twice.
 */
export const testDialects: DialectName[] = chosenDialects(
  PG_URL === undefined || PG_URL === '' ? ['sqlite'] : ['sqlite', 'postgres'],
  process.env['TEST_DIALECTS'],
);

function chosenDialects(available: DialectName[], chosen: string | undefined): DialectName[] {
  if (chosen === undefined || chosen.trim() === '') return available;
  const names = chosen.split(',').map((n) => n.trim());
  const unknown = names.find((n) => n !== 'sqlite' && n !== 'postgres');
  if (unknown !== undefined) throw new Error(`TEST_DIALECTS: ${unknown} is not sqlite or postgres`);
  const missing = names.find((n) => !available.includes(n as DialectName));
  if (missing !== undefined)
    throw new Error(`TEST_DIALECTS names ${missing}, which this run cannot test: set TEST_DATABASE_URL`);
  return available.filter((d) => names.includes(d));
}

export interface TestDatabase {
  database: Database;
  /** Closes the connection and removes the file or schema. */
  drop: () => Promise<void>;
}

/**
 * A fresh, migrated database of the dialect: a temp SQLite file, or a new PostgreSQL schema
 * (so test files can run in parallel against one server without seeing each other's rows).
 */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'kassa-test-'));
    const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.db') });
    await migrateToLatest(database.db);
    return {
      database,
      drop: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (PG_URL === undefined) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await pgAdmin(`create schema ${schema}`);
  const database = openDatabase({ kind: 'postgres', url: PG_URL }, { pgSchema: schema });
  await migrateToLatest(database.db);
  return {
    database,
    drop: async () => {
      await database.close();
      await dropSchema(schema);
    },
  };
}

/**
 * A fresh, migrated database several handles can open by its target alone, as separate server
 * instances and the CLI do: a temp SQLite file, or a new PostgreSQL schema named in the URL.
 */
export async function createTestTarget(
  dialect: DialectName,
): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  let target: DatabaseTarget;
  let drop: () => Promise<void>;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'kassa-test-'));
    target = { kind: 'sqlite', file: path.join(dir, 'test.db') };
    drop = () => Promise.resolve(rmSync(dir, { recursive: true, force: true }));
  } else {
    if (PG_URL === undefined) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `test_${randomBytes(6).toString('hex')}`;
    await pgAdmin(`create schema ${schema}`);
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    target = { kind: 'postgres', url: url.toString() };
    drop = () => dropSchema(schema);
  }
  const database = openDatabase(target);
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  return { target, drop };
}

import pg from 'pg';
import { SCHEMA_CHANGES_LOCK } from '../db/migrate.js';

/** TEST_DATABASE_URL, or '' when this run tests SQLite only (see databases.ts). */
export const TEST_PG_URL = process.env['TEST_DATABASE_URL'] ?? '';

/** Runs one statement on a connection of its own (schemas, roles, cutting other connections). */
export async function pgAdmin<R extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult<R>> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    return await client.query<R>(text, values);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test schema, holding the lock migrations hold (db/migrate.ts): another file's
 * migrator reading every schema's tables at that moment would fail.
 */
export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [SCHEMA_CHANGES_LOCK]);
    await client.query(`drop schema ${schema} cascade`);
  } finally {
    await client.end(); // ends the session, and the lock with it
  }
}

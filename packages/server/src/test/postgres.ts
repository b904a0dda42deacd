import pg from 'pg';

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

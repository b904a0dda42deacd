import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { migrateToLatest } from './migrate.js';

// The schema can be distributed by user_id (Citus, docs/DEPLOYMENT.md "Past one database
// server") only while every user-owned table carries user_id. A new table either has it or is
// named here, with why it belongs to no user.
const NOT_USER_OWNED: Record<string, string> = {
  users: 'the distribution key itself (users.id)',
  books: 'the tenant itself: its id is the user_id of every row it holds (issue 34)',
  book_invites: 'carries book_id, the user_id of the rows of the book it invites to',
  exchange_rates: 'reference table: the rates every user converts with',
  rates_version: 'reference table: the store number of those rates',
  ledger_meta: 'reference table: which rate table the main values follow',
  referral_codes: 'made by an admin for a person who has no account yet',
  job_runs: 'coordination of the server instances',
  health_probe: 'the readiness check’s write',
  kysely_migration: 'migrations',
  kysely_migration_lock: 'migrations',
  sqlite_sequence: 'SQLite’s own',
  transactions_fts_data: 'FTS5’s own: a shadow table of the search index (the index carries user_id)',
  transactions_fts_idx: 'FTS5’s own: a shadow table of the search index (the index carries user_id)',
  transactions_fts_docsize: 'FTS5’s own: a shadow table of the search index (the index carries user_id)',
  transactions_fts_config: 'FTS5’s own: a shadow table of the search index (the index carries user_id)',
  conversions_fts_data: 'FTS5’s own: a shadow table of the search index (the index carries user_id)',
  conversions_fts_idx: 'FTS5’s own: a shadow table of the search index (the index carries user_id)',
  conversions_fts_docsize: 'FTS5’s own: a shadow table of the search index (the index carries user_id)',
  conversions_fts_config: 'FTS5’s own: a shadow table of the search index (the index carries user_id)',
};

describe('every user-owned table carries user_id', () => {
  let database: Database;
  beforeAll(async () => {
    database = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(database.db);
  });
  afterAll(() => database.close());

  it('has user_id in every table not named as belonging to no user', async () => {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
      database.db,
    );
    const missing: string[] = [];
    for (const { name } of tables.rows) {
      if (name in NOT_USER_OWNED) continue;
      const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(database.db);
      if (!columns.rows.some((c) => c.name === 'user_id')) missing.push(name);
    }
    expect(missing).toEqual([]);
    // The list stays true: every table it names exists.
    const names = new Set(tables.rows.map((t) => t.name));
    expect(Object.keys(NOT_USER_OWNED).filter((t) => !names.has(t))).toEqual([]);
  });
});

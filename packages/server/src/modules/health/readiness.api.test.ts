import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type Database, type DialectName } from '../../db/database.js';
import { migrateToLatest, migrateUpTo, migrationNames } from '../../db/migrate.js';
import { describeEachDatabase } from '../../test/harness.js';
import { TEST_JWT_SECRET, testConfig } from '../../test/config.js';
import { testDialects } from '../../test/databases.js';
import { dropSchema, pgAdmin, TEST_PG_URL as PG_URL } from '../../test/postgres.js';

describeEachDatabase('readiness', (ctx) => {
  it('answers ready when the database is reachable, migrated and stores a write', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', version: '1.10.8' });
    const probe = await sql<{ checked_at: number }>`select checked_at from health_probe`.execute(ctx.database.db);
    expect(probe.rows).toHaveLength(1);
    expect(Math.abs(Date.now() - Number(probe.rows[0]?.checked_at))).toBeLessThan(60_000);
  });

  // SQLite only: PostgreSQL's read-only case has its own suite below (a read-only connection).
  if (ctx.dialect === 'sqlite')
    it('answers 503 naming the write check on a read-only database; liveness stays 200', async () => {
      await sql`pragma query_only = on`.execute(ctx.database.db);
      try {
        const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({
          type: 'unavailable',
          message: 'Not ready: the database does not accept writes (it is read-only)',
        });
        const live = await ctx.app.inject({ method: 'GET', url: '/api/health' });
        expect(live.statusCode).toBe(200);
        expect(live.json()).toEqual({ status: 'ok', version: '1.10.8' });
      } finally {
        await sql`pragma query_only = off`.execute(ctx.database.db);
      }
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    });
});

/** A database of the dialect that lacks the newest migration: code newer than its schema. */
async function behindByOne(dialect: DialectName): Promise<{ database: Database; drop: () => Promise<void> }> {
  const previous = migrationNames.at(-2) ?? '';
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'kassa-ready-'));
    const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'old.db') });
    await migrateUpTo(database.db, previous);
    return {
      database,
      drop: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await pgAdmin(`create schema ${schema}`);
  const database = openDatabase({ kind: 'postgres', url: PG_URL }, { pgSchema: schema });
  await migrateUpTo(database.db, previous);
  return {
    database,
    drop: async () => {
      await database.close();
      await dropSchema(schema);
    },
  };
}

for (const dialect of testDialects) {
  describe(`readiness of an unmigrated database [${dialect}]`, () => {
    it('answers 503 naming the pending migration until the migrations run', async () => {
      const { database, drop } = await behindByOne(dialect);
      const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET, logger: false });
      try {
        const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({
          type: 'unavailable',
          message: `Not ready: the database is not migrated (pending: ${migrationNames.at(-1) ?? ''})`,
        });
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        await migrateToLatest(database.db);
        expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      } finally {
        await app.close();
        await drop();
      }
    });
  });
}

// Read-only for this test's own connections only: a session setting in the connection URL.
describe.skipIf(!testDialects.includes('postgres'))('readiness of a read-only database [postgres]', () => {
  it('answers 503 naming the write check while liveness stays 200', async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const setup = openDatabase({ kind: 'postgres', url: PG_URL }, { pgSchema: schema });
    await sql.raw(`create schema ${schema}`).execute(setup.db);
    await migrateToLatest(setup.db);
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema} -c default_transaction_read_only=on`);
    const database = openDatabase({ kind: 'postgres', url: url.toString() });
    const app = await buildApp({ config: testConfig(), database, jwtSecret: TEST_JWT_SECRET, logger: false });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        type: 'unavailable',
        message: 'Not ready: the database does not accept writes (it is read-only)',
      });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await dropSchema(schema);
      await setup.close();
    }
  });
});

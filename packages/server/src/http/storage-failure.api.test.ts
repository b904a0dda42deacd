import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { CompleteUserFactory } from '../modules/account/complete-user.js';
import { TestClient } from '../test/client.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';
import { okJson } from '../test/ledger.js';
import { snapshotTables } from '../test/snapshot.js';

/** Collects the app's JSON log lines, so a test can count what was logged. */
class LogLines extends Writable {
  readonly lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString().split('\n')) if (line !== '') this.lines.push(JSON.parse(line) as never);
    done();
  }
  matching(text: string) {
    return this.lines.filter((l) => JSON.stringify(l).includes(text));
  }
}

const DISK_FULL = 'The database cannot store changes: the disk is full';

// SQLite only: max_page_count is how a test can make "the disk" full without filling one.
describe('a full disk [sqlite]', () => {
  let dir: string;
  let database: Database;
  let app: FastifyInstance;
  const logs = new LogLines();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kassa-full-'));
    database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'full.db') });
    await migrateToLatest(database.db);
    app = await buildApp({
      config: testConfig(),
      database,
      jwtSecret: TEST_JWT_SECRET,
      logger: { level: 'info', stream: logs },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with the cause to every write, stores nothing, logs the cause once, and recovers', async () => {
    await new CompleteUserFactory(database.db).createComplete({
      email: 'full@example.com',
      password: 'password-123',
      mainCurrency: 'EUR',
      firstName: 'F',
    });
    const client = new TestClient(app);
    await client.login('full@example.com', 'password-123');
    const categories = okJson<{ id: number; name: string }[]>(await client.get('/api/category/getall'));
    const expense = categories.find((c) => c.name === 'Other expense')?.id;
    const spend = (i: number) =>
      client.post('/api/transaction/add', {
        amount: 10 + i,
        currency: 'EUR',
        categoryId: expense,
        time: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00Z`,
        description: `lunch number ${String(i).padStart(4, '0')}`,
      });
    okJson(await spend(0));

    // The disk fills up: no page beyond the current ones, and a filler takes the free ones.
    const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(database.db)).rows[0]?.page_count;
    await sql.raw(`pragma max_page_count = ${String(pages)}`).execute(database.db);
    await sql`create table filler (x blob)`.execute(database.db).catch(() => undefined);
    for (;;) {
      try {
        await sql`insert into filler values (randomblob(200))`.execute(database.db);
      } catch {
        break;
      }
    }
    // The last free bytes inside the ledger's pages go to the first writes, as on a real disk.
    let firstRefusal = 0;
    for (let i = 1; i <= 200; i++) {
      if ((await spend(i)).statusCode !== 200) {
        firstRefusal = i;
        break;
      }
    }
    expect(firstRefusal).toBeGreaterThan(0);

    const before = await snapshotTables(database);
    const answers = [];
    for (let i = firstRefusal; i < firstRefusal + 60; i++) answers.push(await spend(i));
    expect(answers.map((r) => [r.statusCode, r.json<unknown>()])).toEqual(
      answers.map(() => [503, { type: 'unavailable', message: DISK_FULL }]),
    );
    expect(await snapshotTables(database)).toEqual(before);
    // The cause, once, at error level; never the rollback's own complaint.
    expect(logs.matching('database storage failure: disk full').map((l) => l.level)).toEqual([50]);
    expect(logs.matching('cannot rollback')).toEqual([]);
    // Reads still work on a full disk.
    expect((await client.get('/api/category/getall')).statusCode).toBe(200);

    // Space again: writes succeed without a restart, and a new failure is logged anew.
    await sql.raw(`pragma max_page_count = ${String((pages ?? 0) + 10_000)}`).execute(database.db);
    okJson(await spend(1000));
    await sql.raw(`pragma max_page_count = 1`).execute(database.db);
    for (;;) {
      try {
        await sql`insert into filler values (randomblob(200))`.execute(database.db);
      } catch {
        break;
      }
    }
    for (let i = 1001; i < 1100; i++) if ((await spend(i)).statusCode !== 200) break;
    expect(logs.matching('database storage failure: disk full')).toHaveLength(2);
  });
});

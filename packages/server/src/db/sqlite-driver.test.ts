import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';

// A long write transaction on SQLite no longer makes every other request's query wait: plain
// SELECTs outside a transaction read the last committed state on the reader connection.

/** The test table, typed: typed selects are what the router sends to the reader. */
const typed = (db: Database['db']) => db as unknown as Kysely<{ t: { v: number } }>;

describe('SQLite: reads beside a long write transaction', () => {
  let dir = '';
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const open = async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kassa-driver-'));
    database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'db.sqlite') });
    await sql`create table t (v integer not null)`.execute(database.db);
    await sql`insert into t (v) values (1)`.execute(database.db);
    return database.db;
  };

  it('a select answers while a transaction holds the writer, and sees what was committed', async () => {
    const db = await open();
    let finish: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const order: string[] = [];
    const writing = db.transaction().execute(async (trx) => {
      await sql`insert into t (v) values (2)`.execute(trx);
      expect((await sql<{ n: number }>`select count(*) as n from t`.execute(trx)).rows[0]?.n).toBe(2);
      await held;
      order.push('commit');
    });
    // Typed Kysely selects go to the reader: answered before the transaction ends, without its row.
    const rows = await typed(db).selectFrom('t').select('v').execute();
    order.push('read');
    expect(rows).toEqual([{ v: 1 }]);
    // A write outside the transaction waits for the writer's turn.
    const write = sql`insert into t (v) values (3)`.execute(db).then(() => order.push('write'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['read']);
    finish();
    await writing;
    await write;
    expect(order).toEqual(['read', 'commit', 'write']);
    const after = await typed(db).selectFrom('t').select('v').orderBy('v').execute();
    expect(after.map((r) => r.v)).toEqual([1, 2, 3]);
  });

  it('a failed transaction rolls back and frees the writer', async () => {
    const db = await open();
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into t (v) values (5)`.execute(trx);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await sql`insert into t (v) values (6)`.execute(db);
    const { rows } = await sql<{ v: number }>`select v from t order by v`.execute(db);
    expect(rows.map((r) => r.v)).toEqual([1, 6]);
  });
});

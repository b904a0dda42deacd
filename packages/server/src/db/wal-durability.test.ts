import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { derivedTransaction } from './derived-transaction.js';

// A SQLite file's commits are made durable off the event loop (wal-durability.ts): the WAL's
// fsync on libuv's thread pool, awaited before the caller goes on.

/** The prototype of node:fs/promises' FileHandle, whose datasync the driver calls. */
async function fileHandlePrototype(file: string) {
  const handle = await open(file, 'r');
  await handle.close();
  return Object.getPrototypeOf(handle) as { datasync: () => Promise<void> };
}

describe('SQLite: durable commits off the event loop', () => {
  let dir = '';
  let database: Database | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await database?.close();
    database = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const open_ = async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kassa-wal-'));
    const file = path.join(dir, 'db.sqlite');
    database = openDatabase({ kind: 'sqlite', file });
    await sql`create table t (v integer not null, filler text not null default '')`.execute(database.db);
    return { db: database.db, file };
  };

  it('reads as synchronous = FULL to callers, and SQLite keeps its own automatic checkpoint', async () => {
    const { db } = await open_();
    const read = async () => (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows;
    expect(await read()).toEqual([{ synchronous: 2 }]);
    await sql`pragma synchronous = normal`.execute(db);
    expect(await read()).toEqual([{ synchronous: 1 }]);
    await sql`pragma synchronous = full`.execute(db);
    expect(await read()).toEqual([{ synchronous: 2 }]);
    expect((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows).toEqual([
      { wal_autocheckpoint: 1000 },
    ]);
  });

  it("a write's caller goes on only once the WAL is synced, and the event loop serves others meanwhile", async () => {
    const { db, file } = await open_();
    const proto = await fileHandlePrototype(file);
    const datasync = proto.datasync;
    const order: string[] = [];
    vi.spyOn(proto, 'datasync').mockImplementation(async function (this: unknown) {
      order.push('sync started');
      await new Promise((resolve) => setTimeout(resolve, 50));
      await datasync.call(this);
      order.push('synced');
    });
    const write = db
      .transaction()
      .execute((trx) => sql`insert into t (v) values (1)`.execute(trx))
      .then(() => order.push('caller goes on'));
    setTimeout(() => order.push('another request served'), 10);
    await write;
    expect(order).toEqual(['sync started', 'another request served', 'synced', 'caller goes on']);

    // A statement on its own commits too, and waits the same way.
    order.length = 0;
    await sql`insert into t (v) values (2)`.execute(db);
    expect(order).toEqual(['sync started', 'synced']);

    // Derived data (derived-transaction.ts) commits without waiting for the disk.
    order.length = 0;
    await derivedTransaction(db, (trx) => sql`insert into t (v) values (3)`.execute(trx));
    expect(order).toEqual([]);
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows).toEqual([{ n: 3 }]);
  });
});

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../test/databases.js';
import { migrateToLatest } from './migrate.js';
import { parseInt8 } from './postgres-types.js';

describe('parseInt8', () => {
  it('keeps safe integers exact and refuses larger ones', () => {
    expect(parseInt8('9007199254740991')).toBe(9007199254740991);
    expect(parseInt8('-42')).toBe(-42);
    expect(() => parseInt8('9007199254740993')).toThrow(RangeError);
  });
});

for (const dialect of testDialects) {
  describe(`database [${dialect}]`, () => {
    it('migrates once, is idempotent, and normalises bigint and count results to numbers', async () => {
      const { database, drop } = await createTestDatabase(dialect);
      try {
        expect(await migrateToLatest(database.db)).toEqual([]);
        const { db } = database;
        await db
          .insertInto('users')
          .values({ email: 'a@b.c', password_hash: 'x', role: 'NORMAL', created_at: 1_700_000_000_123 })
          .execute();
        const row = await db.selectFrom('users').select(['created_at', 'email_verified']).executeTakeFirstOrThrow();
        expect(row.created_at).toBe(1_700_000_000_123);
        expect(row.email_verified).toBe(0);
        const count = await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(count.n).toBe(1);
        const big = await sql<{ v: number }>`select cast(${4_000_000_000_000} as bigint) * 2 as v`.execute(db);
        expect(big.rows[0]?.v).toBe(8_000_000_000_000);
      } finally {
        await drop();
      }
    });

    it('enforces lower-case, unique e-mails and known roles', async () => {
      const { database, drop } = await createTestDatabase(dialect);
      try {
        const insert = (email: string, role = 'NORMAL') =>
          database.db
            .insertInto('users')
            .values({ email, password_hash: 'x', role: role as 'NORMAL', created_at: 0 })
            .execute();
        await insert('a@b.c');
        await expect(insert('a@b.c')).rejects.toThrow();
        await expect(insert('A@b.c')).rejects.toThrow();
        await expect(insert('z@b.c', 'ROOT')).rejects.toThrow();
      } finally {
        await drop();
      }
    });
  });
}

describe('SQLite statements', () => {
  it('are reused per SQL text, each call with its own parameters, streams included', async () => {
    const { database, drop } = await createTestDatabase('sqlite');
    try {
      const { db } = database;
      for (let i = 0; i < 5; i++)
        await db
          .insertInto('users')
          .values({ email: `u${i}@b.c`, password_hash: 'x', role: 'NORMAL', created_at: i })
          .execute();
      const from = (t: number) =>
        db.selectFrom('users').select('email').where('created_at', '>=', t).orderBy('created_at');
      expect((await from(3).execute()).map((r) => r.email)).toEqual(['u3@b.c', 'u4@b.c']);
      expect((await from(1).execute()).map((r) => r.email)).toEqual(['u1@b.c', 'u2@b.c', 'u3@b.c', 'u4@b.c']);
      const streamed: string[] = [];
      for await (const row of from(2).stream()) streamed.push(row.email);
      expect(streamed).toEqual(['u2@b.c', 'u3@b.c', 'u4@b.c']);
      expect((await from(4).execute()).map((r) => r.email)).toEqual(['u4@b.c']);
      // A write through a reused statement reports its own changes.
      const renamed = await db
        .updateTable('users')
        .set({ role: 'ADMIN' })
        .where('created_at', '<', 2)
        .executeTakeFirst();
      expect(renamed.numUpdatedRows).toBe(2n);
      const again = await db.updateTable('users').set({ role: 'ADMIN' }).where('created_at', '<', 4).executeTakeFirst();
      expect(again.numUpdatedRows).toBe(4n);
    } finally {
      await drop();
    }
  });
});

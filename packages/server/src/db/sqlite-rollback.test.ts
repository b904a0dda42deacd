import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/databases.js';

describe('transactions [sqlite]', () => {
  it('keep the real cause when SQLite has already rolled the transaction back itself', async () => {
    const { database, drop } = await createTestDatabase('sqlite');
    const { db } = database;
    try {
      await sql`create table t (x integer)`.execute(db);
      // SQLite ends the whole transaction by itself on some SQLITE_FULL / SQLITE_IOERR failures;
      // RAISE(ROLLBACK) does the same on demand. Kysely's ROLLBACK then finds no transaction.
      await sql`create trigger t_full before insert on t when new.x = 1
        begin select raise(rollback, 'database or disk is full'); end`.execute(db);
      const failure: unknown = await db
        .transaction()
        .execute((trx) => sql`insert into t values (1)`.execute(trx))
        .catch((err: unknown) => err);
      expect(failure).toMatchObject({ code: 'SQLITE_CONSTRAINT_TRIGGER', message: 'database or disk is full' });

      // A transaction that fails while still open is rolled back as before, and the connection goes on.
      const rolledBack: unknown = await db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into t values (2)`.execute(trx);
          throw new Error('changed my mind');
        })
        .catch((err: unknown) => err);
      expect(rolledBack).toMatchObject({ message: 'changed my mind' });
      await db.transaction().execute((trx) => sql`insert into t values (3)`.execute(trx));
      expect((await sql<{ x: number }>`select x from t`.execute(db)).rows).toEqual([{ x: 3 }]);
    } finally {
      await drop();
    }
  });
});

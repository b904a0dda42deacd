import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../test/databases.js';
import { derivedTransaction } from './derived-transaction.js';
import type { DB } from './schema.js';

/** How commits of this connection wait for the disk now (SQLite: 2 FULL, 1 NORMAL; PostgreSQL: on, off). */
async function syncSetting(db: Kysely<DB>, dialect: string): Promise<string> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db);
    return rows[0]?.synchronous_commit ?? '';
  }
  const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
  return String(rows[0]?.synchronous);
}

for (const dialect of testDialects) {
  describe(`derivedTransaction [${dialect}]`, () => {
    it('commits without waiting for the disk, and only itself: the setting is back afterwards, also after a failure', async () => {
      const { database, drop } = await createTestDatabase(dialect);
      const { db } = database;
      const synced = dialect === 'postgres' ? 'on' : '2';
      const unsynced = dialect === 'postgres' ? 'off' : '1';
      try {
        expect(await syncSetting(db, dialect)).toBe(synced);
        const inside = await derivedTransaction(db, async (trx) => {
          await trx.insertInto('ledger_meta').values({ key: 'derived', value: '1' }).execute();
          return syncSetting(trx, dialect);
        });
        expect(inside).toBe(unsynced);
        expect(await syncSetting(db, dialect)).toBe(synced);
        expect(await db.selectFrom('ledger_meta').select('value').where('key', '=', 'derived').execute()).toEqual([
          { value: '1' },
        ]);

        await expect(
          derivedTransaction(db, async (trx) => {
            await trx.insertInto('ledger_meta').values({ key: 'rolled-back', value: '1' }).execute();
            throw new Error('report failed');
          }),
        ).rejects.toThrow('report failed');
        expect(await syncSetting(db, dialect)).toBe(synced);
        expect(await db.selectFrom('ledger_meta').selectAll().where('key', '=', 'rolled-back').execute()).toEqual([]);
      } finally {
        await drop();
      }
    });

    it('lets no other write commit under its setting: one started meanwhile commits after it, synced', async () => {
      const { database, drop } = await createTestDatabase(dialect);
      const { db } = database;
      try {
        const order: string[] = [];
        let started = () => {};
        const inDerived = new Promise<void>((resolve) => (started = resolve));
        const derived = derivedTransaction(db, async (trx) => {
          started();
          await new Promise((r) => setTimeout(r, 50));
          await trx.insertInto('ledger_meta').values({ key: 'derived', value: '1' }).execute();
          order.push('derived');
        });
        await inDerived;
        const ledgerWrite = db.transaction().execute(async (trx) => {
          order.push(`ledger write under ${await syncSetting(trx, dialect)}`);
          await trx.insertInto('ledger_meta').values({ key: 'ledger', value: '1' }).execute();
        });
        await Promise.all([derived, ledgerWrite]);
        // SQLite: one connection, held by the derived transaction until its setting is restored.
        // PostgreSQL: SET LOCAL belongs to the derived transaction's own connection.
        expect(order).toContain(`ledger write under ${dialect === 'postgres' ? 'on' : '2'}`);
        if (dialect === 'sqlite') expect(order).toEqual(['derived', 'ledger write under 2']);
      } finally {
        await drop();
      }
    });
  });
}

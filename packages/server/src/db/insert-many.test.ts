import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../test/databases.js';
import { insertMany } from './insert-many.js';

interface ProbeDB {
  probe: { key: string; n: number | null; value: string | null };
}

/** A table of its own, with a nullable text and number beside the key. */
async function probeTable(dialect: (typeof testDialects)[number]) {
  const { database, drop } = await createTestDatabase(dialect);
  const db = database.db as unknown as Kysely<ProbeDB>;
  await sql`create table probe (key text primary key, n integer, value text)`.execute(db);
  return { db, drop };
}

for (const dialect of testDialects) {
  describe(`insertMany [${dialect}]`, () => {
    it('stores every row over several statements, each value in its column, missing and null as NULL, zero kept', async () => {
      const { db, drop } = await probeTable(dialect);
      try {
        // 3 columns: 2,666 rows per statement, so 6,000 rows take three statements (the last one shorter).
        const rows = Array.from({ length: 6_000 }, (_, i) => ({
          n: i,
          key: `k${i}`,
          value: i % 3 === 0 ? null : i % 3 === 1 ? undefined : String(i % 2),
        }));
        await insertMany(db, 'probe', ['key', 'n', 'value'], rows, (r) => ({ key: r.key, n: r.n, value: r.value }));
        const stored = await db.selectFrom('probe').selectAll().execute();
        expect(stored).toHaveLength(6_000);
        expect(stored.find((r) => r.key === 'k0')?.n).toBe(0);
        expect(stored.reduce((sum, r) => sum + (r.n ?? 0), 0)).toBe((5_999 * 6_000) / 2);
        const byKey = new Map(stored.map((r) => [r.key, r.value]));
        expect(byKey.get('k0')).toBeNull();
        expect(byKey.get('k1')).toBeNull();
        expect(byKey.get('k2')).toBe('0');
        expect(byKey.get('k5999')).toBe('1');
        expect(byKey.get('k5998')).toBeNull();
      } finally {
        await drop();
      }
    });

    it('writes nothing for no rows, and fails whole statements on a broken row', async () => {
      const { db, drop } = await probeTable(dialect);
      try {
        await insertMany(db, 'probe', ['key', 'value'], []);
        expect(await db.selectFrom('probe').selectAll().execute()).toEqual([]);
        await expect(
          insertMany(
            db,
            'probe',
            ['key', 'value'],
            [
              { key: 'dup', value: 'a' },
              { key: 'dup', value: 'b' },
            ],
          ),
        ).rejects.toThrow();
        expect(await db.selectFrom('probe').selectAll().execute()).toEqual([]);
      } finally {
        await drop();
      }
    });

    it('keeps text and large amounts exactly: quotes, backslashes, line breaks, emoji, 2^53 − 1 minor units', async () => {
      const { database, drop } = await createTestDatabase(dialect);
      const db = database.db as unknown as Kysely<{ exact: { key: string; amount: number; text: string } }>;
      try {
        await sql`create table exact (key text primary key, amount bigint not null, text text not null)`.execute(db);
        const rows = [
          { key: 'a', amount: Number.MAX_SAFE_INTEGER, text: `O'Brien "quoted" \\ back\nslash` },
          { key: 'b', amount: -Number.MAX_SAFE_INTEGER, text: 'line one\nline two\ttab 💶 € ü' },
          { key: 'c', amount: 0, text: '{"json": [1, 2]}' },
        ];
        await insertMany(db, 'exact', ['key', 'amount', 'text'], rows);
        const stored = await db.selectFrom('exact').selectAll().orderBy('key').execute();
        expect(stored).toEqual(rows);
      } finally {
        await drop();
      }
    });
  });
}

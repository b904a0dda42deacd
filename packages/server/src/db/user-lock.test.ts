import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/databases.js';
import { TEST_PG_URL } from '../test/postgres.js';
import { lockUserLedger, tryLockUserReports } from './user-lock.js';

// PostgreSQL's advisory locks are one space per database, and several instances (or parallel test
// files) keep their books in schemas of one database, with the same user ids: a user's locks
// must be the schema's own, or one instance's report of user 1 skips another's roll-up of its
// user 1 (a flaky main-values test found it), and their writes wait for each other.
describe.skipIf(TEST_PG_URL === '')('user locks are per schema [postgres]', () => {
  it('lets user 1 of one schema lock while user 1 of another holds its locks', async () => {
    const first = await createTestDatabase('postgres');
    const second = await createTestDatabase('postgres');
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const holder = first.database.db.transaction().execute(async (trx) => {
        await lockUserLedger(trx, 1);
        expect(await tryLockUserReports(trx, 1)).toBe(true);
        locked();
        await held;
      });
      await holding;
      // Waiting for the other schema's lock would end at lock_timeout.
      const ledger = await second.database.db
        .transaction()
        .execute(async (trx) => {
          await sql`set local lock_timeout = '1s'`.execute(trx);
          await lockUserLedger(trx, 1);
          return 'taken';
        })
        .catch(() => 'waiting');
      const reports = await second.database.db.transaction().execute((trx) => tryLockUserReports(trx, 1));
      release();
      await holder;
      expect({ ledger, reports }).toEqual({ ledger: 'taken', reports: true });
    } finally {
      await first.drop();
      await second.drop();
    }
  });
});

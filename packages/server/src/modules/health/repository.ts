import { sql, type Kysely } from 'kysely';
import { pendingMigrations } from '../../db/migrate.js';
import type { DB } from '../../db/schema.js';

/** The SQL of the readiness checks. */
export class HealthRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  /** Migrations the code knows that this database has not run. */
  pendingMigrations(): Promise<string[]> {
    return pendingMigrations(this.db);
  }

  /** A real write: the probe row gets the time of this check (recreated if someone deleted it). */
  async writeProbe(now: number): Promise<void> {
    await this.db
      .insertInto('health_probe')
      .values({ id: 1, checked_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ checked_at: now }))
      .execute();
  }
}

import type { Kysely, Migration } from 'kysely';

// Two-factor sign-in with TOTP (docs/DECISIONS.md, Two-factor sign-in). One row per user who
// started or finished enrolment: the secret encrypted (AES-256-GCM under a key derived from the
// JWT secret), enabled_at null while the enrolment waits for its first code, and the last time
// step a code was accepted for (a code works once). Recovery codes are stored as keyed hashes,
// single-use. Account security, not books: backups leave both tables out.
export const m0016TwoFactor: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('two_factor')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('enabled_at', 'bigint')
      .addColumn('last_step', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('two_factor_recovery_codes')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('two_factor_recovery_codes_pk', ['user_id', 'code_hash'])
      .execute();
  },
};

import { type Kysely, type Migration } from 'kysely';

// Idempotency keys (issue 36): a client that may send a write twice (a phone replaying its
// offline outbox over a connection that dropped mid-answer) names it with an Idempotency-Key.
// The book (user_id, the tenant key) and the key find the first request's hash and its answer;
// `status` is null while the first request runs. Kept at least 7 days (the job prunes older).
export const m0039Idempotency: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('content_type', 'text')
      .addColumn('answer', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
  },
};

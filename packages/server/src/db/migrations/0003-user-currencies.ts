import type { Kysely, Migration } from 'kysely';

export const m0003UserCurrencies: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_currencies')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('last_used', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_currencies_pk', ['user_id', 'code'])
      .execute();
  },
};

import type { Kysely, Migration } from 'kysely';

// A person's display preferences (issue 36): the language of the texts and mails (null until
// chosen, so the web can take the browser's), and how numbers and dates are written (the spec's
// formats until changed). Text columns holding the contract's enum values; the route checks them.
export const m0038Preferences: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('language', 'text').execute();
    await db.schema
      .alterTable('users')
      .addColumn('number_format', 'text', (c) => c.notNull().defaultTo('space_dot'))
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('date_format', 'text', (c) => c.notNull().defaultTo('yyyy.mm.dd.'))
      .execute();
  },
};

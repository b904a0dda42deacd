import { sql, type Kysely, type Migration } from 'kysely';

// One name per user, type and direction, case-insensitively: the service checks first for a clear
// message, and this index settles two concurrent adds.
export const m0006CategoryNames: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create unique index categories_name_unique on categories (user_id, type, coalesce(is_income, -1), lower(name))`.execute(
      db,
    );
  },
};

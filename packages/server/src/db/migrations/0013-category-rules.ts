import type { Kysely, Migration } from 'kysely';
import { withIdColumn } from './helpers.js';

// Category rules for import (DESIGN §9): text contains / matches → category, with an optional
// amount range in one currency (minor units of that currency). Rules are tried by position, then
// id; deleting a category deletes the rules that point to it (docs/DECISIONS.md, Category rules).
export const m0013CategoryRules: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db, db.schema.createTable('category_rules'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('match', 'text', (c) => c.notNull())
      .addColumn('pattern', 'text', (c) => c.notNull())
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
      .addColumn('currency', 'text')
      .addColumn('min_amount', 'bigint')
      .addColumn('max_amount', 'bigint')
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('category_rules_user').on('category_rules').columns(['user_id', 'position']).execute();
    await db.schema.createIndex('category_rules_category').on('category_rules').column('category_id').execute();
  },
};

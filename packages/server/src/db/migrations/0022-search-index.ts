import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from './helpers.js';

// The index of transaction/search (docs/DECISIONS.md, Search): descriptions found by any
// substring of three or more characters, kept right by the database itself on every write, so
// no write path (the services, import, restore, bulk load, the demo) can forget it.
//
// SQLite: an FTS5 table per ledger table with the trigram tokenizer, external content (the text
// stays in transactions/conversions only), filled by triggers on insert, delete and a change of
// the description. PostgreSQL: pg_trgm GIN indexes on the description columns themselves, which
// `ilike '%word%'` uses. Amount conditions get a plain (user_id, currency, amount) index.
export const m0022SearchIndex: Migration = {
  async up(db: Kysely<unknown>) {
    // Amounts (`12.50`, `>100`, `100..200`) in the user's currencies: one range of this index per currency.
    await db.schema
      .createIndex('transactions_user_amount')
      .on('transactions')
      .columns(['user_id', 'currency', 'amount'])
      .execute();
    if (isPostgres(db)) {
      // In `public` when there is one: an extension made in a schema that is dropped later (a test
      // schema, another app's) would take every index using it along.
      // One creator at a time (migrations run in one transaction on PostgreSQL): two databases'
      // schemas migrating at once (parallel test files, two instances' first start) would both
      // try to create the extension, and one would fail on its unique name.
      await sql`select pg_advisory_xact_lock(hashtext('kassa:create-extension:pg_trgm'))`.execute(db);
      const { rows: publicSchema } = await sql<{ n: number }>`
        select count(*)::int as n from pg_namespace where nspname = 'public'`.execute(db);
      if ((publicSchema[0]?.n ?? 0) > 0)
        await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      else await sql`create extension if not exists pg_trgm`.execute(db);
      // The operator class lives in whichever schema the extension was installed in.
      const { rows } = await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db);
      const schema = rows[0]?.schema ?? 'public';
      for (const table of ['transactions', 'conversions']) {
        await sql`create index ${sql.id(`${table}_description_trgm`)} on ${sql.table(table)} using gin (description ${sql.id(schema)}.gin_trgm_ops)`.execute(
          db,
        );
      }
      return;
    }
    for (const table of ['transactions', 'conversions']) {
      const fts = sql.table(`${table}_fts`);
      const name = (suffix: string) => sql.id(`${table}_fts_${suffix}`);
      const source = sql.table(table);
      await sql`create virtual table ${fts} using fts5(
        description, user_id unindexed, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram'
      )`.execute(db);
      await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db);
      await sql`create trigger ${name('insert')} after insert on ${source} begin
        insert into ${fts}(rowid, description, user_id) values (new.id, new.description, new.user_id);
      end`.execute(db);
      await sql`create trigger ${name('delete')} after delete on ${source} begin
        insert into ${fts}(${fts}, rowid, description, user_id) values ('delete', old.id, old.description, old.user_id);
      end`.execute(db);
      await sql`create trigger ${name('update')} after update of description, user_id on ${source} begin
        insert into ${fts}(${fts}, rowid, description, user_id) values ('delete', old.id, old.description, old.user_id);
        insert into ${fts}(rowid, description, user_id) values (new.id, new.description, new.user_id);
      end`.execute(db);
    }
  },
};

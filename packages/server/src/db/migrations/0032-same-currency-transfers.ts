import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres } from './helpers.js';

// A conversion may stay in one currency (DESIGN §4, issue 32): a transfer between two pockets of
// it (bank → cash, or the two legs import matches between two accounts) moves equal amounts, which
// changes no currency's total but moves both pockets' balances. The old check (two different
// currencies) gives way to one that keeps such a transfer exact: same currency, same amount.
const TRANSFER_EQUAL = 'from_currency <> to_currency or from_amount = to_amount';

export const m0032SameCurrencyTransfers: Migration = {
  async up(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      await sql`alter table conversions drop constraint conversions_two_currencies`.execute(db);
      await sql`alter table conversions add constraint conversions_transfer_equal check (${sql.raw(TRANSFER_EQUAL)})`.execute(
        db,
      );
      return;
    }
    // SQLite cannot drop a check: the table is rebuilt (sqlite.org/lang_altertable.html, the
    // twelve steps), from its own CREATE statement so every column added since stays as it is.
    // Nothing references conversions by foreign key; its index and search triggers are remade.
    const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master where tbl_name = 'conversions'`.execute(db);
    const table = rows.find((r) => r.type === 'table')?.sql;
    const old = /,\s*constraint "conversions_two_currencies" check \(from_currency <> to_currency\)/;
    if (table === undefined || table === null || !old.test(table))
      throw new Error('conversions: the CREATE statement is not the one this migration rebuilds');
    const rebuilt = table
      .replace(old, `, constraint "conversions_transfer_equal" check (${TRANSFER_EQUAL})`)
      .replace(/^CREATE TABLE "conversions"/, 'CREATE TABLE "conversions_rebuilt"');
    const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'conversions'`.execute(db);
    await sql.raw(rebuilt).execute(db);
    await sql`insert into conversions_rebuilt select * from conversions`.execute(db);
    await sql`drop table conversions`.execute(db);
    await sql`alter table conversions_rebuilt rename to conversions`.execute(db);
    // AUTOINCREMENT never hands out an id again, also one of a conversion deleted before.
    const seq = sequence.rows[0]?.seq;
    if (seq !== undefined) {
      const kept = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'conversions'`.execute(db);
      await sql`delete from sqlite_sequence where name = 'conversions'`.execute(db);
      const highest = Math.max(seq, kept.rows[0]?.seq ?? 0);
      await sql`insert into sqlite_sequence (name, seq) values ('conversions', ${highest})`.execute(db);
    }
    for (const r of rows) if (r.type !== 'table' && r.sql !== null) await sql.raw(r.sql).execute(db);
  },
};

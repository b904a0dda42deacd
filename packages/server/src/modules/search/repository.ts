import { PostgresAdapter, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { olderThan } from '../../db/keyset.js';
import type { DB } from '../../db/schema.js';
import {
  conversionFromColumns,
  transactionFromColumns,
  type ConversionRow,
  type TransactionRow,
} from '../ledger/index.js';

/** Inclusive bounds of an amount in minor units of one currency; either may be open. */
export interface CurrencyAmount {
  currency: string;
  min: number | undefined;
  max: number | undefined;
}

/** What the rows must match, resolved against the user's currencies and categories. */
export interface SearchPlan {
  /** Every word must be in the description, or (transactions only) name one of these categories. */
  words: { text: string; categoryIds: number[] }[];
  /** Any of these currencies (a conversion: either leg); empty = any. */
  currencies: string[];
  /** When set, one of these must hold (a conversion: on either leg). */
  amounts: CurrencyAmount[] | undefined;
  /** Time in one of these [start, end) spans; empty = any. */
  spans: { start: number; end: number }[];
  /** UTC month of time, 1 to 12, one of these; empty = any. */
  months: number[];
}

/** The last row received, in the order time desc, transactions before conversions, id desc. */
export interface SearchCursor {
  time: number;
  id: number;
  kind: 'transaction' | 'conversion';
}

type Condition = Expression<SqlBool>;

/** One condition, or several joined with OR in parentheses. */
function or(parts: Condition[]): Condition {
  const [first] = parts;
  return parts.length === 1 && first !== undefined ? first : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** `%word%` with LIKE's own characters escaped (backslash is the escape on both databases). */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL of transaction/search; every query is scoped by user. */
export class SearchRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<DB>) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /**
   * The description contains `text`, any case. SQLite asks the trigram FTS5 index for three
   * characters or more (shorter text has no trigram: a LIKE over the user's rows); PostgreSQL's
   * ILIKE uses the pg_trgm index by itself.
   */
  private contains(table: 'transactions' | 'conversions', text: string): Condition {
    if (this.postgres) return sql<SqlBool>`description ilike ${likePattern(text)}`;
    // Trigrams are of characters (code points), not UTF-16 units.
    if (Array.from(text).length < 3) return sql<SqlBool>`description like ${likePattern(text)} escape '\\'`;
    const phrase = `"${text.replace(/"/g, '""')}"`;
    const fts = sql.table(`${table}_fts`);
    return sql<SqlBool>`id in (select rowid from ${fts} where ${fts} match ${phrase})`;
  }

  private amountIn(currencyColumn: string, amountColumn: string, a: CurrencyAmount, userId?: number): Condition {
    const parts: Condition[] = [sql<SqlBool>`${sql.ref(currencyColumn)} = ${a.currency}`];
    if (userId !== undefined) parts.unshift(sql<SqlBool>`user_id = ${userId}`);
    if (a.min !== undefined && a.min === a.max) parts.push(sql<SqlBool>`${sql.ref(amountColumn)} = ${a.min}`);
    else {
      if (a.min !== undefined) parts.push(sql<SqlBool>`${sql.ref(amountColumn)} >= ${a.min}`);
      if (a.max !== undefined) parts.push(sql<SqlBool>`${sql.ref(amountColumn)} <= ${a.max}`);
    }
    return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
  }

  private dates(plan: SearchPlan): Condition[] {
    const out: Condition[] = [];
    if (plan.spans.length > 0)
      out.push(or(plan.spans.map((s) => sql<SqlBool>`(time >= ${s.start} and time < ${s.end})`)));
    if (plan.months.length > 0) {
      const month = this.postgres
        ? sql`extract(month from to_timestamp(time / 1000.0) at time zone 'UTC')`
        : sql`cast(strftime('%m', time / 1000, 'unixepoch') as integer)`;
      out.push(sql<SqlBool>`${month} in (${sql.join(plan.months)})`);
    }
    return out;
  }

  /** Matching transactions after `cursor`, newest first, at most `limit`. */
  async transactions(
    userId: number,
    plan: SearchPlan,
    cursor: SearchCursor | undefined,
    limit: number,
  ): Promise<TransactionRow[]> {
    // Exact amounts (`12.50`) are a few rows of the amount index; without statistics SQLite would
    // rather walk the whole (user_id, time) index for the ORDER BY. `+user_id` keeps that index
    // out, and the user's id inside each amount branch lets every branch use the amount index.
    const exact =
      !this.postgres && plan.amounts !== undefined && plan.amounts.every((a) => a.min !== undefined && a.min === a.max);
    const where: Condition[] = [exact ? sql<SqlBool>`+user_id = ${userId}` : sql<SqlBool>`user_id = ${userId}`];
    for (const word of plan.words) {
      const text = this.contains('transactions', word.text);
      where.push(
        word.categoryIds.length === 0 ? text : or([text, sql<SqlBool>`category_id in (${sql.join(word.categoryIds)})`]),
      );
    }
    if (plan.currencies.length > 0) where.push(sql<SqlBool>`currency in (${sql.join(plan.currencies)})`);
    if (plan.amounts !== undefined)
      where.push(or(plan.amounts.map((a) => this.amountIn('currency', 'amount', a, exact ? userId : undefined))));
    where.push(...this.dates(plan));
    if (cursor !== undefined)
      where.push(cursor.kind === 'transaction' ? olderThan(cursor) : sql<SqlBool>`time < ${cursor.time}`);
    const rows = await this.db
      .selectFrom('transactions')
      .selectAll()
      .where((eb) => eb.and(where))
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(transactionFromColumns);
  }

  /** Matching conversions after `cursor`, newest first, at most `limit`. */
  async conversions(
    userId: number,
    plan: SearchPlan,
    cursor: SearchCursor | undefined,
    limit: number,
  ): Promise<ConversionRow[]> {
    const where: Condition[] = plan.words.map((w) => this.contains('conversions', w.text));
    if (plan.currencies.length > 0) {
      const codes = sql.join(plan.currencies);
      where.push(sql<SqlBool>`(from_currency in (${codes}) or to_currency in (${codes}))`);
    }
    if (plan.amounts !== undefined)
      where.push(
        or(
          plan.amounts.flatMap((a) => [
            this.amountIn('from_currency', 'from_amount', a),
            this.amountIn('to_currency', 'to_amount', a),
          ]),
        ),
      );
    where.push(...this.dates(plan));
    if (cursor !== undefined)
      where.push(cursor.kind === 'conversion' ? olderThan(cursor) : sql<SqlBool>`time <= ${cursor.time}`);
    const rows = await this.db
      .selectFrom('conversions')
      .selectAll()
      .where('user_id', '=', userId)
      .where((eb) => eb.and(where))
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(conversionFromColumns);
  }
}

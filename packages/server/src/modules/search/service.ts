import { MAX_LIST_ROWS, type SearchQuery, type SearchResult } from '@kassa/contract';
import { currencyInfo } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { rowsToRead, type Page } from '../../http/paging.js';
import type { Owner } from '../auth/service.js';
import { CategoriesRepository } from '../categories/repository.js';
import { conversionDto } from '../conversions/service.js';
import { UsersRepository } from '../users/repository.js';
import { UserCurrenciesRepository } from '../currencies/repository.js';
import type { ConversionRow, TransactionRow } from '../ledger/index.js';
import type { TransactionsService } from '../transactions/service.js';
import { minorRange, parseSearch, utcSpan, type ParsedSearch } from './query.js';
import { SearchRepository, type CurrencyAmount, type SearchCursor, type SearchPlan } from './repository.js';

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

type Found = { kind: 'transaction'; row: TransactionRow } | { kind: 'conversion'; row: ConversionRow };

/** Newest first: time desc, then transactions before conversions, then id desc (the cursor's order). */
function newerFirst(a: Found, b: Found): number {
  if (a.row.time !== b.row.time) return b.row.time - a.row.time;
  if (a.kind !== b.kind) return a.kind === 'transaction' ? -1 : 1;
  return b.row.id - a.row.id;
}

/**
 * The amount conditions in minor units of each currency they can concern (the named currencies,
 * else all the user's), all of them holding for the same amount (`>100 <200` is one range);
 * undefined when there are none, [] when no amount can match.
 */
function amountsIn(parsed: ParsedSearch, codes: readonly string[]): CurrencyAmount[] | undefined {
  if (parsed.amounts.length === 0) return undefined;
  const out: CurrencyAmount[] = [];
  for (const code of codes) {
    const decimals = currencyInfo(code).decimals;
    let min: bigint | undefined;
    let max: bigint | undefined;
    let empty = false;
    for (const range of parsed.amounts) {
      const minor = minorRange(range, decimals);
      if (minor.empty) {
        empty = true;
        break;
      }
      if (minor.min !== undefined && (min === undefined || minor.min > min)) min = minor.min;
      if (minor.max !== undefined && (max === undefined || minor.max < max)) max = minor.max;
    }
    if (empty || (min !== undefined && (min > SAFE || (max !== undefined && min > max)))) continue;
    out.push({
      currency: code,
      min: min === undefined ? undefined : Number(min),
      max: max === undefined || max > SAFE ? undefined : Number(max),
    });
  }
  return out;
}

/** transaction/search (docs/DECISIONS.md, Search): one line finding transactions and conversions. */
export class SearchService {
  private readonly search: SearchRepository;
  private readonly currencies: UserCurrenciesRepository;
  private readonly categories: CategoriesRepository;
  private readonly users: UsersRepository;

  constructor(
    db: Kysely<DB>,
    private readonly transactions: TransactionsService,
  ) {
    this.search = new SearchRepository(db);
    this.currencies = new UserCurrenciesRepository(db);
    this.categories = new CategoriesRepository(db);
    this.users = new UsersRepository(db);
  }

  /** The parsed line against the user's currencies and categories; undefined when nothing can match. */
  async plan(userId: number, q: string): Promise<SearchPlan | undefined> {
    const codes = (await this.currencies.list(userId)).map((c) => c.code);
    const parsed = parseSearch(q, codes);
    const amounts = amountsIn(parsed, parsed.currencies.length > 0 ? parsed.currencies : codes);
    if (amounts?.length === 0) return undefined;
    const categories = parsed.words.length === 0 ? [] : await this.categories.list(userId);
    const words = parsed.words.map((text) => ({
      text,
      categoryIds: categories.filter((c) => c.name.toLowerCase().includes(text)).map((c) => c.id),
    }));
    const years = parsed.years.toSorted((a, b) => a - b);
    const spans =
      parsed.months.length === 0
        ? years.map((y) => utcSpan(y))
        : years.flatMap((y) => parsed.months.map((m) => utcSpan(y, m)));
    return {
      words,
      currencies: parsed.currencies,
      amounts,
      spans,
      months: years.length === 0 ? parsed.months : [],
    };
  }

  /** A page of matches, newest first; `after` is the last row of the previous page. */
  async find(owner: Owner, query: SearchQuery): Promise<Page<SearchResult>> {
    const plan = await this.plan(owner.id, query.q);
    if (plan === undefined) return { rows: [], more: false };
    const size = query.limit ?? MAX_LIST_ROWS;
    const read = rowsToRead(query.limit);
    const cursor: SearchCursor | undefined = query.after;
    const [transactions, conversions] = [
      await this.search.transactions(owner.id, plan, cursor, read),
      await this.search.conversions(owner.id, plan, cursor, read),
    ];
    const found: Found[] = [
      ...transactions.map((row) => ({ kind: 'transaction' as const, row })),
      ...conversions.map((row) => ({ kind: 'conversion' as const, row })),
    ].sort(newerFirst);
    const page = found.slice(0, size);
    const shown = await this.transactions.present(
      owner,
      page.flatMap((f) => (f.kind === 'transaction' ? [f.row] : [])),
    );
    const byId = new Map(shown.map((t) => [t.id, t]));
    const makers = await this.users.makersOf(page.flatMap((f) => (f.kind === 'conversion' ? [f.row] : [])));
    const rows = page.map((f): SearchResult => {
      if (f.kind === 'conversion') return { kind: 'conversion', ...conversionDto(owner.id, f.row, makers) };
      const dto = byId.get(f.row.id);
      if (dto === undefined) throw new Error(`transaction ${f.row.id} was not presented`);
      return { kind: 'transaction', ...dto };
    });
    return { rows, more: found.length > size };
  }
}

import type { CategoryType, ExportCsvQuery } from '@kassa/contract';
import { currencyInfo, isoFromDay, utcDayOf } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Owner } from '../auth/service.js';
import { CategoriesRepository } from '../categories/repository.js';
import { LedgerRepository } from '../ledger/index.js';
import { PocketsRepository } from '../pockets/repository.js';
import type { Converter } from '../rates/conversion.js';
import type { RatesService } from '../rates/service.js';
import { csvRecord, csvText, RateNotes, type CsvRecord } from './csv-records.js';
import { hledgerJournal } from './hledger-journal.js';
import { EXPORT_PAGE_ROWS, ledgerEntries, type EntryQuery } from './ledger-stream.js';
import { ExportRepository } from './repository.js';

/** A file ready to stream: its name, content type and text in chunks (a page of rows each). */
export interface ExportFile {
  filename: string;
  contentType: string;
  chunks: AsyncIterable<string>;
}

/** What the CSV reads for a query: the transactions' filter, and conversions only when no filter excludes them. */
export function entryQuery(q: ExportCsvQuery): EntryQuery {
  const kinds = q.types.filter((t): t is CategoryType => t !== 'conversion');
  return {
    start: q.start,
    end: q.end,
    categoryIds: q.categoryIds,
    currencies: q.currencies,
    directions: q.directions,
    enteredBy: q.enteredBy,
    kinds,
    transactions: q.types.length === 0 || kinds.length > 0,
    // A conversion has no category and no direction: a filter on either leaves it out.
    conversions:
      q.categoryIds.length === 0 &&
      q.directions.length === 0 &&
      (q.types.length === 0 || q.types.includes('conversion')),
  };
}

/**
 * Exports of DESIGN §9: the transaction list as CSV, the whole books as an hledger journal.
 * Everything that can refuse (no main currency, a currency without rates) is checked before the
 * first byte, so a user never gets half a file with a 200; the rows are then read a page at a
 * time while the answer streams (100k+ rows never sit in memory).
 */
export class ExportService {
  private readonly repository: ExportRepository;
  private readonly categories: CategoriesRepository;
  private readonly ledger: LedgerRepository;
  private readonly pockets: PocketsRepository;

  constructor(
    db: Kysely<DB>,
    private readonly rates: RatesService,
    private readonly now: () => number = Date.now,
  ) {
    this.repository = new ExportRepository(db);
    this.categories = new CategoriesRepository(db);
    this.ledger = new LedgerRepository(db);
    this.pockets = new PocketsRepository(db);
  }

  /** The main converter, after checking every currency to export has rates (422 missing_rate naming it). */
  private async converterFor(
    owner: Owner,
    only: readonly string[] = [],
  ): Promise<{ converter: Converter; currencies: string[] }> {
    const converter = this.rates.requireMainConverter(owner.mainCurrency);
    const currencies = (await this.repository.currenciesInUse(owner.id)).filter(
      (c) => only.length === 0 || only.includes(c),
    );
    for (const code of currencies) converter.fraction(1n, currencyInfo(code), 0); // throws missing_rate
    return { converter, currencies };
  }

  private today(): string {
    return isoFromDay(utcDayOf(this.now()));
  }

  /**
   * The transactions and conversions matching the list's filters, oldest first, one CSV row each;
   * text that a spreadsheet would run as a formula is escaped unless `query.formulas` is `keep`.
   */
  async csv(owner: Owner, query: ExportCsvQuery): Promise<ExportFile> {
    const { converter } = await this.converterFor(owner, query.currencies);
    const names = new Map((await this.categories.list(owner.id)).map((c) => [c.id, c.name]));
    const entries = ledgerEntries(this.repository, owner.id, entryQuery(query));
    // Formulas are neutralised unless the caller asks to keep text as stored (csvFormulaModes).
    const formulas = query.formulas ?? 'escape';
    async function* chunks(): AsyncGenerator<string, void, undefined> {
      const rates = new RateNotes(converter);
      let records: CsvRecord[] = [];
      let header = true;
      for await (const entry of entries) {
        records.push(csvRecord(entry, (id) => names.get(id) ?? '', rates));
        if (records.length >= EXPORT_PAGE_ROWS) {
          yield csvText(records, header, formulas);
          header = false;
          records = [];
        }
      }
      if (header || records.length > 0) yield csvText(records, header, formulas);
    }
    return {
      filename: `kassa-transactions-${this.today()}.csv`,
      contentType: 'text/csv; charset=utf-8',
      chunks: chunks(),
    };
  }

  /** The whole books as an hledger journal (DESIGN §9; the mapping in docs/DECISIONS.md "Export"). */
  async hledger(owner: Owner): Promise<ExportFile> {
    const { converter, currencies } = await this.converterFor(owner);
    const chunks = hledgerJournal({
      converter,
      currencies,
      categories: await this.categories.list(owner.id),
      fixpoints: await this.repository.fixpoints(owner.id),
      entries: ledgerEntries(this.repository, owner.id, { transactions: true, conversions: true }),
      states: (fixpointId) => this.ledger.states(owner.id, fixpointId),
      pockets: await this.pockets.list(owner.id),
      exportedAt: this.now(),
    });
    return { filename: `kassa-${this.today()}.journal`, contentType: 'text/plain; charset=utf-8', chunks };
  }
}

import { currencyInfo } from '@kassa/money';
import type { CategoryRow } from '../categories/repository.js';
import type { FixpointRow, StateRow } from '../ledger/index.js';
import type { Converter } from '../rates/conversion.js';
import { commodityLine } from './hledger-format.js';
import { JournalEntries } from './hledger-entries.js';
import type { LedgerEntry } from './ledger-stream.js';

/** What the journal is made of, read by the service. */
export interface JournalSource {
  converter: Converter;
  currencies: readonly string[];
  categories: readonly CategoryRow[];
  fixpoints: readonly FixpointRow[];
  entries: AsyncIterable<LedgerEntry>;
  states(fixpointId: number): Promise<StateRow[]>;
  /** Every pocket of the user (id, currency, name), oldest first: a row without one is in its currency's first. */
  pockets: readonly { id: number; currency: string; name: string }[];
  exportedAt: number;
}

/**
 * The whole books as an hledger journal, line by line in time order. Fixpoint errors are
 * computed here from the rows written (the running balance of each pocket the fixpoint states is
 * its calculated balance, DESIGN §4), so the balance assertions of assets:<currency> hold for
 * exactly the rows in the file even if the books change while it is written.
 */
export async function* hledgerJournal(source: JournalSource): AsyncGenerator<string, void, undefined> {
  const main = source.converter.to;
  yield [
    `; Kassa books, main currency ${main.code}, exported ${new Date(source.exportedAt).toISOString()}`,
    '; Times are UTC; each entry keeps its Kassa id and instant as tags.',
    'decimal-mark .',
    ...source.currencies.map((c) => commodityLine(currencyInfo(c))),
    '',
  ].join('\n');

  const journal = new JournalEntries(source.converter, source.categories, source.pockets);
  const fixpointText = async (f: FixpointRow): Promise<string> => journal.fixpoint(f, await source.states(f.id));
  let nextFixpoint = 0;
  for await (const entry of source.entries) {
    // Rows at a fixpoint's instant are before it (DESIGN §4): fixpoints strictly earlier go first.
    for (let f = source.fixpoints[nextFixpoint]; f !== undefined && f.time < entry.row.time;) {
      yield await fixpointText(f);
      f = source.fixpoints[++nextFixpoint];
    }
    yield entry.kind === 'transaction' ? journal.transaction(entry.row) : journal.conversion(entry.row);
  }
  for (let f = source.fixpoints[nextFixpoint]; f !== undefined; f = source.fixpoints[++nextFixpoint])
    yield await fixpointText(f);
}

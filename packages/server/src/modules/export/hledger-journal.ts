import { currencyInfo, utcDayOf, type CurrencyInfo } from '@kassa/money';
import type { CategoryRow } from '../categories/repository.js';
import type { PerCurrency } from '../ledger/index.js';
import type { FixpointRow, StateRow, TransactionRow } from '../ledger/index.js';
import type { Converter } from '../rates/conversion.js';
import {
  amount,
  categoryAccounts,
  commentText,
  commodityLine,
  journalDate,
  posting,
  priceLine,
  title,
  type CategoryAccounts,
} from './hledger-format.js';
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

const cashAccount = (currency: string) => `assets:${currency}`;
const FIXPOINT_ERROR = 'equity:fixpoint error';

/** The postings of a transaction: cash against its category's account (DESIGN §4 and §9). */
function transactionPostings(t: TransactionRow, accounts: CategoryAccounts | undefined): [string, string][] {
  const currency = currencyInfo(t.currency);
  const signed = t.isIncome ? BigInt(t.amount) : -BigInt(t.amount);
  const counter = accounts?.counter ?? `equity:unknown category ${t.categoryId}`;
  // A realize transaction moves no cash: it books P&L against the money still in the business.
  if (t.kind === 'business' && t.businessType === 'realize')
    return [
      [counter, amount(signed, currency)],
      [accounts?.pnl ?? counter, amount(-signed, currency)],
    ];
  const other = t.kind === 'business' && t.businessType === 'pnl' ? (accounts?.pnl ?? counter) : counter;
  return [
    [cashAccount(t.currency), amount(signed, currency)],
    [other, amount(-signed, currency)],
  ];
}

/**
 * The whole books as an hledger journal, line by line in time order. Fixpoint errors are
 * computed here from the rows written (the running balance of each pocket the fixpoint states is
 * its calculated balance, DESIGN §4), so the balance assertions of assets:<currency> hold for
 * exactly the rows in the file even if the books change while it is written.
 */
export async function* hledgerJournal(source: JournalSource): AsyncGenerator<string, void, undefined> {
  const { converter } = source;
  const main = converter.to;
  const accounts = categoryAccounts(source.categories);
  const categoryNames = new Map(source.categories.map((c) => [c.id, c.name]));
  yield [
    `; Kassa books, main currency ${main.code}, exported ${new Date(source.exportedAt).toISOString()}`,
    '; Times are UTC; each entry keeps its Kassa id and instant as tags.',
    'decimal-mark .',
    ...source.currencies.map((c) => commodityLine(currencyInfo(c))),
    '',
  ].join('\n');

  const priced = new Set<string>();
  /** A P line before the first entry of each (day, currency) valued in the main currency. */
  const prices = (day: number, currencies: readonly CurrencyInfo[]): string[] =>
    currencies.flatMap((c) => {
      const key = `${day}:${c.code}`;
      if (c.code === main.code || priced.has(key)) return [];
      priced.add(key);
      return [priceLine(converter, c, day)];
    });
  const running: PerCurrency = new Map();
  // Each pocket's running balance too: a fixpoint states some pockets, and the ones it does not
  // state pass through it (DESIGN §4), so its error is counted over the pockets it states.
  const defaultPocket = new Map<string, number>();
  for (const p of source.pockets) if (!defaultPocket.has(p.currency)) defaultPocket.set(p.currency, p.id);
  const inPocket = new Map<number, bigint>();
  const pocketOf = (currency: string, pocketId: number | null | undefined) => pocketId ?? defaultPocket.get(currency);
  const pocketNames = new Map(source.pockets.map((p) => [p.id, p.name]));
  const pocketName = (currency: string, pocketId: number | null | undefined) =>
    commentText(pocketNames.get(pocketOf(currency, pocketId) ?? 0) ?? '');
  const move = (currency: string, by: bigint, pocketId: number | null | undefined) => {
    running.set(currency, (running.get(currency) ?? 0n) + by);
    const pocket = pocketOf(currency, pocketId);
    if (pocket !== undefined) inPocket.set(pocket, (inPocket.get(pocket) ?? 0n) + by);
  };

  const fixpointText = async (f: FixpointRow): Promise<string> => {
    const states = await source.states(f.id);
    const errors: PerCurrency = new Map();
    for (const s of states) {
      const stated = BigInt(s.balance);
      errors.set(s.currency, (errors.get(s.currency) ?? 0n) + stated - (inPocket.get(s.pocketId) ?? 0n));
      inPocket.set(s.pocketId, stated);
    }
    const codes = [...errors.keys()].sort();
    const day = utcDayOf(f.time);
    const lines = [
      ...prices(
        day,
        codes.map((c) => currencyInfo(c)),
      ),
      `${journalDate(day)} Fixpoint`,
      `    ; kassa-id: f${f.id}, time: ${new Date(f.time).toISOString()}`,
      ...states.map(
        (s) =>
          `    ; pocket ${commentText(s.name)}${s.isCash ? ' (cash)' : ''}: ${amount(BigInt(s.balance), currencyInfo(s.currency))}`,
      ),
    ];
    // Only the currencies it states a pocket of: the others pass through untouched.
    for (const code of codes) {
      const currency = currencyInfo(code);
      const error = errors.get(code) ?? 0n;
      const target = (running.get(code) ?? 0n) + error;
      // The error brings the balance to the stated one; the assertion lets hledger check it.
      lines.push(posting(cashAccount(code), `${amount(error, currency)} = ${amount(target, currency)}`));
      if (error !== 0n) lines.push(posting(FIXPOINT_ERROR, amount(-error, currency)));
      running.set(code, target);
    }
    return `${lines.join('\n')}\n\n`;
  };

  let nextFixpoint = 0;
  for await (const entry of source.entries) {
    // Rows at a fixpoint's instant are before it (DESIGN §4): fixpoints strictly earlier go first.
    for (let f = source.fixpoints[nextFixpoint]; f !== undefined && f.time < entry.row.time;) {
      yield await fixpointText(f);
      f = source.fixpoints[++nextFixpoint];
    }
    const row = entry.row;
    const head = (label: string, id: string) => [
      `${journalDate(row.day)} ${title(row.description === '' ? label : row.description)}`,
      `    ; kassa-id: ${id}, time: ${new Date(row.time).toISOString()}`,
    ];
    let lines: string[];
    if (entry.kind === 'transaction') {
      const t = entry.row;
      const label = categoryNames.get(t.categoryId) ?? 'Transaction';
      const postings = transactionPostings(t, accounts.get(t.categoryId));
      if (!(t.kind === 'business' && t.businessType === 'realize'))
        move(t.currency, t.isIncome ? BigInt(t.amount) : -BigInt(t.amount), t.pocketId);
      lines = [
        ...prices(t.day, [currencyInfo(t.currency)]),
        ...head(label, `t${t.id}`),
        `    ; category: ${commentText(label)}${t.businessType === null ? '' : `, type: ${t.businessType}`}`,
        ...postings.map(([account, text]) => posting(account, text)),
      ];
    } else {
      const c = entry.row;
      const from = currencyInfo(c.fromCurrency);
      const to = currencyInfo(c.toCurrency);
      move(c.fromCurrency, -BigInt(c.fromAmount), c.fromPocketId);
      move(c.toCurrency, BigInt(c.toAmount), c.toPocketId);
      // A transfer between two pockets of one currency: out of one, into the other, no cost.
      if (from.code === to.code)
        lines = [
          ...head('Transfer', `c${c.id}`),
          `    ; transfer: ${pocketName(from.code, c.fromPocketId)} to ${pocketName(to.code, c.toPocketId)}`,
          posting(cashAccount(to.code), amount(BigInt(c.toAmount), to)),
          posting(cashAccount(from.code), amount(-BigInt(c.fromAmount), from)),
        ];
      else
        lines = [
          ...prices(c.day, [from, to]),
          ...head('Conversion', `c${c.id}`),
          // @@ states the total cost: what was paid for the to-amount, exactly.
          posting(cashAccount(to.code), `${amount(BigInt(c.toAmount), to)} @@ ${amount(BigInt(c.fromAmount), from)}`),
          posting(cashAccount(from.code), amount(-BigInt(c.fromAmount), from)),
        ];
    }
    yield `${lines.join('\n')}\n\n`;
  }
  for (let f = source.fixpoints[nextFixpoint]; f !== undefined; f = source.fixpoints[++nextFixpoint])
    yield await fixpointText(f);
}

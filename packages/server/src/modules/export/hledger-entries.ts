import { currencyInfo, utcDayOf, type CurrencyInfo } from '@kassa/money';
import type { CategoryRow } from '../categories/repository.js';
import type { ConversionRow, FixpointRow, PerCurrency, StateRow, TransactionRow } from '../ledger/index.js';
import type { Converter } from '../rates/conversion.js';
import {
  amount,
  categoryAccounts,
  commentText,
  journalDate,
  posting,
  priceLine,
  title,
  type CategoryAccounts,
} from './hledger-format.js';

const cashAccount = (currency: string) => `assets:${currency}`;
const FIXPOINT_ERROR = 'equity:fixpoint error';

type PocketId = number | null | undefined;

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
 * The journal's entries, one at a time in time order, with what they carry from one to the next:
 * the prices already written and the running balance of each currency and each pocket.
 */
export class JournalEntries {
  private readonly main: CurrencyInfo;
  private readonly accounts: Map<number, CategoryAccounts>;
  private readonly categoryNames: Map<number, string>;
  private readonly priced = new Set<string>();
  private readonly running: PerCurrency = new Map();
  // Each pocket's running balance too: a fixpoint states some pockets, and the ones it does not
  // state pass through it (DESIGN §4), so its error is counted over the pockets it states.
  private readonly defaultPocket = new Map<string, number>();
  private readonly inPocket = new Map<number, bigint>();
  private readonly pocketNames: Map<number, string>;

  constructor(
    private readonly converter: Converter,
    categories: readonly CategoryRow[],
    pockets: readonly { id: number; currency: string; name: string }[],
  ) {
    this.main = converter.to;
    this.accounts = categoryAccounts(categories);
    this.categoryNames = new Map(categories.map((c) => [c.id, c.name]));
    for (const p of pockets) if (!this.defaultPocket.has(p.currency)) this.defaultPocket.set(p.currency, p.id);
    this.pocketNames = new Map(pockets.map((p) => [p.id, p.name]));
  }

  /** A fixpoint with its `states`: each stated currency's error brings its balance to the stated one. */
  fixpoint(f: FixpointRow, states: readonly StateRow[]): string {
    const errors: PerCurrency = new Map();
    for (const s of states) {
      const stated = BigInt(s.balance);
      errors.set(s.currency, (errors.get(s.currency) ?? 0n) + stated - (this.inPocket.get(s.pocketId) ?? 0n));
      this.inPocket.set(s.pocketId, stated);
    }
    const codes = [...errors.keys()].sort();
    const day = utcDayOf(f.time);
    const lines = [
      ...this.prices(
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
      const target = (this.running.get(code) ?? 0n) + error;
      // The error brings the balance to the stated one; the assertion lets hledger check it.
      lines.push(posting(cashAccount(code), `${amount(error, currency)} = ${amount(target, currency)}`));
      if (error !== 0n) lines.push(posting(FIXPOINT_ERROR, amount(-error, currency)));
      this.running.set(code, target);
    }
    return `${lines.join('\n')}\n\n`;
  }

  transaction(t: TransactionRow): string {
    const label = this.categoryNames.get(t.categoryId) ?? 'Transaction';
    const postings = transactionPostings(t, this.accounts.get(t.categoryId));
    if (!(t.kind === 'business' && t.businessType === 'realize'))
      this.move(t.currency, t.isIncome ? BigInt(t.amount) : -BigInt(t.amount), t.pocketId);
    const lines = [
      ...this.prices(t.day, [currencyInfo(t.currency)]),
      ...head(t, label, `t${t.id}`),
      `    ; category: ${commentText(label)}${t.businessType === null ? '' : `, type: ${t.businessType}`}`,
      ...postings.map(([account, text]) => posting(account, text)),
    ];
    return `${lines.join('\n')}\n\n`;
  }

  conversion(c: ConversionRow): string {
    const from = currencyInfo(c.fromCurrency);
    const to = currencyInfo(c.toCurrency);
    this.move(c.fromCurrency, -BigInt(c.fromAmount), c.fromPocketId);
    this.move(c.toCurrency, BigInt(c.toAmount), c.toPocketId);
    // A transfer between two pockets of one currency: out of one, into the other, no cost.
    const lines =
      from.code === to.code
        ? [
            ...head(c, 'Transfer', `c${c.id}`),
            `    ; transfer: ${this.pocketName(from.code, c.fromPocketId)} to ${this.pocketName(to.code, c.toPocketId)}`,
            posting(cashAccount(to.code), amount(BigInt(c.toAmount), to)),
            posting(cashAccount(from.code), amount(-BigInt(c.fromAmount), from)),
          ]
        : [
            ...this.prices(c.day, [from, to]),
            ...head(c, 'Conversion', `c${c.id}`),
            // @@ states the total cost: what was paid for the to-amount, exactly.
            posting(cashAccount(to.code), `${amount(BigInt(c.toAmount), to)} @@ ${amount(BigInt(c.fromAmount), from)}`),
            posting(cashAccount(from.code), amount(-BigInt(c.fromAmount), from)),
          ];
    return `${lines.join('\n')}\n\n`;
  }

  /** A P line before the first entry of each (day, currency) valued in the main currency. */
  private prices(day: number, currencies: readonly CurrencyInfo[]): string[] {
    return currencies.flatMap((c) => {
      const key = `${day}:${c.code}`;
      if (c.code === this.main.code || this.priced.has(key)) return [];
      this.priced.add(key);
      return [priceLine(this.converter, c, day)];
    });
  }

  private pocketOf(currency: string, pocketId: PocketId): number | undefined {
    return pocketId ?? this.defaultPocket.get(currency);
  }

  private pocketName(currency: string, pocketId: PocketId): string {
    return commentText(this.pocketNames.get(this.pocketOf(currency, pocketId) ?? 0) ?? '');
  }

  private move(currency: string, by: bigint, pocketId: PocketId): void {
    this.running.set(currency, (this.running.get(currency) ?? 0n) + by);
    const pocket = this.pocketOf(currency, pocketId);
    if (pocket !== undefined) this.inPocket.set(pocket, (this.inPocket.get(pocket) ?? 0n) + by);
  }
}

/** An entry's first lines: its date and title (the label when it has no description), then its id and instant. */
function head(row: TransactionRow | ConversionRow, label: string, id: string): string[] {
  return [
    `${journalDate(row.day)} ${title(row.description === '' ? label : row.description)}`,
    `    ; kassa-id: ${id}, time: ${new Date(row.time).toISOString()}`,
  ];
}

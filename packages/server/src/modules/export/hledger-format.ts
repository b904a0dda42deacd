import type { CurrencyInfo } from '@kassa/money';
import { fixedDecimal, formatSignificant, isoFromDay, pow10 } from '@kassa/money';
import type { CategoryRow } from '../categories/repository.js';
import type { Converter } from '../rates/conversion.js';

// Text rules of the hledger journal (hledger 1.25 reads it; docs/DECISIONS.md "Export").

/** Two or more spaces end an account name and `:` separates its parts: a category name is made safe. */
export function accountPart(name: string): string {
  const safe = name
    .replace(/\s+/g, ' ') // tabs, line breaks and double spaces would end the account name
    .replace(/:/g, '-') // a colon would make a sub-account
    .replace(/;/g, ',') // a semicolon starts a comment in directives
    .trim();
  return safe === '' ? '-' : safe;
}

/**
 * A transaction's title: one line, no `;` (it would start a comment and tags), and not starting
 * with `*`, `!` (a status) or `(` (a code).
 */
export function title(text: string): string {
  const line = text.replace(/\s+/g, ' ').replace(/;/g, ',').trim();
  return /^[*!(]/.test(line) ? `'${line}` : line;
}

/** A comment's text: one line (a line break would end the comment). */
export const commentText = (text: string) => text.replace(/\s+/g, ' ').trim();

/** An amount with its currency's exact decimals and the ISO code as the commodity: "-12.50 EUR". */
export const amount = (minor: bigint, currency: CurrencyInfo) =>
  `${fixedDecimal(minor, currency.decimals)} ${currency.code}`;

/** A posting line, account and amount two spaces apart. */
export const posting = (account: string, text: string) => `    ${account}  ${text}`;

/** The date of an instant's UTC day, as the journal writes it. */
export const journalDate = (day: number) => isoFromDay(day);

/**
 * Digits of a P line's rate. The app converts with the exact ratio of two EUR reference rates,
 * which rarely has a finite decimal expansion; 30 significant digits make hledger's products
 * agree with Kassa's to far below a cent on any amount the app accepts (at most 10^12 units).
 */
const PRICE_DIGITS = 30;

/** `P day C rate MAIN`: the main-currency value of one unit of C on that day, as Kassa converts. */
export function priceLine(converter: Converter, from: CurrencyInfo, day: number): string {
  const { num, den } = converter.fraction(pow10(from.decimals), from, day);
  const rate = formatSignificant(num, den * pow10(converter.to.decimals), PRICE_DIGITS);
  return `P ${journalDate(day)} ${from.code} ${rate} ${converter.to.code}`;
}

/** `commodity 1000.00 EUR`: the display style (decimal mark and decimals) of a currency. */
export const commodityLine = (c: CurrencyInfo) =>
  `commodity 1000.${c.decimals === 0 ? '' : '0'.repeat(c.decimals)} ${c.code}`;

/** The accounts of one category (DESIGN §9). */
export interface CategoryAccounts {
  /** Where a transaction's counter-posting goes (cash is always assets:<currency>). */
  counter: string;
  /** Business only: the P&L account of pnl and realize. */
  pnl?: string;
}

/**
 * Accounts per category: expenses:/income: for real categories, assets:loans: for loans,
 * assets:business: with income:business: for businesses, equity:external for externals. Two
 * categories whose safe names meet (`a:b` and `a-b`) stay apart: the later id gets ` (id)`.
 */
export function categoryAccounts(categories: readonly CategoryRow[]): Map<number, CategoryAccounts> {
  const taken = new Set<string>();
  const unique = (account: string, id: number) => {
    const chosen = taken.has(account) ? `${account} (${id})` : account;
    taken.add(chosen);
    return chosen;
  };
  const accounts = new Map<number, CategoryAccounts>();
  for (const c of [...categories].sort((a, b) => a.id - b.id)) {
    const part = accountPart(c.name);
    switch (c.type) {
      case 'real':
        accounts.set(c.id, { counter: unique(`${c.isIncome === true ? 'income' : 'expenses'}:${part}`, c.id) });
        break;
      case 'loan':
        accounts.set(c.id, { counter: unique(`assets:loans:${part}`, c.id) });
        break;
      case 'business': {
        const counter = unique(`assets:business:${part}`, c.id);
        // The P&L account follows the asset's name, suffix included, so the two stay paired.
        accounts.set(c.id, { counter, pnl: counter.replace(/^assets:business:/, 'income:business:') });
        break;
      }
      case 'external':
        accounts.set(c.id, { counter: 'equity:external' });
        break;
    }
  }
  return accounts;
}

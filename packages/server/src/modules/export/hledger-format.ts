import type { CurrencyInfo } from '@kassa/money';
import { fixedDecimal, formatSignificant, isoFromDay, pow10 } from '@kassa/money';
import type { CategoryRow } from '../categories/repository.js';
import type { Converter } from '../rates/conversion.js';

// Text rules of the hledger journal (hledger 1.25 reads it; docs/DECISIONS.md "Export").

/**
 * A category name as one readable account part. Two or more spaces end an account name and `:`
 * separates its parts, so whitespace and control characters become one space, `:` becomes `-`
 * and `;` (a comment in directives) `,`. This loses information ("a:b" and "a-b" meet);
 * categoryAccounts keeps such categories apart.
 */
export function accountPart(name: string): string {
  const safe = name
    .replace(/[\s\p{Cc}]+/gu, ' ') // tabs, line breaks, double spaces and control characters
    .replace(/:/g, '-')
    .replace(/;/g, ',')
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

/** A category's own mark, ` (#id)`: only these account names end in `(#digits)`. */
const OWN_MARK = /\(#\d+\)$/;

/**
 * Account names a category must not take as they are: real income "business" would be the parent
 * of every business's P&L account (income:business:<name>) and take in their amounts.
 */
const RESERVED = new Set(['income:business']);

/**
 * Accounts per category: expenses:/income: for real categories, assets:loans: for loans,
 * assets:business: with income:business: for businesses, equity:external for externals.
 *
 * Unique by construction, not by probing for a free name: a category's account is its place and
 * safe name as they are ("expenses:Food") unless an older category (lower id) already has that
 * exact account, the name itself ends like a mark `(#digits)`, or the name is reserved; then it
 * is that name with the category's own mark, "expenses:a-b (#58)". Plain accounts are distinct
 * (each is taken once) and never end in a mark; marked ones end in their category's unique id;
 * so no two categories can meet however their names are chosen (a category named "a-b (#58)" is
 * itself marked). Ordinary names stay as they read, and the oldest keeps a name other categories
 * meet, so accounts do not move between exports as categories are added.
 */
export function categoryAccounts(categories: readonly CategoryRow[]): Map<number, CategoryAccounts> {
  const taken = new Set<string>();
  const own = (place: string, c: CategoryRow) => {
    const plain = `${place}${accountPart(c.name)}`;
    const marked = taken.has(plain) || RESERVED.has(plain) || OWN_MARK.test(plain);
    taken.add(plain);
    return marked ? `${plain} (#${c.id})` : plain;
  };
  const accounts = new Map<number, CategoryAccounts>();
  for (const c of [...categories].sort((a, b) => a.id - b.id)) {
    switch (c.type) {
      case 'real':
        accounts.set(c.id, { counter: own(c.isIncome === true ? 'income:' : 'expenses:', c) });
        break;
      case 'loan':
        accounts.set(c.id, { counter: own('assets:loans:', c) });
        break;
      case 'business': {
        const counter = own('assets:business:', c);
        // The P&L account follows the asset's name, mark included, so the two stay paired.
        accounts.set(c.id, { counter, pnl: counter.replace(/^assets:business:/, 'income:business:') });
        break;
      }
      case 'external':
        // All externals are one account by design (DESIGN §9): money from outside the books.
        accounts.set(c.id, { counter: 'equity:external' });
        break;
    }
  }
  return accounts;
}

import type { Budget, BudgetItem, UnconvertedSpending } from '@kassa/contract';
import { currencyInfo, isoFromDay, minorToMajor, utcDayOf } from '@kassa/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Owner } from '../auth/service.js';
import { firstDayOfMonth, monthOfDay } from '../ledger/index.js';
import { roundScaled, scaledValue } from '../ledger/index.js';
import type { LedgerReader } from '../ledger/index.js';
import type { Converter } from '../rates/conversion.js';
import type { RatesService } from '../rates/service.js';
import { BudgetsRepository, type BudgetCategory } from './repository.js';

const MS_PER_DAY = 86_400_000;
/** Months of history per budget, the asked one included. */
export const HISTORY_MONTHS = 12;
/** How far back a rollover looks: the months before the asked one whose result carries into it. */
export const CARRY_MONTHS = 12;

/** The month key (year × 12 + month index, as the ledger's roll-ups) of "YYYY-MM". */
export function monthKey(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

/** "YYYY-MM" of a month key. */
export function monthText(key: number): string {
  return isoFromDay(firstDayOfMonth(key)).slice(0, 7);
}

/** Per category, per month key: the main-currency value spent, in 10^-12 minor units (roundScaled). */
type Spending = Map<number, Map<number, bigint>>;

function addTo<K>(map: Map<K, bigint>, key: K, value: bigint): void {
  map.set(key, (map.get(key) ?? 0n) + value);
}

/** Whether an error is the converter's "no rate at all for this currency" (DESIGN §6). */
const isMissingRate = (err: unknown) => err instanceof AppError && err.type === 'missing_rate';

/**
 * Budgets (docs/DECISIONS.md, Budgets): per expense category with a monthly limit, the month's
 * spending in the main currency (each day's totals at that day's rate, summed exactly and rounded
 * once per month), the rollover carried in, what is left and the daily allowance, and 12 months of
 * history, all from the ledger's aggregates. Spending no rate converts is listed, never counted.
 */
export class BudgetsService {
  private readonly budgets: BudgetsRepository;

  constructor(
    db: Kysely<DB>,
    private readonly ledger: LedgerReader,
    private readonly rates: RatesService,
    private readonly now: () => number = Date.now,
  ) {
    this.budgets = new BudgetsRepository(db);
  }

  /** budget/get {month}: every figure of the month's budgets. */
  async get(owner: Owner, month: string): Promise<Budget> {
    const converter = this.rates.requireMainConverter(owner.mainCurrency);
    const main = converter.to;
    const asked = monthKey(month);
    const first = asked - Math.max(CARRY_MONTHS, HISTORY_MONTHS - 1);
    const categories = await this.budgets.categories(owner.id);
    const { spending, unconverted, spendingMonths } =
      categories.length === 0
        ? {
            spending: new Map<number, Map<number, bigint>>(),
            unconverted: [],
            spendingMonths: new Map<number, Set<number>>(),
          }
        : await this.spending(owner, converter, categories, first, asked);

    // Days counted for the allowance: today to the month's end; the whole month when it is ahead.
    const today = utcDayOf(this.now());
    const firstDay = firstDayOfMonth(asked);
    const lastDay = firstDayOfMonth(asked + 1) - 1;
    const daysLeft = today > lastDay ? null : lastDay - Math.max(today, firstDay) + 1;

    const major = (minor: bigint) => minorToMajor(minor, main.decimals);
    const items = categories.map((c): BudgetItem => {
      const perMonth = spending.get(c.id) ?? new Map<number, bigint>();
      // Each month's spending is rounded once; carried and left add the rounded months, so the
      // history shown adds up to them to the cent.
      const spentIn = (m: number) => roundScaled(perMonth.get(m) ?? 0n);
      const spent = spentIn(asked);
      let carried = 0n;
      if (c.rollover) {
        // From the first month of the window with any spending (a budget starts with its use).
        const used = spendingMonths.get(c.id) ?? new Set<number>();
        let start = asked - CARRY_MONTHS;
        while (start < asked && !used.has(start)) start++;
        for (let m = start; m < asked; m++) carried += c.limit - spentIn(m);
      }
      const left = c.limit + carried - spent;
      // Rounded down, so the allowance over the days left never exceeds what is left.
      const allowance = daysLeft === null ? null : left > 0n ? left / BigInt(daysLeft) : 0n;
      const history = [];
      for (let m = asked - HISTORY_MONTHS + 1; m <= asked; m++)
        history.push({ month: monthText(m), spent: major(spentIn(m)) });
      return {
        categoryId: c.id,
        name: c.name,
        limit: major(c.limit),
        spent: major(spent),
        left: major(left),
        carried: major(carried),
        rollover: c.rollover,
        dailyAllowance: allowance === null ? null : major(allowance),
        history,
      };
    });
    return { month, currency: main.code, daysLeft, items, unconverted };
  }

  /**
   * Spending per category and month over months first..last, from the ledger's main-currency
   * sums (monthly roll-ups, daily totals of changed months). When a currency of the user has no
   * rate at all, the stored values cannot be settled (settling values every changed total): then
   * the window's daily totals are read from the ledger in their own currencies and valued here the
   * same way (each at its day's rate, exactly), and those in a currency without a rate are summed
   * natively and reported as unconverted.
   */
  private async spending(
    owner: Owner,
    converter: Converter,
    categories: readonly BudgetCategory[],
    first: number,
    last: number,
  ): Promise<{ spending: Spending; unconverted: UnconvertedSpending[]; spendingMonths: Map<number, Set<number>> }> {
    const spending: Spending = new Map();
    const spendingMonths = new Map<number, Set<number>>();
    const spend = (categoryId: number, month: number, scaled: bigint) => {
      const perMonth = spending.get(categoryId) ?? new Map<number, bigint>();
      addTo(perMonth, month, scaled);
      spending.set(categoryId, perMonth);
    };
    const used = (categoryId: number, month: number) => {
      const months = spendingMonths.get(categoryId) ?? new Set<number>();
      months.add(month);
      spendingMonths.set(categoryId, months);
    };
    // The categories' expenses, for the stored sums and for the totals read when those fail alike.
    const expenses = { categoryIds: categories.map((c) => c.id), kinds: ['real' as const], isIncome: [false] };
    const after = firstDayOfMonth(first) * MS_PER_DAY - 1;
    const until = firstDayOfMonth(last + 1) * MS_PER_DAY - 1;
    try {
      const sums = await this.ledger.mainSums(owner.id, converter, after, until, {
        byMonth: true,
        byCategory: true,
        filter: expenses,
      });
      for (const g of sums) {
        if (g.kind !== 'real' || g.isIncome) continue;
        spend(g.categoryId, g.month, g.scaled);
        if (g.scaled !== 0n) used(g.categoryId, g.month);
      }
      return { spending, unconverted: [], spendingMonths };
    } catch (err) {
      if (!isMissingRate(err)) throw err;
    }
    spending.clear();
    spendingMonths.clear();
    const native = new Map<string, { categoryId: number; month: number; currency: string; amount: bigint }>();
    for (const t of await this.ledger.nativeTotals(owner.id, [first, last], expenses)) {
      const month = monthOfDay(t.day);
      used(t.categoryId, month);
      try {
        spend(t.categoryId, month, scaledValue(converter, t.amount, t.currency, t.day));
      } catch (err) {
        if (!isMissingRate(err)) throw err;
        const key = `${month}|${t.categoryId}|${t.currency}`;
        const known = native.get(key);
        if (known === undefined)
          native.set(key, { categoryId: t.categoryId, month, currency: t.currency, amount: t.amount });
        else known.amount += t.amount;
      }
    }
    const unconverted = [...native.values()]
      .sort((a, b) => a.month - b.month || a.categoryId - b.categoryId || a.currency.localeCompare(b.currency))
      .map((u) => ({
        categoryId: u.categoryId,
        month: monthText(u.month),
        currency: u.currency,
        amount: minorToMajor(u.amount, currencyInfo(u.currency).decimals),
      }));
    return { spending, unconverted, spendingMonths };
  }
}

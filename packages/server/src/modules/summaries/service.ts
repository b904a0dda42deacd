import {
  businessFigureNames,
  type BusinessFigureName,
  type BusinessFigures,
  type BusinessSummary,
  type LoanSummary,
} from '@kassa/contract';
import { currencyInfo, ExactSum, minorToMajor, placeDecimalPoint, utcDayOf } from '@kassa/money';
import type { DailyTotalsTable } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import type { Owner } from '../auth/service.js';
import type { CategoriesService } from '../categories/service.js';
import type { LedgerReader } from '../ledger/index.js';
import type { RatesService } from '../rates/service.js';
import type { TransactionsService } from '../transactions/service.js';

/** Native P and M sides (minor units, M negative) of invest, pnl and realize flows of one currency. */
interface NativeSides {
  invP: bigint;
  invM: bigint;
  pnlP: bigint;
  pnlM: bigint;
  relP: bigint;
  relM: bigint;
}

/** Which figures a flow of one side of one business type adds to (DESIGN §4). */
function figuresOfFlow(type: string, income: boolean): BusinessFigureName[] {
  const side = income ? 'P' : 'M';
  if (type === 'invest') return [`inv${side}`, 'invS', `balS${side}`, 'balSS'] as BusinessFigureName[];
  if (type === 'pnl')
    return [
      `pnl${side}`,
      'pnlS',
      `balS${side}`,
      'balSS',
      `realS${side}`,
      'realSS',
      'aquiredPnl',
      'sumPnl',
    ] as BusinessFigureName[];
  return [`rel${side}`, 'relS', `realS${side}`, 'realSS', 'aquiredPnl', 'sumPnl'] as BusinessFigureName[];
}

/** The figures that derive from the native sides of one currency, in minor units. */
function nativeFigures(s: NativeSides): Record<BusinessFigureName, bigint> {
  const invS = s.invP + s.invM;
  const pnlS = s.pnlP + s.pnlM;
  const relS = s.relP + s.relM;
  const pendingS = relS - invS;
  const realSS = pnlS + relS;
  return {
    invP: s.invP,
    invM: s.invM,
    invS,
    pnlP: s.pnlP,
    pnlM: s.pnlM,
    pnlS,
    relP: s.relP,
    relM: s.relM,
    relS,
    balSP: s.invP + s.pnlP,
    balSM: s.invM + s.pnlM,
    balSS: invS + pnlS,
    realSP: s.pnlP + s.relP,
    realSM: s.pnlM + s.relM,
    realSS,
    pendingP: s.relP - s.invM,
    pendingM: s.relM - s.invP,
    pendingS,
    aquiredPnl: realSS,
    latentPnl: -pendingS,
    sumPnl: realSS - pendingS,
  };
}

const percent = (value: number, invM: number): number | null =>
  invM === 0 ? null : Math.round((value / -invM) * 100 * 100) / 100;

/** Loan and business summaries from the daily totals, in native currencies and in the main one. */
export class SummariesService {
  constructor(
    private readonly ledger: LedgerReader,
    private readonly categories: CategoriesService,
    private readonly rates: RatesService,
    private readonly transactions: TransactionsService,
    private readonly now: () => number = Date.now,
  ) {}

  private async totals(owner: Owner, id: number, type: 'loan' | 'business'): Promise<DailyTotalsTable[]> {
    const category = await this.categories.require(owner.id, id);
    if (category.type !== type) throw notFound(`${type === 'loan' ? 'Loan' : 'Business'} category ${id} not found`);
    return this.ledger.totalsOfCategory(owner.id, id);
  }

  /** given (OUT), taken (IN) and balance (given - taken) of a loan category. */
  async loan(owner: Owner, id: number): Promise<LoanSummary> {
    const converter = this.rates.requireMainConverter(owner.mainCurrency);
    const today = utcDayOf(this.now());
    const native = new Map<string, { given: bigint; taken: bigint }>();
    const given = new ExactSum();
    const taken = new ExactSum();
    for (const t of await this.totals(owner, id, 'loan')) {
      const n = native.get(t.currency) ?? { given: 0n, taken: 0n };
      const { num, den } = converter.fraction(BigInt(t.amount), currencyInfo(t.currency), t.day);
      if (t.is_income === 1) {
        n.taken += BigInt(t.amount);
        taken.add(num, den);
      } else {
        n.given += BigInt(t.amount);
        given.add(num, den);
      }
      native.set(t.currency, n);
    }
    const balance = new ExactSum();
    for (const [code, n] of native) {
      const { num, den } = converter.fraction(n.given - n.taken, currencyInfo(code), today);
      balance.add(num, den);
    }
    const d = converter.to.decimals;
    return {
      currency: converter.to.code,
      given: minorToMajor(given.rounded(), d),
      taken: minorToMajor(taken.rounded(), d),
      balance: minorToMajor(balance.rounded(), d),
      native: [...native]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, n]) => {
          const cd = currencyInfo(code).decimals;
          return {
            currency: code,
            given: minorToMajor(n.given, cd),
            taken: minorToMajor(n.taken, cd),
            balance: minorToMajor(n.given - n.taken, cd),
          };
        }),
    };
  }

  /** Native sides per currency of a business category. */
  private async sides(
    owner: Owner,
    id: number,
  ): Promise<{ totals: DailyTotalsTable[]; native: Map<string, NativeSides> }> {
    const totals = await this.totals(owner, id, 'business');
    const native = new Map<string, NativeSides>();
    for (const t of totals) {
      const s = native.get(t.currency) ?? { invP: 0n, invM: 0n, pnlP: 0n, pnlM: 0n, relP: 0n, relM: 0n };
      const amount = BigInt(t.amount);
      const prefix = t.business_type === 'invest' ? 'inv' : t.business_type === 'pnl' ? 'pnl' : 'rel';
      if (t.is_income === 1) s[`${prefix}P`] += amount;
      else s[`${prefix}M`] -= amount;
      native.set(t.currency, s);
    }
    return { totals, native };
  }

  /**
   * Every figure of spec §3 for a business category. In the main currency, flow figures convert
   * each day's total at that day's rate, pending (money still in the business) converts at
   * today's rate, and each figure is rounded once from its exact sum.
   */
  async business(owner: Owner, id: number): Promise<BusinessSummary> {
    const converter = this.rates.requireMainConverter(owner.mainCurrency);
    const today = utcDayOf(this.now());
    const { totals, native } = await this.sides(owner, id);
    const sums = Object.fromEntries(businessFigureNames.map((n) => [n, new ExactSum()])) as Record<
      BusinessFigureName,
      ExactSum
    >;
    for (const t of totals) {
      const income = t.is_income === 1;
      const { num, den } = converter.fraction(BigInt(t.amount), currencyInfo(t.currency), t.day);
      for (const name of figuresOfFlow(t.business_type, income)) sums[name].add(income ? num : -num, den);
    }
    for (const [code, s] of native) {
      const f = nativeFigures(s);
      for (const name of ['pendingP', 'pendingM', 'pendingS'] as const) {
        const { num, den } = converter.fraction(f[name], currencyInfo(code), today);
        sums[name].add(num, den);
      }
      // latentPnl = -pendingS, also part of sumPnl, both at today's rate.
      const { num, den } = converter.fraction(f.latentPnl, currencyInfo(code), today);
      sums.latentPnl.add(num, den);
      sums.sumPnl.add(num, den);
    }
    const d = converter.to.decimals;
    const main = Object.fromEntries(
      businessFigureNames.map((n) => [n, minorToMajor(sums[n].rounded(), d)]),
    ) as BusinessFigures;
    return {
      ...main,
      currency: converter.to.code,
      aquiredPnlPerc: percent(main.aquiredPnl, main.invM),
      latentPnlPerc: percent(main.latentPnl, main.invM),
      sumPnlPerc: percent(main.sumPnl, main.invM),
      native: [...native]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, s]) => {
          const f = nativeFigures(s);
          const cd = currencyInfo(code).decimals;
          return {
            currency: code,
            ...(Object.fromEntries(businessFigureNames.map((n) => [n, minorToMajor(f[n], cd)])) as BusinessFigures),
          };
        }),
    };
  }

  /**
   * Adds, per currency with latent P&L, a realize transaction of that amount, bringing pending
   * to zero (DESIGN §4). A closed category refuses it like any other change (409). All currencies
   * are realised in one database transaction: a failure leaves no half realisation.
   */
  async addLatent(owner: Owner, id: number): Promise<BusinessSummary> {
    const { native } = await this.sides(owner, id);
    const latent = [...native]
      .map(([code, s]) => [code, nativeFigures(s).latentPnl] as const)
      .filter(([, v]) => v !== 0n);
    if (latent.length === 0) throw conflict('There is no latent P&L to realise');
    const time = this.now();
    await this.transactions.addMany(
      owner,
      latent.map(([code, value]) => ({
        amount: placeDecimalPoint(value < 0n ? -value : value, currencyInfo(code).decimals),
        currency: code,
        categoryId: id,
        description: 'Realization of latent P&L',
        time,
        isIncome: value > 0n,
        type: 'realize' as const,
      })),
    );
    return this.business(owner, id);
  }
}

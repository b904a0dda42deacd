import type { CashflowName, NamedAsset } from '@kassa/contract';
import { sumMajor } from '@kassa/money';
import { namedAmount } from './figures';
import type english from '../../i18n/locales/en/analytics.json';
import { inEnglish, t } from './i18n';
import { monthlyAverage } from './shares';

/** In, out (shown as a positive amount) and the signed change of one kind of cash movement. */
export interface InOut {
  in: number;
  out: number;
  change: number;
}

export interface CashflowFigures {
  currency: string;
  start: number;
  end: number;
  change: number;
  income: number;
  incomeMonthly: number;
  /** Expenses as a positive amount (spec §2: absolute value). */
  expense: number;
  expenseMonthly: number;
  /** income + expense (expenses negative), spec §9. */
  saving: number;
  savingMonthly: number;
  loans: InOut;
  businesses: InOut;
  /** Loans and businesses together, from the server's tempin/tempout. */
  temporary: InOut;
  conversions: InOut;
  externals: InOut;
  realized: number;
  fixpointError: number;
  revaluation: number;
}

export interface ReconciliationLine {
  label: string;
  /** The label in English, for data-figure. */
  figure: string;
  amount: number;
}

/**
 * The cash-flow screen's figures from analytics/cashflow (DESIGN §5). Every sum is exact (minor
 * units); out sides arrive negative and are shown as positive amounts beside a signed change.
 */
export function cashflowFigures(list: readonly NamedAsset[], days: number): CashflowFigures | undefined {
  const currency = list[0]?.asset.currency;
  if (currency === undefined) return undefined;
  const v = (name: CashflowName) => namedAmount(list, name);
  const abs = (n: number) => Math.abs(n);
  const inOut = (inName: CashflowName, outName: CashflowName): InOut => ({
    in: v(inName),
    out: abs(v(outName)),
    change: sumMajor(currency, v(inName), v(outName)),
  });
  const saving = sumMajor(currency, v('income'), v('expense'));
  return {
    currency,
    start: v('start'),
    end: v('end'),
    change: sumMajor(currency, v('end'), -v('start')),
    income: v('income'),
    incomeMonthly: monthlyAverage(v('income'), currency, days),
    expense: abs(v('expense')),
    expenseMonthly: monthlyAverage(abs(v('expense')), currency, days),
    saving,
    savingMonthly: monthlyAverage(saving, currency, days),
    loans: inOut('loanin', 'loanout'),
    businesses: inOut('businessin', 'businessout'),
    temporary: inOut('tempin', 'tempout'),
    conversions: inOut('convin', 'convout'),
    externals: inOut('externalin', 'externalout'),
    realized: v('realized'),
    fixpointError: v('fixpointerror'),
    revaluation: v('revaluation'),
  };
}

/**
 * DESIGN §5's identity as lines that add up from the start balance to the end balance:
 * end = start + saving - realized + loans + businesses + conversions + externals + fixpoint
 * errors + revaluation. `realized` is P&L that moved no cash (business realize), so it is taken
 * back out of the saving.
 */
export function reconciliation(f: CashflowFigures): ReconciliationLine[] {
  const line = (key: keyof (typeof english)['cashflow']['lines'], amount: number): ReconciliationLine => ({
    label: t(`cashflow.lines.${key}`),
    figure: inEnglish(`cashflow.lines.${key}`),
    amount,
  });
  return [
    line('saving', f.saving),
    line('realized', -f.realized),
    line('loans', f.loans.change),
    line('businesses', f.businesses.change),
    line('conversions', f.conversions.change),
    line('externals', f.externals.change),
    line('fixpointErrors', f.fixpointError),
    line('revaluation', f.revaluation),
  ];
}

/** start + every reconciliation line, exactly: equals `end` when the server's identity holds. */
export function reconciledEnd(f: CashflowFigures): number {
  return sumMajor(f.currency, f.start, ...reconciliation(f).map((l) => l.amount));
}

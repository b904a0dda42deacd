import type { BalanceHistory, CategoryAmount, CashflowName, NamedAsset } from '@kassa/contract';
import { sumMajor } from '@kassa/money';
import { endOfDay } from '../../lib/local-time';
import type { DayInterval } from '../../components/interval';
import { t } from './i18n';

/** The last `count` calendar months, oldest first, the current one up to today (income vs spending). */
export function lastMonths(count: number, today = new Date()): DayInterval[] {
  const months: DayInterval[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const start = new Date(today.getFullYear(), today.getMonth() - back, 1);
    const last = back === 0 ? today : new Date(today.getFullYear(), today.getMonth() - back + 1, 0);
    months.push({ start, end: endOfDay(last) });
  }
  return months;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

/** A month's short label: "Mar", or "Jan 2026" for January so the year shows where it turns. */
export function monthLabel(start: Date): string {
  const name = t(`months.${MONTHS[start.getMonth()] ?? 'jan'}`);
  return start.getMonth() === 0 ? t('months.withYear', { month: name, year: start.getFullYear() }) : name;
}

const amountOf = (list: readonly NamedAsset[], name: CashflowName) => list.find((a) => a.name === name)?.asset.amount;

/** One bar pair per month: income and spending (absolute), in the main currency. */
export function incomeVsSpending(
  months: readonly DayInterval[],
  answers: readonly (readonly NamedAsset[])[],
): { month: string; Income: number; Spending: number }[] {
  return months.map((m, i) => {
    const answer = answers[i] ?? [];
    return {
      month: monthLabel(m.start),
      Income: amountOf(answer, 'income') ?? 0,
      Spending: Math.abs(amountOf(answer, 'expense') ?? 0),
    };
  });
}

/** The top `top` categories of this month's spending, the rest summed exactly into "Other". */
export function spendingBars(
  list: readonly CategoryAmount[],
  currency: string,
  top = 7,
): { category: string; amount: number }[] {
  const positive = list.filter((c) => c.asset.amount > 0).sort((a, b) => b.asset.amount - a.asset.amount);
  const bars = positive.slice(0, top).map((c) => ({ category: c.name, amount: c.asset.amount }));
  const rest = positive.slice(top);
  if (rest.length > 0)
    bars.push({ category: t('charts.spending.other'), amount: sumMajor(currency, ...rest.map((c) => c.asset.amount)) });
  return bars;
}

/**
 * Net worth over the year, one point a week and the last day (a point a day crowds a small card
 * and says no more).
 */
export function netWorthPoints(history: BalanceHistory): { date: string; 'Net worth': number }[] {
  const points: { date: string; 'Net worth': number }[] = [];
  const last = history.dates.length - 1;
  history.dates.forEach((date, i) => {
    if ((last - i) % 7 === 0) points.push({ date, 'Net worth': history.networth[i] ?? 0 });
  });
  return points;
}

// Analytics journeys as the demo user (three years of EUR, USD and HUF data): every tab's figures
// are checked against the API's own answers, fetched beside the browser with the same request body.
import { abbreviate, formatMoney, sumMajor } from '@kassa/money';
import { expect, test, type Page } from '@playwright/test';
import { AnalyticsPage, figureIn } from '../pages/analytics.js';
import { LoginPage } from '../pages/login.js';
import { Toasts } from '../pages/toasts.js';
import { apiOf, type PageApi } from '../support/api.js';
import { schemePictures } from '../support/pictures.js';

interface NamedAsset {
  name: string;
  asset: { amount: number; currency: string };
}
interface Holding {
  currency: string;
  amount: number;
  convertedAmount?: number;
  legs?: { currency: string; day: string; rate: string; source: string }[];
}
interface BalanceHistory {
  dates: string[];
  available: number[];
  loaned: number[];
  businesspending: number[];
  networth: number[];
}

const eur = (amount: number) => formatMoney(amount, 'EUR');
const amountOf = (list: NamedAsset[], name: string) => list.find((a) => a.name === name)?.asset.amount ?? 0;

async function demoLogin(page: Page): Promise<PageApi> {
  await new LoginPage(page).tryTheDemo();
  await expect(new Toasts(page).message('Logged in as demo user')).toBeVisible();
  return apiOf(page);
}

test('single period: categories, monthly figures and shares as the API answers, OUT and IN', async ({
  page,
}, testInfo) => {
  const api = await demoLogin(page);
  const analytics = new AnalyticsPage(page);
  const body = await analytics.bodySentTo('oneperiod', () => analytics.goto());
  await expect(page).toHaveURL(/\/private\/analytics\/oneperiod$/);
  expect(body).toMatchObject({ direction: false });

  for (const income of [false, true]) {
    const sent = income ? await analytics.bodySentTo('oneperiod', () => analytics.showIncome()) : body;
    const answer = await api.post<(NamedAsset & { categoryId: number })[]>('analytics/oneperiod', sent);
    const shown = answer.filter((c) => c.asset.amount > 0);
    expect(shown.length, 'the demo has P&L this month').toBeGreaterThan(0);
    for (const c of shown) {
      await expect(analytics.categoryCells(c.name).nth(1)).toHaveText(eur(c.asset.amount));
    }
    await expect(analytics.categoryRows).toHaveCount(shown.length);
    const sum = sumMajor('EUR', ...shown.map((c) => c.asset.amount));
    await expect(analytics.categoryCells('Sum').nth(1)).toHaveText(eur(sum));
    await expect(analytics.categoryCells('Sum').nth(3)).toHaveText('100.0%');
    // The largest category's share, with one decimal.
    const top = shown[0];
    if (top !== undefined) {
      const share = ((top.asset.amount / sum) * 100).toFixed(1);
      await expect(analytics.categoryCells(top.name).nth(3)).toHaveText(`${share}%`);
    }
    // The pie draws one slice per category up to 7, plus Other.
    await expect(analytics.pieSlices).toHaveCount(Math.min(shown.length, 8));
    if (!income) await schemePictures(page, testInfo, 'oneperiod');
  }
});

test('cash flow: balances, P&L and movements as the API answers, adding up from start to end', async ({
  page,
}, testInfo) => {
  const api = await demoLogin(page);
  const analytics = new AnalyticsPage(page);
  await analytics.goto('oneperiod');
  // A year, so that every kind of movement of the demo shows up.
  await analytics.chooseInterval('1 Y');
  const body = await analytics.bodySentTo('cashflow', () => analytics.openTab('Cash flow'));
  const cf = await api.post<NamedAsset[]>('analytics/cashflow', body);
  const v = (name: string) => amountOf(cf, name);
  const section = (title: string) => analytics.cashflowSection(title);

  await expect(figureIn(section('Available balance'), 'Start')).toHaveText(eur(v('start')));
  await expect(figureIn(section('Available balance'), 'End')).toHaveText(eur(v('end')));
  await expect(figureIn(section('Income and expenses'), 'Income')).toHaveText(eur(v('income')));
  await expect(figureIn(section('Income and expenses'), 'Expenses')).toHaveText(eur(Math.abs(v('expense'))));
  await expect(figureIn(section('Savings'), 'Savings')).toHaveText(eur(sumMajor('EUR', v('income'), v('expense'))));
  await expect(figureIn(section('Loans'), 'In')).toHaveText(eur(v('loanin')));
  await expect(figureIn(section('Loans'), 'Out')).toHaveText(eur(Math.abs(v('loanout'))));
  await expect(figureIn(section('Businesses'), 'Change')).toHaveText(
    eur(sumMajor('EUR', v('businessin'), v('businessout'))),
  );
  await expect(figureIn(section('Loans and businesses'), 'In')).toHaveText(eur(v('tempin')));
  await expect(figureIn(section('Loans and businesses'), 'Out')).toHaveText(eur(Math.abs(v('tempout'))));
  await expect(figureIn(section('Currency conversions'), 'Net')).toHaveText(
    eur(sumMajor('EUR', v('convin'), v('convout'))),
  );
  await expect(figureIn(section('Externals'), 'In')).toHaveText(eur(v('externalin')));
  const lines = section('From start to end');
  await expect(figureIn(lines, 'Less realized P&L (no cash moved)')).toHaveText(eur(-v('realized')));
  await expect(figureIn(lines, 'Fixpoint errors')).toHaveText(eur(v('fixpointerror')));
  await expect(figureIn(lines, 'Exchange-rate revaluation')).toHaveText(eur(v('revaluation')));
  await expect(figureIn(lines, 'Available at end')).toHaveText(eur(v('end')));
  // The server's identity holds, so the screen shows no mismatch.
  await expect(analytics.mismatchWarning).toHaveCount(0);
  await schemePictures(page, testInfo, 'cashflow');
});

test('holdings and balances: as the API answers for today, hidden balances shown on a click', async ({
  page,
}, testInfo) => {
  const api = await demoLogin(page);
  const analytics = new AnalyticsPage(page);
  const holdingsBody = await analytics.bodySentTo('holdings', () => analytics.goto('holdings'));
  expect(typeof holdingsBody).toBe('string');
  const holdings = await api.post<Holding[]>('analytics/holdings', holdingsBody);
  await expect(analytics.holdingRows).toHaveCount(holdings.length);
  const byValue = [...holdings].sort((a, b) => (b.convertedAmount ?? b.amount) - (a.convertedAmount ?? a.amount));
  for (const [i, h] of byValue.entries()) {
    // A converted value names its rate and the day of the stored rate behind it (issue 21).
    const day = h.legs?.find((l) => l.source !== 'definition')?.day ?? '';
    const converted =
      h.convertedAmount === undefined
        ? /^$/
        : new RegExp(`^${escapeRegExp(eur(h.convertedAmount))}1 ${h.currency} = [0-9.]+ EUR · ${day}$`);
    await expect(analytics.holdingCells(i)).toHaveText([h.currency, formatMoney(h.amount, h.currency), converted]);
  }
  await expect(analytics.figure('Total value')).toHaveText(
    eur(sumMajor('EUR', ...holdings.map((h) => h.convertedAmount ?? h.amount))),
  );
  await expect(analytics.compositionTitle).toBeVisible();
  await schemePictures(page, testInfo, 'holdings');

  const balancesBody = await analytics.bodySentTo('balances', () => analytics.openTab('Balances'));
  const balances = await api.post<NamedAsset[]>('analytics/balances', balancesBody);
  const card = analytics.balancesCard;
  await expect(figureIn(card, 'Available nominal')).toHaveText(eur(amountOf(balances, 'availablenominalmain')));
  await expect(figureIn(card, 'Available (converted)')).toHaveText(eur(amountOf(balances, 'available')));
  await expect(analytics.hiddenBalances).toHaveCount(4);
  await schemePictures(page, testInfo, 'balances-hidden');
  await analytics.revealBalances();
  for (const [label, name] of [
    ['Loan pending', 'loaned'],
    ['Business pending', 'businesspending'],
    ['Outstanding sum', 'outstanding'],
    ['Net worth', 'networth'],
  ] as const) {
    await expect(figureIn(card, label)).toHaveText(eur(amountOf(balances, name)));
  }
  await schemePictures(page, testInfo, 'balances-shown');
});

test('balance history and multi-period: charts of the API series, values abbreviated with k and M', async ({
  page,
}, testInfo) => {
  const api = await demoLogin(page);
  const analytics = new AnalyticsPage(page);
  const body = await analytics.bodySentTo('balance-history', () => analytics.goto('balance-history'));
  const history = await api.post<BalanceHistory>('analytics/balance-history', body);
  expect(history.dates.length).toBeGreaterThan(300); // a year by default
  const chart = analytics.balanceHistoryChart;
  await expect(chart.lines).toHaveCount(4);
  for (const label of ['Available', 'Loaned', 'Business pending', 'Net worth'])
    await expect(chart.label(label)).toBeVisible();
  // Axis ticks abbreviate thousands.
  await expect(chart.ticks(/\dk$/)).not.toHaveCount(0);
  // Hovering a day near the end shows its date and the API's values with 2 decimals and k/M.
  await analytics.hoverBalanceHistory(30);
  const tooltip = analytics.tooltip;
  await expect(tooltip).toContainText(/\d{4}\.\d{2}\.\d{2}\./);
  const label = /(\d{4})\.(\d{2})\.(\d{2})\./.exec((await tooltip.textContent()) ?? '');
  const i = history.dates.indexOf(`${label?.[1]}-${label?.[2]}-${label?.[3]}`);
  expect(i, 'the tooltip names a day of the answer').toBeGreaterThanOrEqual(0);
  for (const [name, key] of [
    ['Available', 'available'],
    ['Loaned', 'loaned'],
    ['Business pending', 'businesspending'],
    ['Net worth', 'networth'],
  ] as const) {
    await expect(tooltip).toContainText(`${name}${abbreviate(history[key][i] ?? 0, 2)}`);
  }
  await schemePictures(page, testInfo, 'balance-history');

  const mpBody = await analytics.bodySentTo('multiperiod', () => analytics.openTab('Multi-period'));
  const series = await api.post<{ name: string; values: (number | string)[] }[]>('analytics/multiperiod', mpBody);
  const names = series.filter((s) => s.name !== 'dates').map((s) => s.name);
  expect(names.length).toBeGreaterThan(0);
  expect(names.length).toBeLessThanOrEqual(8);
  const mp = analytics.multiPeriodChart;
  await expect(mp.areas).toHaveCount(names.length);
  for (const name of names) await expect(mp.label(name).first()).toBeVisible();
  await schemePictures(page, testInfo, 'multiperiod');
});

/** A text matched literally inside a regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Currency insights (issue 21) at desktop and phone width: a user with EUR and USD, a costly
// conversion and a fixpoint that finds 5 EUR missing; each screen's figures are checked against
// the API's own answer to the same request, and against what the ledger makes them by hand.
import { formatMoney } from '@kassa/money';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { AnalyticsPage, figureIn } from '../pages/analytics.js';
import { InsightsScreens } from '../pages/insights.js';
import { apiOf, type PageApi } from '../support/api.js';
import { freshUser } from '../support/users.js';
import { picture } from '../support/pictures.js';

interface ConversionCosts {
  total: number;
  count: number;
  items: { id: number; cost: number; effectiveRate: number; referenceRate: number }[];
  months: { month: string; cost: number }[];
  pairs: { from: string; to: string; count: number; cost: number }[];
}
interface Exposure {
  series: { currency: string; values: number[] }[];
  sensitivity: { currency: string; amount: number }[];
}
interface Bridge {
  start: number;
  end: number;
  parts: { name: string; amount: number; currency?: string }[];
}
interface Drift {
  currencies: { currency: string; monthlyAverage: number; items: { cumulative: number }[] }[];
}

const eur = (amount: number) => formatMoney(amount, 'EUR');
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** A full-page picture in light mode, to look at. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await picture(page, testInfo.outputPath(`${testInfo.project.name}-${name}.png`), { settleMs: 300 });
}

/** 1000 EUR of salary, 100 EUR exchanged for 90 USD (a poor rate), then a fixpoint stating 5 EUR less than the books. */
async function booksWithTwoCurrencies(api: PageApi): Promise<{ conversionId: number }> {
  await api.post('currency/add', { currency: 'USD', items: [{ name: 'Dollar account' }] });
  const salary = await api.post<{ id: number }>('category/add', { name: 'Salary', type: 'real', isIncome: true });
  await api.post('transaction/add', {
    amount: '1000',
    currency: 'EUR',
    categoryId: salary.id,
    description: 'Salary',
    time: daysAgo(4),
  });
  const conversion = await api.post<{ id: number }>('conversion/add', {
    fromAmount: 100,
    fromCurrency: 'EUR',
    toAmount: 90,
    toCurrency: 'USD',
    description: 'Airport exchange',
    time: daysAgo(3),
  });
  const pockets = await api.get<{ pocketId: number; currency: string }[]>('pocket/getall');
  await api.post(
    'fixpoint/set',
    pockets.map((p) => ({ pocketId: p.pocketId, balance: p.currency === 'EUR' ? '895' : '90' })),
  );
  return { conversionId: conversion.id };
}

test('currency insights: conversion costs, exposure, the net-worth bridge and fixpoint drift', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await freshUser(page, testInfo, 'insights', 'EUR');
  const api = await apiOf(page);
  const { conversionId } = await booksWithTwoCurrencies(api);
  const analytics = new AnalyticsPage(page);
  const insights = new InsightsScreens(page);

  let conversionCost = 0;
  await test.step('Exchange: the conversion, its cost, the pair, the month and the total', async () => {
    const body = await analytics.bodySentTo('conversion-costs', () => insights.gotoExchange());
    await expect(analytics.tab('Exchange')).toHaveAttribute('aria-selected', 'true');
    const costs = await api.post<ConversionCosts>('analytics/conversion-costs', body);
    expect(costs.count).toBe(1);
    const item = costs.items[0];
    if (item === undefined) throw new Error('no conversion');
    // 90 USD for 100 EUR is well below the day's rate: the difference is the cost, in EUR.
    expect(item.cost).toBeCloseTo(100 - 90 / item.referenceRate, 1);
    expect(item.cost).toBeGreaterThan(5);
    conversionCost = item.cost;

    // A cost above zero is money lost, and the total says so in words (issue 32).
    expect(costs.total).toBeGreaterThan(0);
    await expect(insights.totalCost).toHaveText(`${eur(costs.total)} lost`);
    const row = insights.cells(`conversion ${conversionId}`);
    await expect(row.nth(1)).toHaveText('100.00 €');
    await expect(row.nth(2)).toHaveText('$90.00');
    await expect(row.nth(3)).toHaveText('1 EUR = 0.9000 USD');
    await expect(row.nth(4)).toContainText('1 EUR = ');
    await expect(row.nth(5)).toHaveText(eur(item.cost));
    await expect(insights.cells('pair EUR USD')).toHaveText(['EUR → USD', '1', eur(item.cost)]);
    await expect(insights.monthlyCostBars).toHaveCount(costs.months.length);
    expect(await insights.overflowsSideways()).toBe(false);
  });

  await test.step('Exchange: exposure per currency and what a 10 % move of USD does', async () => {
    const body = await analytics.bodySentTo('exposure', () => page.reload());
    const exposure = await api.post<Exposure>('analytics/exposure', body);
    expect(exposure.series.map((s) => s.currency)).toEqual(['EUR', 'USD']);
    await expect(insights.exposureAreas).toHaveCount(2);
    const usd = exposure.sensitivity.find((s) => s.currency === 'USD');
    if (usd === undefined) throw new Error('no USD sensitivity');
    // A tenth of what the 90 USD held are worth in EUR.
    const usdNow = exposure.series[1]?.values.at(-1) ?? 0;
    expect(usd.amount).toBeCloseTo(usdNow / 10, 1);
    await expect(insights.cells('sensitivity USD')).toHaveText(['USD', eur(usd.amount), eur(-usd.amount)]);
    await expect(insights.sensitivityCaption('EUR')).toBeVisible();
    await insights.conversionCosts.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'exchange');
  });

  await test.step('Balances: the bridge adds up to the net worth the balances card shows', async () => {
    const body = await analytics.bodySentTo('networth-bridge', () => insights.gotoBalances());
    const bridge = await api.post<Bridge>('analytics/networth-bridge', body);
    await analytics.revealBalances();
    const netWorth = figureIn(analytics.balancesCard, 'Net worth');
    await expect(netWorth).toHaveText(eur(bridge.end));
    await expect(insights.cells('bridge end').nth(1)).toHaveText(await netWorth.innerText());
    await expect(insights.cells('bridge start').nth(1)).toHaveText(eur(0));
    await expect(insights.cells('bridge income')).toHaveText(['Income', eur(1000)]);
    await expect(insights.cells('bridge conversioncost')).toHaveText(['Conversion costs', eur(-conversionCost)]);
    await expect(insights.cells('bridge fixpointerror')).toHaveText(['Fixpoint errors', eur(-5)]);
    const fx = bridge.parts.find((p) => p.name === 'fx' && p.currency === 'USD');
    await expect(insights.cells('bridge fx-USD')).toHaveText(['Exchange rates: USD', eur(fx?.amount ?? 0)]);
    // Start, the parts, end: a bar each.
    await expect(insights.bridgeBars).toHaveCount(bridge.parts.length + 2);
    expect(await insights.overflowsSideways()).toBe(false);
    await insights.bridge.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'bridge');
  });

  await test.step('Fixpoints: the drift of the 5 EUR found missing, with its monthly average', async () => {
    const body = await analytics.bodySentTo('fixpoint-drift', () => insights.gotoFixpoints());
    const drift = await api.post<Drift>('analytics/fixpoint-drift', body);
    const eurDrift = drift.currencies.find((c) => c.currency === 'EUR');
    expect(eurDrift?.items.at(-1)?.cumulative).toBe(-5);
    await expect(insights.figure('Drift EUR')).toHaveText(eur(-5));
    await expect(insights.figure('Monthly drift EUR')).toHaveText(eur(eurDrift?.monthlyAverage ?? NaN));
    await expect(insights.driftLines).toHaveCount(drift.currencies.filter((c) => c.items.length > 0).length);
    expect(await insights.overflowsSideways()).toBe(false);
    await insights.drift.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'drift');
  });
});

// Rate provenance (issue 21) at desktop and phone width: a user with EUR main and USD sees, under
// every converted figure, the day and source of the rates used and each currency's rate; the
// expected texts come from the API's own exrate/used answer. The category report's valuation and
// currency switch shows what the API answers for the very body the page sent.
import { formatMoney, formatRate } from '@kassa/money';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { axeOf } from '../support/axe.js';
import { AnalyticsPage, figureIn } from '../pages/analytics.js';
import { ManagePage } from '../pages/manage.js';
import { RateProvenanceBlock } from '../pages/provenance.js';
import { Transactions } from '../pages/transactions.js';
import { apiOf, type PageApi } from '../support/api.js';
import { freshUser } from '../support/users.js';
import { picture } from '../support/pictures.js';
import { untilStill } from '../support/still.js';

interface UsedRates {
  currencies: { currency: string; rates: { day: string; rate: string; source: string }[] }[];
}
interface Named {
  name: string;
  asset: { amount: number; currency: string };
}

/** How the app writes a UTC day and a source (the wording users read; see docs/DECISIONS.md). */
const dayLabel = (day: string) => `${day.replace(/-/g, '.')}.`;
const sourceLabel = (source: string) =>
  source.startsWith('import:')
    ? 'hand-imported'
    : source.includes('@')
      ? 'bundled history'
      : `live feed: ${source === 'ecb' ? 'ECB' : source}`;

/** The USD rate per EUR in force on the UTC day of `instant`, as exrate/used answers it. */
async function usdRateOn(api: PageApi, instant: Date) {
  const day = instant.toISOString().slice(0, 10);
  const used = await api.post<UsedRates>('exrate/used', { start: `${day}T00:00:00.000Z`, end: `${day}T23:59:59.999Z` });
  const rates = used.currencies.find((c) => c.currency === 'USD')?.rates ?? [];
  expect(rates, `exrate/used for ${day}`).toHaveLength(1);
  const stored = rates[0] ?? { day: '', rate: '', source: '' };
  return {
    day: dayLabel(stored.day),
    source: sourceLabel(stored.source),
    text: `1 EUR = ${formatRate(Number(stored.rate)).text} USD`,
  };
}

/** A full-page picture in light mode, to look at; and nothing wider than the window. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await picture(page, testInfo.outputPath(`${testInfo.project.name}-${name}.png`), { settleMs: 300 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: the page is wider than the window`).toBeLessThanOrEqual(0);
}

/** Serious and critical axe findings of the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await untilStill(page);
  const results = await axeOf(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Within this month (local), an hour ago unless the month is younger than that. */
function thisMonth(minutesAgo: number): string {
  const now = new Date();
  const monthStart = new Date(now.getFullYear(), now.getMonth(), 1).getTime();
  return new Date(Math.max(now.getTime() - minutesAgo * 60_000, monthStart + 60_000)).toISOString();
}

test('rate provenance: captions, rates used, the converted cell and the valuation switch', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await freshUser(page, testInfo, 'provenance', 'EUR');
  const api = await apiOf(page);
  await api.post('currency/add', { currency: 'USD', items: [{ name: 'Dollar account' }] });
  const salary = await api.post<{ id: number }>('category/add', { name: 'Salary', type: 'real', isIncome: true });
  const food = await api.post<{ id: number }>('category/add', { name: 'Food', type: 'real', isIncome: false });
  const dinnerTime = thisMonth(60);
  await api.post('transaction/add', {
    amount: '1000',
    currency: 'EUR',
    categoryId: salary.id,
    description: 'Salary',
    time: thisMonth(120),
  });
  await api.post('transaction/add', {
    amount: '50',
    currency: 'USD',
    categoryId: food.id,
    description: 'Dinner in New York',
    time: dinnerTime,
  });
  await api.post('transaction/add', {
    amount: '20',
    currency: 'EUR',
    categoryId: food.id,
    description: 'Groceries',
    time: thisMonth(90),
  });
  const today = await usdRateOn(api, new Date());
  const caption = `Rates of ${today.day} (${today.source})`;

  await test.step('dashboard: the balances and the cash flow name their rates', async () => {
    await page.goto('/private/dashboard');
    const balances = new RateProvenanceBlock(page, 'dashboard-balances');
    await expect(balances.caption).toHaveText(caption);
    await balances.open();
    await expect(balances.line('USD')).toContainText(today.text);
    await expect(balances.line('USD')).toContainText(`${today.day} · ${today.source}`);
    const cashflow = new RateProvenanceBlock(page, 'dashboard-cashflow');
    await expect(cashflow.caption).toContainText("Each flow at its own day's rate.");
    await expect(cashflow.caption).toContainText(`(${today.source})`);
    await shot(page, testInfo, 'dashboard');
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('analytics balances card: caption and rates, and the click stays in the list', async () => {
    const analytics = new AnalyticsPage(page);
    await page.goto('/private/analytics/balances');
    const card = new RateProvenanceBlock(page, 'balances');
    await expect(card.caption).toHaveText(caption);
    await expect(analytics.hiddenBalances).toHaveCount(4);
    await card.open();
    // Opening the list is no click on the card: the hidden balances stay hidden.
    await expect(analytics.hiddenBalances).toHaveCount(4);
    await expect(card.line('USD')).toContainText(today.text);
    await expect(card.line('USD')).toContainText(`${today.day} · ${today.source}`);
    await shot(page, testInfo, 'balances');
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('currencies page: "Rates of …" with the source as users know it', async () => {
    const manage = new ManagePage(page);
    await manage.gotoCurrencies();
    await expect(manage.ratesCaption).toHaveText(`${caption}, the latest stored for each currency.`);
    await expect(manage.currencyRow('USD')).toContainText(today.text);
  });

  await test.step('transaction list: the converted cell tells its rate, day and source', async () => {
    const t = new Transactions(page);
    await t.gotoList();
    await expect(t.row('Dinner in New York')).toBeVisible();
    if (testInfo.project.name === 'phone') {
      // The compact table has no Converted column (spec §2), so there is nothing to explain.
      await expect(t.columnHeader('Converted')).toHaveCount(0);
    } else {
      const then = await usdRateOn(api, new Date(dinnerTime));
      await expect(t.convertedCell('Dinner in New York')).toHaveAttribute(
        'title',
        `${then.text} · rate of ${then.day} · ${then.source}`,
      );
      // A row in the main currency converts nothing and has no title.
      await expect(t.convertedCell('Groceries')).not.toHaveAttribute('title', /.+/);
    }
    await shot(page, testInfo, 'transactions');
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('single period: one date and USD, as the API answers the same body', async () => {
    const analytics = new AnalyticsPage(page);
    await analytics.goto('oneperiod');
    await expect(analytics.categoryCells('Food')).toHaveCount(4);
    const note = new RateProvenanceBlock(page, 'oneperiod');
    await expect(note.caption).toContainText("Each flow at its own day's rate.");
    await analytics.bodySentTo('oneperiod', () => analytics.chooseValuation('One date'));
    const body = await analytics.bodySentTo('oneperiod', () => analytics.chooseCurrency('USD'));
    const todayLocal = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const localDay = `${todayLocal.getFullYear()}-${pad(todayLocal.getMonth() + 1)}-${pad(todayLocal.getDate())}`;
    expect(body).toMatchObject({ direction: false, valuation: { date: localDay }, currency: 'USD' });
    const answer = await api.post<Named[]>('analytics/oneperiod', body);
    const foodAnswer = answer.find((c) => c.name === 'Food');
    expect(foodAnswer?.asset.currency).toBe('USD');
    await expect(analytics.categoryCells('Food').nth(1)).toHaveText(formatMoney(foodAnswer?.asset.amount ?? 0, 'USD'));
    // 50 USD and 20 EUR at one day's rates, in USD: more than the dollars alone.
    expect(foodAnswer?.asset.amount ?? 0).toBeGreaterThan(50);
    await expect(note.caption).toContainText(`All flows at the rates of ${dayLabel(localDay)}`);
    await note.open();
    // Shown in USD: the rate reads from USD to EUR.
    await expect(note.line('EUR')).toContainText('1 USD = ');
    await shot(page, testInfo, 'oneperiod-usd');
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('cash flow keeps the view: its totals are the API answer for the same body', async () => {
    const analytics = new AnalyticsPage(page);
    const body = await analytics.bodySentTo('cashflow', () => analytics.openTab('Cash flow'));
    expect(body).toMatchObject({ currency: 'USD', valuation: { date: expect.any(String) as unknown } });
    const answer = await api.post<Named[]>('analytics/cashflow', body);
    const expense = answer.find((a) => a.name === 'expense')?.asset;
    expect(expense?.currency).toBe('USD');
    await expect(figureIn(analytics.cashflowSection('Income and expenses'), 'Expenses')).toHaveText(
      formatMoney(Math.abs(expense?.amount ?? 0), 'USD'),
    );
    const rates = new RateProvenanceBlock(page, 'cashflow');
    await expect(rates.caption).toContainText('All flows at the rates of');
    // Back to each day's rate: the caption says so, and the figures follow the API again.
    const thenBody = await analytics.bodySentTo('cashflow', () => analytics.chooseValuation("Each day's rate"));
    expect(thenBody).not.toHaveProperty('valuation');
    await expect(rates.caption).toContainText("Each flow at its own day's rate.");
    const thenAnswer = await api.post<Named[]>('analytics/cashflow', thenBody);
    const thenExpense = thenAnswer.find((a) => a.name === 'expense')?.asset;
    await expect(figureIn(analytics.cashflowSection('Income and expenses'), 'Expenses')).toHaveText(
      formatMoney(Math.abs(thenExpense?.amount ?? 0), 'USD'),
    );
    await shot(page, testInfo, 'cashflow');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

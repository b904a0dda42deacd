// Daily use (issue 22) at desktop and phone width: loans and businesses in plain words, pocket
// cards that say which balance they show, chart units, projected monthly averages, months in the
// user's time zone, the entry forms opening in the amount, and a compact list filter.
import { formatDate, formatMoney } from '@kassa/money';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { axeOf } from '../support/axe.js';
import { AnalyticsPage, figureIn } from '../pages/analytics.js';
import { DashboardPage } from '../pages/dashboard.js';
import { LoginPage } from '../pages/login.js';
import { ManagePage } from '../pages/manage.js';
import { OperationsPage } from '../pages/operations.js';
import { Shell } from '../pages/shell.js';
import { Toasts } from '../pages/toasts.js';
import { Transactions } from '../pages/transactions.js';
import { addCategory, apiOf, type PageApi } from '../support/api.js';
import { freshUser } from '../support/users.js';
import { picture } from '../support/pictures.js';
import { untilStill } from '../support/still.js';

const HOUR = 3_600_000;
const eur = (amount: number) => formatMoney(amount, 'EUR');

/** Serious and critical axe findings in `scope` (the whole page by default), as readable lines. */
async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  await untilStill(page);
  const builder = axeOf(page);
  const results = await (scope === undefined ? builder : builder.include(scope)).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact ?? ''} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** A full-page screenshot at the project's width to look at, and axe on the screen as it is. */
async function look(page: Page, testInfo: TestInfo, name: string) {
  // Toasts fade; the colour scheme settles after load.
  await picture(page, testInfo.outputPath(`${testInfo.project.name}-${name}.png`), { settleMs: 300 });
  expect(await seriousViolations(page), name).toEqual([]);
}

async function addTransaction(
  api: PageApi,
  t: { categoryId: number; amount: string; isIncome: boolean; time: number; description?: string; type?: string },
) {
  return (
    await api.post<{ id: number }>('transaction/add', {
      amount: t.amount,
      currency: 'EUR',
      categoryId: t.categoryId,
      description: t.description ?? '',
      time: new Date(t.time).toISOString(),
      isIncome: t.isIncome,
      ...(t.type === undefined ? {} : { type: t.type }),
    })
  ).id;
}

test('loan and business rows speak plain words, each term explained under the table', async ({ page }, testInfo) => {
  await freshUser(page, testInfo, 'words', 'EUR');
  const api = await apiOf(page);
  const now = Date.now();
  const add = (categoryId: number, amount: string, isIncome: boolean, hoursAgo: number, type?: string) =>
    addTransaction(api, { categoryId, amount, isIncome, time: now - hoursAgo * HOUR, type });
  // Anna: I lent her 300, she paid 100 back. Bank: it lent me 500, I paid 200 back.
  const anna = await addCategory(api, 'Loan to Anna', 'loan');
  const lent = await add(anna, '300', false, 50);
  const repaid = await add(anna, '100', true, 40);
  const bank = await addCategory(api, 'Loan from the bank', 'loan');
  const borrowed = await add(bank, '500', true, 30);
  const paidBack = await add(bank, '200', false, 20);
  const stall = await addCategory(api, 'Market stall', 'business');
  const business = {
    invested: await add(stall, '1000', false, 60, 'invest'),
    tookOut: await add(stall, '100', true, 50, 'invest'),
    profit: await add(stall, '250', true, 40, 'pnl'),
    loss: await add(stall, '30', false, 30, 'pnl'),
  };

  const operations = new OperationsPage(page);
  await page.goto(`/private/operations/loan?id=${anna}`);
  await expect(operations.figure('Balance')).toContainText(eur(200));
  await expect(operations.words(lent)).toHaveText('I lent');
  await expect(operations.words(repaid)).toHaveText('I was repaid');
  const loanTerms = operations.explanations;
  await expect(loanTerms).toContainText('I lent · I borrowed: money you gave or took that is to be paid back.');
  await expect(loanTerms).toContainText('I was repaid · I repaid: a loan coming back to you, or you paying one back.');
  await look(page, testInfo, 'loan-words');

  await page.goto(`/private/operations/loan?id=${bank}`);
  await expect(operations.figure('Balance')).toContainText(eur(-300));
  await expect(operations.words(borrowed)).toHaveText('I borrowed');
  await expect(operations.words(paidBack)).toHaveText('I repaid');

  await operations.gotoBusiness(stall);
  await expect(operations.transactions).toHaveCount(4);
  await expect(operations.words(business.invested)).toHaveText('I invested');
  await expect(operations.words(business.tookOut)).toHaveText('I took out');
  await expect(operations.words(business.profit)).toHaveText('Profit');
  await expect(operations.words(business.loss)).toHaveText('Loss');
  const terms = operations.terms;
  await expect(terms).toHaveCount(3);
  await expect(terms.nth(0)).toHaveText(/^Invest: money put into the business \(I invested\) or taken out of it/);
  await expect(terms.nth(1)).toHaveText('P&L: a known profit or loss, counted like income or an expense.');
  await expect(terms.nth(2)).toHaveText(/^Realise: books money still pending in the business as profit or loss/);
  await look(page, testInfo, 'business-words-before');

  // Realising adds a row in its own words.
  await operations.answer(await operations.realise(), 'Yes');
  await expect(operations.transactions).toHaveCount(5);
  // 900 still in the stall: a latent loss of 900 is realised.
  await expect(operations.newestWords).toHaveText('Realised loss');
  await look(page, testInfo, 'business-words');
});

test('pocket cards show the balance at the last fixpoint, the currency group what is available today', async ({
  page,
}, testInfo) => {
  await freshUser(page, testInfo, 'pockets', 'EUR');
  const api = await apiOf(page);
  await api.post('pocket/add', { name: 'Wallet', currency: 'EUR', isCash: true });
  const pockets = await api.get<{ pocketId: number; name: string; currency: string }[]>('pocket/getall');
  await api.post(
    'fixpoint/set',
    pockets.map((p) => ({ pocketId: p.pocketId, balance: p.name === 'Wallet' ? '40' : '100' })),
  );
  const fixpoint = await api.get<{ time: string }>('fixpoint/getlast');
  // Spent after the fixpoint: the pockets still show what was stated, the currency what is left.
  const groceries = await addCategory(api, 'Groceries', 'real', false);
  await addTransaction(api, {
    categoryId: groceries,
    amount: '25.5',
    isIncome: false,
    time: Date.parse(fixpoint.time) + 1,
  });

  await page.goto('/private/manage/pocket');
  const manage = new ManagePage(page);
  await expect(manage.availableToday('EUR')).toHaveText(`Available today: ${eur(114.5)}`);
  const wallet = manage.pocketCard('EUR', 'Wallet');
  await expect(wallet).toContainText(eur(40));
  const caption = `At the fixpoint of ${formatDate(new Date(fixpoint.time))}`;
  await expect(manage.balanceCaption('EUR', 'Wallet')).toHaveText(caption);
  await expect(manage.pocketCard('EUR', 'Default pocket')).toContainText(eur(100));
  await expect(manage.balanceCaption('EUR', 'Default pocket')).toHaveText(caption);
  // Beside each other: the available figure sits in the group above its pocket cards.
  const available = await manage.availableToday('EUR').boundingBox();
  const card = await wallet.boundingBox();
  expect(available !== null && card !== null && available.y < card.y).toBe(true);
  await look(page, testInfo, 'pockets');
});

/** Logs in as the demo user and returns its API. */
async function demoLogin(page: Page): Promise<PageApi> {
  await new LoginPage(page).tryTheDemo();
  await expect(new Toasts(page).message('Logged in as demo user')).toBeVisible();
  return apiOf(page);
}

test('charts put the currency on their axes and in their tooltips', async ({ page }, testInfo) => {
  await demoLogin(page);
  const analytics = new AnalyticsPage(page);
  await analytics.goto('balance-history');
  const history = analytics.balanceHistoryChart;
  await expect(history.lines).toHaveCount(4);
  // The y axis's unit label.
  await expect(history.axisLabel('EUR')).toHaveCount(1);
  const tooltip = await history.hover(40);
  // Each value of the hovered day with its unit: "Net worth47.66k EUR".
  for (const name of ['Available', 'Net worth'])
    await expect(tooltip).toContainText(new RegExp(`${name}-?[\\d.]+[kM]? EUR`));
  await look(page, testInfo, 'balance-history-tooltip');

  await analytics.openTab('Multi-period');
  const multi = analytics.multiPeriodChart;
  await expect(multi.areas.first()).toBeVisible();
  await expect(multi.axisLabel('EUR')).toHaveCount(1);
  const monthly = await multi.hover(30, 0.8);
  await expect(monthly).toContainText(/\d{4}\.\d{2}\./);
  await expect(monthly).toContainText(/[\d.]+[kM]? EUR/);
  await look(page, testInfo, 'multiperiod-tooltip');

  // The dashboard's charts value in the main currency too: the axis says EUR, the tooltip €.
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  const networth = dashboard.networth;
  await expect(networth.axisLabel('EUR')).toHaveCount(1);
  const worth = await networth.hover(30);
  await expect(worth).toContainText(/\d[\d ]*\.\d{2} €/);
});

test('monthly averages of a part of a month are marked as projected, a longer period is not', async ({ page }) => {
  await demoLogin(page);
  const analytics = new AnalyticsPage(page);
  await analytics.goto('oneperiod');
  const header = analytics.monthlyAverageHeader;
  const note = analytics.projectedNote;
  // The default is this month to date, as the browser counts days.
  const today = await page.evaluate(() => {
    const d = new Date();
    return { day: d.getDate(), last: new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate() };
  });
  await expect(analytics.categoryRows.first()).toBeVisible();
  if (today.day < today.last) {
    await expect(header).toHaveText('Monthly avg. *');
    await expect(note).toContainText(
      `* Projected: the period has only ${today.day} ${today.day === 1 ? 'day' : 'days'}, scaled to a 30.42-day month.`,
    );
    // Every monthly figure is set apart (italic) from the real amounts.
    const cells = analytics.categoryCells('Sum');
    await expect(cells.nth(2)).toHaveCSS('font-style', 'italic');
    await expect(cells.nth(1)).toHaveCSS('font-style', 'normal');
  } else {
    // The last day of the month: month to date is the whole month, nothing is projected.
    await expect(header).toHaveText('Monthly avg.');
    await expect(note).toHaveCount(0);
  }
  // A year is measured, not projected.
  await analytics.chooseInterval('1 Y');
  await expect(header).toHaveText('Monthly avg.');
  await expect(note).toHaveCount(0);
  await expect(analytics.categoryCells('Sum').nth(2)).toHaveCSS('font-style', 'normal');

  // Cash flow keeps the year: its monthly averages are measured; month to date projects them.
  await analytics.tab('Cash flow').click();
  const average = figureIn(analytics.cashflowSection('Income and expenses'), 'Expenses monthly avg.');
  await expect(average).toHaveCSS('font-style', 'normal');
  await expect(note).toHaveCount(0);
  await analytics.chooseInterval('MTD');
  if (today.day < today.last) {
    await expect(average).toHaveCSS('font-style', 'italic');
    await expect(analytics.figureLabel('Expenses monthly avg. *')).toBeVisible();
    await expect(note).toContainText(`only ${today.day} ${today.day === 1 ? 'day' : 'days'}`);
  } else {
    await expect(average).toHaveCSS('font-style', 'normal');
    await expect(note).toHaveCount(0);
  }
});

test.describe('in Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('multi-period months are the user’s calendar months', async ({ page }, testInfo) => {
    await freshUser(page, testInfo, 'tokyo', 'EUR');
    const api = await apiOf(page);
    const groceries = await addCategory(api, 'Groceries', 'real', false);
    // Tokyo is UTC+9 all year. The month before last (m2) and last month (m1), as Tokyo counts them.
    const tokyo = new Date(Date.now() + 9 * HOUR);
    const y = tokyo.getUTCFullYear();
    const m = tokyo.getUTCMonth();
    const at = (month: number, day: number, hour: number, minute: number) =>
      Date.UTC(y, month, day, hour, minute) - 9 * HOUR;
    const monthKey = (month: number) => {
      const d = new Date(Date.UTC(y, month, 1));
      return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    // At the local day's edges either side of the turn of the month: 23:30 on m2's last day and
    // 09:30 on m1's first.
    await addTransaction(api, {
      categoryId: groceries,
      amount: '100',
      isIncome: false,
      time: at(m - 1, 0, 23, 30),
      description: 'Late shop',
    });
    await addTransaction(api, {
      categoryId: groceries,
      amount: '40',
      isIncome: false,
      time: at(m - 1, 1, 9, 30),
      description: 'Morning shop',
    });
    // The list shows them at Tokyo's clock.
    const t = new Transactions(page);
    await t.gotoList();
    const firstOf = new Date(Date.UTC(y, m - 1, 1));
    const dayOf = (d: Date) =>
      `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${String(d.getUTCDate()).padStart(2, '0')}.`;
    await expect(t.row('Morning shop')).toContainText(`${dayOf(firstOf)} 09:30`);
    await expect(t.row('Late shop')).toContainText(`${dayOf(new Date(Date.UTC(y, m - 1, 0)))} 23:30`);

    const analytics = new AnalyticsPage(page);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/analytics/multiperiod') && r.ok()),
      page.goto('/private/analytics/multiperiod'),
    ]);
    const series = (await response.json()) as { name: string; values: (number | string)[] }[];
    const dates = series.find((s) => s.name === 'dates')?.values ?? [];
    // Twelve whole Tokyo months: no stub of a few hours before the first one.
    expect(dates[0]).toBe(monthKey(m - 11));
    expect(dates.at(-1)).toBe(monthKey(m));
    expect(dates).toHaveLength(12);
    const spent = series.find((s) => s.name === 'Groceries')?.values ?? [];
    expect(spent[dates.indexOf(monthKey(m - 2))]).toBe(100);
    expect(spent[dates.indexOf(monthKey(m - 1))]).toBe(40);
    // The chart's axis starts and ends with those months, and has no month before the first.
    const chart = analytics.multiPeriodChart;
    const label = (month: number) => `${monthKey(month).replace('-', '.')}.`;
    await expect(chart.axisLabel(label(m - 11))).toBeVisible();
    await expect(chart.axisLabel(label(m))).toBeVisible();
    await expect(chart.axisLabel(label(m - 12))).toHaveCount(0);
    await look(page, testInfo, 'multiperiod-tokyo');
  });
});

test('the entry forms open with the amount focused, new and edited', async ({ page }, testInfo) => {
  await freshUser(page, testInfo, 'focus', 'EUR');
  const api = await apiOf(page);
  await api.post('currency/add', { currency: 'USD', items: [{ name: 'Dollar account' }] });
  const groceries = await addCategory(api, 'Groceries', 'real', false);
  const t = new Transactions(page);

  await t.gotoAdd('expense');
  await expect(t.amount).toBeFocused();
  // Typed straight away, it lands in the amount.
  await page.keyboard.type('12.5');
  await expect(t.amount).toHaveValue('12.5');
  await t.gotoAdd('conversion');
  await expect(t.fromAmount).toBeFocused();

  const id = await addTransaction(api, {
    categoryId: groceries,
    amount: '7.25',
    isIncome: false,
    time: Date.now() - HOUR,
    description: 'Bakery',
  });
  // From the list, as a person opens it.
  await t.gotoList();
  await t.row('Bakery').click();
  await expect(page).toHaveURL(new RegExp(`/private/edit-transaction/${id}$`));
  await expect(t.amount).toHaveValue('7.25');
  await expect(t.amount).toBeFocused();
  await look(page, testInfo, 'edit-transaction-focus');
  // Corrected without the mouse: select all, type, Enter saves.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('8');
  await page.keyboard.press('Enter');
  await expect(new Toasts(page).message('Transaction edited')).toBeVisible();
  expect((await api.get<{ amount: number }>(`transaction/getbyid/${id}`)).amount).toBe(8);

  const conversion = await api.post<{ id: number }>('conversion/add', {
    fromAmount: '100',
    fromCurrency: 'EUR',
    toAmount: '108',
    toCurrency: 'USD',
    description: 'Dollars',
    time: new Date(Date.now() - HOUR).toISOString(),
  });
  await page.goto(`/private/edit-conversion/${conversion.id}`);
  await expect(t.fromAmount).toHaveValue('100');
  await expect(t.fromAmount).toBeFocused();
  await look(page, testInfo, 'edit-conversion-focus');
});

test('the list filter leaves the first result on the first screen', async ({ page }, testInfo) => {
  await freshUser(page, testInfo, 'compact', 'EUR');
  const api = await apiOf(page);
  const groceries = await addCategory(api, 'Groceries', 'real', false);
  await addCategory(api, 'Rent', 'real', false);
  await addCategory(api, 'Salary', 'real', true);
  await addCategory(api, 'Loan to Ann', 'loan');
  for (const [i, description] of ['Market', 'Bakery', 'Greens'].entries())
    await addTransaction(api, {
      categoryId: groceries,
      amount: String(10 + i),
      isIncome: false,
      time: Date.now() - (i + 1) * HOUR,
      description,
    });
  const t = new Transactions(page);
  await t.gotoList();
  await t.filters.check();
  await expect(t.preset('Last month')).toBeVisible();
  await expect(t.preset('Last year')).toBeVisible();
  await expect(t.rows).toHaveCount(3);
  await page.evaluate(() => window.scrollTo(0, 0));
  await look(page, testInfo, 'list-filter-open');
  const viewport = page.viewportSize();
  expect(viewport).not.toBeNull();
  const first = await t.rows.first().boundingBox();
  // The whole first row shows without scrolling, above the footer fixed at the screen's bottom.
  const footer = await new Shell(page).footer.boundingBox();
  const visibleBottom = Math.min(viewport?.height ?? 0, footer?.y ?? Infinity);
  expect((first?.y ?? Infinity) + (first?.height ?? 0)).toBeLessThanOrEqual(visibleBottom);
  await expect(t.rows.first()).toBeInViewport();
  // Every list is still there to choose from (on a phone in one row that scrolls sideways).
  for (const list of ['Income categories', 'Expense categories', 'Loan / business', 'Currency', 'Direction'])
    await expect(t.availableList(list)).toBeAttached();

  // Filtering still works from the compact panel: only the expense category's rows.
  await t.choose('Groceries');
  await expect(page).toHaveURL(new RegExp(`expense=${groceries}`));
  await expect(t.rows).toHaveCount(3);
  await t.choose('Income');
  await expect(t.rows).toHaveCount(0);
});

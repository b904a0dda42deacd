// The dashboard (issue 22) at desktop and phone width: a newcomer's starter categories and
// onboarding checklist, and the demo's charts with its figures and a holdings pie of positive
// balances only.
import { formatMoney } from '@kassa/money';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { E2E_USER } from '../e2e-env.js';
import { AnalyticsPage } from '../pages/analytics.js';
import { LoginPage } from '../pages/login.js';
import { Registration } from '../pages/registration.js';
import { Transactions } from '../pages/transactions.js';
import { apiOf } from '../support/api.js';
import { referralCodeOf, verificationCodeFor } from '../support/server.js';
import { uniqueEmail } from '../support/users.js';

interface BalanceHistory {
  networth: number[];
}
interface Holding {
  currency: string;
  amount: number;
}

/** Full-page screenshots at the project's width, light and dark, to look at. */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a newcomer picks starter categories and follows the onboarding checklist', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'starter');
  const reg = new Registration(page);
  await page.goto('/public/signup');
  await reg.fillSignup(email, 'Newcomer-pass-1');
  await reg.submitSignup();
  await reg.expectStep('verify-email');
  await reg.verifyEmail(await verificationCodeFor(email));
  await reg.expectStep('verify-referral');
  await reg.enterReferral(await referralCodeOf(E2E_USER.email, E2E_USER.password));
  await reg.expectStep('initial-data');

  await reg.fillInitialData({
    firstName: 'Stella',
    lastName: 'Starter',
    currency: 'EUR',
    currencyLabel: 'EUR · Euro',
    startBalance: '500',
  });
  // Every starter category comes ticked; untick one, add one of one's own.
  await expect(page.getByRole('checkbox', { name: 'Groceries' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Salary' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Entertainment' }).uncheck();
  await page.getByRole('textbox', { name: 'Another category' }).fill('Pets');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Pets' })).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('initial-data.png'), fullPage: true });
  await reg.save();
  await expect(page.getByText('Registration complete')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/dashboard$/);

  // The checklist: nothing done but the categories picked at sign-up.
  const checklist = page.getByTestId('onboarding');
  await expect(checklist.getByText('1 of 5 done')).toBeVisible();
  await expect(checklist.locator('[data-step="categories"]')).toHaveAttribute('data-done', 'true');
  await expect(checklist.locator('[data-step="transaction"]')).toHaveAttribute('data-done', 'false');
  await shots(page, testInfo, 'new-user-dashboard');

  // The picked categories are in the category list, the unticked one is not.
  await page.goto('/private/manage/category');
  const main = page.getByRole('main');
  for (const name of ['Groceries', 'Rent', 'Dining out', 'Pets', 'Salary', 'Freelance'])
    await expect(main.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(main.getByRole('cell', { name: 'Entertainment', exact: true })).toHaveCount(0);

  // Record a transaction through the checklist's link: the step is ticked back on the dashboard.
  await page.goto('/private/dashboard');
  await checklist.getByRole('link', { name: 'Record a transaction' }).click();
  await expect(page).toHaveURL(/\/private\/add-transaction/);
  const t = new Transactions(page);
  await t.pick('Category', 'Groceries');
  await t.fill('23.40', 'Market');
  await t.save();
  await expect(page.getByText(/Transaction added/)).toBeVisible();
  await page.goto('/private/dashboard');
  await expect(checklist.getByText('2 of 5 done')).toBeVisible();
  await expect(checklist.locator('[data-step="transaction"]')).toHaveAttribute('data-done', 'true');
  await expect(checklist.getByRole('link', { name: 'Record a transaction' })).toHaveCount(0);

  // This month's spending shows in the chart's summary.
  await expect(page.getByTestId('dashboard-spending')).toContainText(`Most on Groceries: ${formatMoney(23.4, 'EUR')}`);

  // Hidden for good, in this browser.
  await checklist.getByRole('button', { name: 'Hide checklist' }).click();
  await expect(checklist).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hello Stella!' })).toBeVisible();
  await expect(page.getByTestId('dashboard-networth')).toBeVisible();
  await expect(checklist).toHaveCount(0);
});

test('the demo dashboard shows its charts with real figures, and holdings hold no negative balance', async ({
  page,
}, testInfo) => {
  await new LoginPage(page).tryTheDemo();
  await expect(page.getByText('Logged in as demo user')).toBeVisible();
  await page.goto('/private/dashboard');
  const api = await apiOf(page);

  // Net worth: the chart's last figure is the API's.
  const history = await api.post<BalanceHistory>('analytics/balance-history', {
    start: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    end: new Date().toISOString(),
  });
  const now = history.networth.at(-1) ?? 0;
  expect(now).toBeGreaterThan(0);
  const networth = page.getByTestId('dashboard-networth');
  await expect(networth.locator('[data-figure="Net worth now"]')).toHaveText(formatMoney(now, 'EUR'));
  await expect(networth.locator('.recharts-line-curve')).toHaveCount(1);

  // Spending by category this month, and income against spending over six months: bars drawn.
  const spending = page.getByTestId('dashboard-spending');
  await expect(spending.getByText(/Most on /)).toBeVisible();
  await expect(spending.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const incomeSpending = page.getByTestId('dashboard-income-spending');
  await expect(incomeSpending.getByText(/Average a month: income/)).toBeVisible();
  // A fresh visitor's months are valued at the first report: the bars may follow the caption.
  await expect.poll(() => incomeSpending.locator('.recharts-bar-rectangle').count()).toBeGreaterThanOrEqual(10);

  // The balances explained in place; no checklist for the demo; what's new folded.
  await expect(page.getByTestId('balances-explained')).toContainText('Available (converted)');
  await expect(page.getByTestId('onboarding')).toHaveCount(0);
  const whatsNew = page.getByTestId('whats-new');
  await expect(whatsNew.getByText('v1.10.5')).toBeVisible();
  await expect(whatsNew.getByText('v1.10.4')).toHaveCount(0);
  await whatsNew.getByRole('button', { name: /Show all \d+ versions/ }).click();
  await expect(whatsNew.getByText('v1.10.4')).toBeVisible();
  await whatsNew.getByRole('button', { name: 'Show only the latest version' }).click();
  await shots(page, testInfo, 'demo-dashboard');

  // Holdings: every currency positive, so the pie has a slice for each and no note.
  const holdings = await api.post<Holding[]>('analytics/holdings', new Date().toISOString());
  expect(holdings.map((h) => h.currency).sort()).toEqual(['EUR', 'HUF', 'USD']);
  for (const h of holdings) expect(h.amount, h.currency).toBeGreaterThan(0);
  const analytics = new AnalyticsPage(page);
  await analytics.goto('holdings');
  await expect(page.getByText('Converted value composition')).toBeVisible();
  await expect(page.getByText(/Not in the pie, being negative/)).toHaveCount(0);
  await expect(analytics.pieSlices).toHaveCount(3);
  await shots(page, testInfo, 'demo-holdings');
});

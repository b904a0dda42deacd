// The dashboard (issue 22) at desktop and phone width: a newcomer's starter categories and
// onboarding checklist, and the demo's charts with its figures and a holdings pie of positive
// balances only.
import { formatMoney } from '@kassa/money';
import { expect, test } from '@playwright/test';
import { E2E_USER } from '../e2e-env.js';
import { AnalyticsPage } from '../pages/analytics.js';
import { DashboardPage } from '../pages/dashboard.js';
import { LoginPage } from '../pages/login.js';
import { ManagePage } from '../pages/manage.js';
import { Registration } from '../pages/registration.js';
import { Toasts } from '../pages/toasts.js';
import { Transactions } from '../pages/transactions.js';
import { apiOf } from '../support/api.js';
import { referralCodeOf, verificationCodeFor } from '../support/server.js';
import { uniqueEmail } from '../support/users.js';
import { picture, schemePictures } from '../support/pictures.js';

interface BalanceHistory {
  networth: number[];
}
interface Holding {
  currency: string;
  amount: number;
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
  await expect(reg.starterCategory('Groceries')).toBeChecked();
  await expect(reg.starterCategory('Salary')).toBeChecked();
  await reg.starterCategory('Entertainment').uncheck();
  await reg.addCategory('Pets');
  await expect(reg.starterCategory('Pets')).toBeChecked();
  await picture(page, testInfo.outputPath('initial-data.png'));
  await reg.save();
  const toasts = new Toasts(page);
  await expect(toasts.message('Registration complete')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/dashboard$/);

  // The checklist: nothing done but the categories picked at sign-up.
  const dashboard = new DashboardPage(page);
  const checklist = dashboard.checklist;
  await expect(dashboard.checklistProgress('1 of 5 done')).toBeVisible();
  await expect(dashboard.checklistStep('categories')).toHaveAttribute('data-done', 'true');
  await expect(dashboard.checklistStep('transaction')).toHaveAttribute('data-done', 'false');
  await schemePictures(page, testInfo, 'new-user-dashboard');

  // The picked categories are in the category list, the unticked one is not.
  await page.goto('/private/manage/category');
  const manage = new ManagePage(page);
  for (const name of ['Groceries', 'Rent', 'Dining out', 'Pets', 'Salary', 'Freelance'])
    await expect(manage.categoryNamed(name)).toBeVisible();
  await expect(manage.categoryNamed('Entertainment')).toHaveCount(0);

  // Record a transaction through the checklist's link: the step is ticked back on the dashboard.
  await dashboard.goto();
  await dashboard.checklistLink('Record a transaction').click();
  await expect(page).toHaveURL(/\/private\/add-transaction/);
  const t = new Transactions(page);
  await t.pick('Category', 'Groceries');
  await t.fill('23.40', 'Market');
  await t.save();
  await expect(toasts.message(/Transaction added/)).toBeVisible();
  await dashboard.goto();
  await expect(dashboard.checklistProgress('2 of 5 done')).toBeVisible();
  await expect(dashboard.checklistStep('transaction')).toHaveAttribute('data-done', 'true');
  await expect(dashboard.checklistLink('Record a transaction')).toHaveCount(0);

  // This month's spending shows in the chart's summary.
  await expect(dashboard.spending.root).toContainText(`Most on Groceries: ${formatMoney(23.4, 'EUR')}`);

  // Hidden for good, in this browser.
  await dashboard.hideChecklist();
  await expect(checklist).toHaveCount(0);
  await page.reload();
  await expect(dashboard.greeting('Stella')).toBeVisible();
  await expect(dashboard.networth.root).toBeVisible();
  await expect(checklist).toHaveCount(0);
});

test('the demo dashboard shows its charts with real figures, and holdings hold no negative balance', async ({
  page,
}, testInfo) => {
  await new LoginPage(page).tryTheDemo();
  await expect(new Toasts(page).message('Logged in as demo user')).toBeVisible();
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  const api = await apiOf(page);

  // Net worth: the chart's last figure is the API's.
  const history = await api.post<BalanceHistory>('analytics/balance-history', {
    start: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    end: new Date().toISOString(),
  });
  const now = history.networth.at(-1) ?? 0;
  expect(now).toBeGreaterThan(0);
  const networth = dashboard.networth;
  await expect(networth.figure('Net worth now')).toHaveText(formatMoney(now, 'EUR'));
  await expect(networth.lineCurves).toHaveCount(1);

  // Spending by category this month, and income against spending over six months: bars drawn.
  const spending = dashboard.spending;
  await expect(spending.text(/Most on /)).toBeVisible();
  await expect(spending.bars.first()).toBeVisible();
  const incomeSpending = dashboard.incomeSpending;
  await expect(incomeSpending.text(/Average a month: income/)).toBeVisible();
  // A fresh visitor's months are valued at the first report: the bars may follow the caption.
  await expect.poll(() => incomeSpending.bars.count()).toBeGreaterThanOrEqual(10);

  // The balances explained in place; no checklist for the demo; what's new folded.
  await expect(dashboard.balancesExplained).toContainText('Available (converted)');
  await expect(dashboard.checklist).toHaveCount(0);
  await expect(dashboard.whatsNewVersion('v1.10.5')).toBeVisible();
  await expect(dashboard.whatsNewVersion('v1.10.4')).toHaveCount(0);
  await dashboard.showAllVersions();
  await expect(dashboard.whatsNewVersion('v1.10.4')).toBeVisible();
  await dashboard.showLatestVersionOnly();
  await schemePictures(page, testInfo, 'demo-dashboard');

  // Holdings: every currency positive, so the pie has a slice for each and no note.
  const holdings = await api.post<Holding[]>('analytics/holdings', new Date().toISOString());
  expect(holdings.map((h) => h.currency).sort()).toEqual(['EUR', 'HUF', 'USD']);
  for (const h of holdings) expect(h.amount, h.currency).toBeGreaterThan(0);
  const analytics = new AnalyticsPage(page);
  await analytics.goto('holdings');
  await expect(analytics.compositionTitle).toBeVisible();
  await expect(analytics.negativeNote).toHaveCount(0);
  await expect(analytics.pieSlices).toHaveCount(3);
  await schemePictures(page, testInfo, 'demo-holdings');
});

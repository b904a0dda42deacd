import { expect, test, type Page } from '@playwright/test';
import { axeOf } from '../support/axe.js';
import { DashboardPage } from '../pages/dashboard.js';
import { ManagePage } from '../pages/manage.js';
import { dueButton, SchedulesPage, UpcomingCard } from '../pages/schedules.js';
import { Transactions } from '../pages/transactions.js';
import { apiOf } from '../support/api.js';
import { freshUser } from '../support/users.js';
import { picture } from '../support/pictures.js';
import { untilStill } from '../support/still.js';

/** The UTC calendar date `offset` days from today (the server's days are UTC). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Serious and critical axe findings on the page (or inside `selector`), as readable lines. */
async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  await untilStill(page);
  const axe = axeOf(page);
  const results = await (selector === undefined ? axe : axe.include(selector)).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('schedules: remind and confirm from the dashboard, post by itself, skip, make one from a transaction', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await freshUser(page, testInfo, 'schedules', 'EUR');
  const api = await apiOf(page);
  const category = (name: string, isIncome: boolean) =>
    api.post<{ id: number }>('category/add', { name, type: 'real', isIncome });
  const salary = await category('Salary', true);
  await category('Rent', false);
  await category('Gym', false);
  const subscriptions = await category('Subscriptions', false);
  await api.post('transaction/add', {
    categoryId: salary.id,
    amount: 2000,
    currency: 'EUR',
    time: new Date().toISOString(),
    description: 'Salary',
  });
  // Two days ago: the first occurrence has come, whatever the machine's time zone.
  const start = day(-2);

  // Manage › Schedules, empty.
  const manage = new ManagePage(page);
  await manage.goto();
  await manage.openTab('Schedules');
  const schedules = new SchedulesPage(page);
  await expect(schedules.emptyText).toBeVisible();

  // A monthly rent that reminds: due at once.
  await schedules.add({ category: 'Rent', amount: '950', description: 'Flat rent', start });
  await expect(schedules.figure('Flat rent', 'amount')).toHaveText('- 950.00 €');
  await expect(schedules.figure('Flat rent', 'rule')).toContainText('Every month on the');
  await expect(schedules.figure('Flat rent', 'due')).toHaveText('1 due');
  await expect(schedules.figure('Flat rent', 'mode')).toHaveText('Reminds me');
  await expect(dueButton(schedules.dueCard, 'Confirm', 'Flat rent')).toBeVisible();
  await picture(page, testInfo.outputPath('schedules.png'));
  expect(await seriousViolations(page)).toEqual([]);

  // The dashboard: due, with the balance it leaves; confirming posts it.
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  const upcoming = new UpcomingCard(page);
  const available = dashboard.figure('Available in EUR');
  await expect(available).toHaveText('2 000.00 €');
  await expect(upcoming.dueBadge('Flat rent')).toBeVisible();
  await expect(upcoming.dueFigure('Flat rent', 'amount')).toHaveText('- 950.00 €');
  await expect(upcoming.dueFigure('Flat rent', 'balance-after')).toHaveText('Available after: 1 050.00 €');
  await picture(page, testInfo.outputPath('upcoming.png'));
  expect(await seriousViolations(page, '[data-testid="upcoming-card"]')).toEqual([]);
  await dueButton(upcoming.card, 'Confirm', 'Flat rent').click();
  await expect(schedules.toast('Transaction added')).toBeVisible();
  await expect(available).toHaveText('1 050.00 €');
  await expect(upcoming.dueItem('Flat rent')).toHaveCount(0);
  const transactions = new Transactions(page);
  await transactions.gotoList();
  await expect(transactions.row('Flat rent')).toBeVisible();

  // A gym membership that posts itself: the daily job (every few seconds here, see serve.ts) posts it.
  await schedules.goto();
  await schedules.add({
    category: 'Gym',
    amount: '30',
    description: 'Gym membership',
    start,
    mode: 'Post it automatically',
  });
  await expect(schedules.figure('Gym membership', 'mode')).toHaveText('Posts itself');
  await expect(async () => {
    await page.reload();
    await expect(schedules.row('Gym membership')).toBeVisible();
    await expect(schedules.figure('Gym membership', 'due')).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await transactions.gotoList();
  await expect(transactions.row('Gym membership')).toBeVisible();

  // Skip: a one-off reminder passed over posts nothing and is finished.
  await api.post('schedule/add', {
    rule: 'FREQ=DAILY;COUNT=1',
    start,
    mode: 'remind',
    payload: {
      kind: 'transaction',
      amount: 5,
      currency: 'EUR',
      categoryId: subscriptions.id,
      description: 'Newspaper',
    },
  });
  await schedules.goto();
  await dueButton(schedules.dueCard, 'Skip', 'Newspaper').click();
  await expect(schedules.toast('Occurrence skipped')).toBeVisible();
  await expect(schedules.dueCard).toBeHidden();
  await expect(schedules.figure('Newspaper', 'next')).toHaveText('Finished');
  await transactions.gotoList();
  await expect(transactions.row('Flat rent')).toBeVisible();
  await expect(transactions.row('Newspaper')).toHaveCount(0);

  // Make this a schedule: the new form arrives filled from the transaction.
  const streaming = await api.post<{ id: number }>('transaction/add', {
    categoryId: subscriptions.id,
    amount: 12.99,
    currency: 'EUR',
    time: new Date().toISOString(),
    description: 'Streaming',
  });
  await page.goto(`/private/edit-transaction/${streaming.id}`);
  await transactions.makeScheduleLink.click();
  await expect(schedules.dialog).toBeVisible();
  await expect(schedules.picker('Category')).toHaveValue('Subscriptions');
  await expect(schedules.amount).toHaveValue('12.99');
  await expect(schedules.description).toHaveValue('Streaming');
  await picture(page, testInfo.outputPath('schedule-form.png'));
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await schedules.submit();
  await schedules.expectSaved('Schedule added');
  await expect(schedules.row('Streaming')).toBeVisible();
  await expect(schedules.figure('Streaming', 'amount')).toHaveText('- 12.99 €');
  await expect(page).toHaveURL(/\/private\/manage\/schedules$/);
});

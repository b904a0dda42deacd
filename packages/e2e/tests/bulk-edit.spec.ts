import { expect, test } from '@playwright/test';
import { Toasts } from '../pages/toasts.js';
import { Transactions } from '../pages/transactions.js';
import { apiOf, type PageApi } from '../support/api.js';
import { freshUser } from '../support/users.js';
import { picture } from '../support/pictures.js';

const DAY = 86_400_000;

/** What the books add up to, from the API: balances, the expense sum and the expense analytics. */
async function figures(api: PageApi): Promise<unknown> {
  const today = new Date().toISOString().slice(0, 10);
  const interval = { start: new Date(Date.now() - 400 * DAY).toISOString(), end: new Date().toISOString() };
  return {
    balances: await api.post('analytics/balances', today),
    expenses: await api.post('transaction/getconvertedsum', { directions: [false] }),
    byCategory: await api.post('analytics/oneperiod', { interval, direction: false }),
  };
}

test('select rows with Shift, change their category, delete all matching a filter, undo each, and undo a single delete', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await freshUser(page, testInfo, 'bulk', 'EUR');
  const api = await apiOf(page);
  const groceries = await api.post<{ id: number }>('category/add', {
    name: 'Groceries',
    type: 'real',
    isIncome: false,
  });
  const eatingOut = await api.post<{ id: number }>('category/add', {
    name: 'Eating out',
    type: 'real',
    isIncome: false,
  });
  const now = Date.now();
  // Six market rows on top, then 110 meals: more than a page (100), so "select all" has more to find.
  for (let i = 1; i <= 110; i++)
    await api.post('transaction/add', {
      amount: 5 + i,
      currency: 'EUR',
      categoryId: eatingOut.id,
      description: `Meal ${i}`,
      time: new Date(now - 30 * DAY - i * 3_600_000).toISOString(),
    });
  for (let i = 1; i <= 6; i++)
    await api.post('transaction/add', {
      amount: 10 * i,
      currency: 'EUR',
      categoryId: groceries.id,
      description: `Market ${i}`,
      time: new Date(now - DAY - i * 60_000).toISOString(),
    });
  const before = await figures(api);

  const t = new Transactions(page);
  const toasts = new Toasts(page);
  await t.gotoList();
  await expect(t.rows).toHaveCount(100);

  // A click and a Shift-click select the rows between them.
  await t.checkbox('Market 2').click();
  await t.checkbox('Market 5').click({ modifiers: ['Shift'] });
  const bar = t.bulkBar;
  await expect(bar).toContainText('4 selected');
  for (const n of [2, 3, 4, 5]) await expect(t.checkbox(`Market ${n}`)).toBeChecked();
  await expect(t.checkbox('Market 1')).not.toBeChecked();
  await picture(page, testInfo.outputPath('bulk-selection.png'), { fullPage: false });

  // Change their category; the toast offers Undo.
  await t.changeCategoryOfSelection(4, 'Eating out');
  await expect(toasts.message('Category changed on 4 transactions')).toBeVisible();
  await expect(t.row('Market 3')).toContainText('Eating out');
  await expect(bar).toBeHidden();
  await toasts.undo();
  await expect(toasts.message('Undone: 4 transactions are back as they were')).toBeVisible();
  await expect(t.row('Market 3')).toContainText('Groceries');
  expect(await figures(api)).toEqual(before);

  // Filter to Eating out, select every matching row (more than the page shows), delete them.
  await t.filters.check();
  await t.choose('Eating out');
  await expect(t.rows).toHaveCount(100);
  await t.selectEveryShown();
  await t.selectAllMatching();
  await expect(t.selectionNote('All 110 transactions matching the filter are selected.')).toBeVisible();
  await expect(bar).toContainText('110 selected');
  await t.deleteSelection();
  await expect(t.confirmation).toContainText('110 transactions will be deleted.');
  await t.answer('Yes');
  await expect(toasts.message('110 transactions deleted')).toBeVisible();
  await expect(t.emptyList).toBeVisible();
  expect(await figures(api)).not.toEqual(before);

  await toasts.undo();
  await expect(toasts.message('Undone: 110 transactions are back as they were')).toBeVisible();
  await expect(t.rows).toHaveCount(100);
  expect(await figures(api)).toEqual(before);

  // A single delete from the editor offers Undo too.
  await t.filters.uncheck();
  await t.row('Market 1').click();
  await t.delete();
  await t.answer('Yes');
  await expect(toasts.message('Transaction deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/transactions$/);
  await expect(t.row('Market 1')).toHaveCount(0);
  await toasts.undo();
  await expect(toasts.message('Undone', { exact: true })).toBeVisible();
  await expect(t.row('Market 1')).toHaveCount(1);
  expect(await figures(api)).toEqual(before);
});

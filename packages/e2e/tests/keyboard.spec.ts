import { expect, test } from '@playwright/test';
import { Shell } from '../pages/shell.js';
import { Toasts } from '../pages/toasts.js';
import { Transactions } from '../pages/transactions.js';
import { apiOf } from '../support/api.js';
import { freshUser } from '../support/users.js';
import { picture } from '../support/pictures.js';

test('a transaction is added and an edit cancelled without the mouse; ? lists the shortcuts', async ({
  page,
}, testInfo) => {
  await freshUser(page, testInfo, 'keys', 'EUR');
  const api = await apiOf(page);
  await api.post('category/add', { name: 'Groceries', type: 'real', isIncome: false });
  await page.goto('/private/dashboard');
  const shell = new Shell(page);
  const t = new Transactions(page);
  const toasts = new Toasts(page);
  await expect(shell.currentTitle).toBeVisible();

  // ? lists the shortcuts; Esc closes the list.
  await page.keyboard.press('Shift+?');
  const help = shell.shortcuts;
  await expect(help).toBeVisible();
  await expect(help).toContainText('New transaction');
  await picture(page, testInfo.outputPath('shortcuts.png'), { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // n opens a new transaction with the focus on the amount; Enter there saves it.
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/private\/add-transaction$/);
  const amount = t.amount;
  await expect(amount).toBeFocused();
  await expect(t.select('Category')).toHaveValue('Groceries');
  await page.keyboard.type('12.5');
  await page.keyboard.press('Enter');
  await expect(toasts.message('Transaction added (12.50 €)')).toBeVisible();
  // The form is ready for the next one.
  await expect(amount).toHaveValue('');

  // Saves are debounced to 500 ms (spec §9): the next one comes after that, as a person's would.
  await page.waitForTimeout(600);
  // Fields reached with Tab; Ctrl+Enter saves from the description, where Enter is a new line.
  await amount.focus();
  await page.keyboard.type('3');
  const description = t.description;
  await description.focus();
  await page.keyboard.type('Bakery');
  await page.keyboard.press('Enter');
  await page.keyboard.type('rolls');
  await page.keyboard.press('Control+Enter');
  await expect(toasts.message('Transaction added (3.00 €)')).toBeVisible();
  const rows = await api.post<{ amount: number; description: string }[]>('transaction/getfiltered', {});
  expect(rows.map((r) => [r.amount, r.description])).toEqual(
    expect.arrayContaining([
      [12.5, ''],
      [3, 'Bakery\nrolls'],
    ]),
  );

  // Esc leaves the form for the page before it, here the dashboard.
  await amount.focus();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/private\/dashboard$/);
});

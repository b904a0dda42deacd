import { expect, test } from '@playwright/test';
import { apiOf } from '../support/api.js';
import { freshUser } from '../support/users.js';

test('a transaction is added and an edit cancelled without the mouse; ? lists the shortcuts', async ({
  page,
}, testInfo) => {
  await freshUser(page, testInfo, 'keys', 'EUR');
  const api = await apiOf(page);
  await api.post('category/add', { name: 'Groceries', type: 'real', isIncome: false });
  await page.goto('/private/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // ? lists the shortcuts; Esc closes the list.
  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('New transaction');
  await page.screenshot({ path: testInfo.outputPath('shortcuts.png') });
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // n opens a new transaction with the focus on the amount; Enter there saves it.
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/private\/add-transaction$/);
  const amount = page.getByRole('textbox', { name: /^Amount/ });
  await expect(amount).toBeFocused();
  await expect(page.getByRole('combobox', { name: /Category/ })).toHaveValue('Groceries');
  await page.keyboard.type('12.5');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Transaction added (12.50 €)')).toBeVisible();
  // The form is ready for the next one.
  await expect(amount).toHaveValue('');

  // Saves are debounced to 500 ms (spec §9): the next one comes after that, as a person's would.
  await page.waitForTimeout(600);
  // Fields reached with Tab; Ctrl+Enter saves from the description, where Enter is a new line.
  await amount.focus();
  await page.keyboard.type('3');
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.focus();
  await page.keyboard.type('Bakery');
  await page.keyboard.press('Enter');
  await page.keyboard.type('rolls');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Transaction added (3.00 €)')).toBeVisible();
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

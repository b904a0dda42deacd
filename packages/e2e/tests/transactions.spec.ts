import { expect, test, type Page } from '@playwright/test';
import { apiOf } from '../support/api.js';
import { freshUser } from '../support/users.js';

/** Picks an option of a Mantine select by its label. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillTransaction(page: Page, amount: string, description: string) {
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill(amount);
  await page.getByRole('textbox', { name: 'Description' }).fill(description);
}

test('each kind of transaction and a conversion are added, listed, filtered, edited and deleted', async ({
  page,
}, testInfo) => {
  await freshUser(page, testInfo, 'ledger', 'EUR');
  const api = await apiOf(page);
  await api.post('currency/add', { currency: 'USD', items: [{ name: 'Dollar account' }] });
  await api.post('category/add', { name: 'Groceries', type: 'real', isIncome: false });
  await api.post('category/add', { name: 'Salary', type: 'real', isIncome: true });
  await api.post('category/add', { name: 'Lent to Ann', type: 'loan' });
  await api.post('category/add', { name: 'Coffee cart', type: 'business' });

  await page.goto('/private/add-transaction');
  await expect(page.getByRole('tab', { name: 'Expense', selected: true })).toBeVisible();
  await pick(page, 'Category', 'Groceries');
  // The most recently used currency comes preselected: USD, just added.
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD');
  await pick(page, 'Currency', 'EUR');
  await fillTransaction(page, '12.5+3', 'Market');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transaction added (15.50 €)')).toBeVisible();
  // The form resets for the next entry.
  await expect(page.getByRole('textbox', { name: 'Amount', exact: true })).toHaveValue('');

  await page.getByRole('tab', { name: 'Income' }).click();
  await expect(page).toHaveURL(/\/add-transaction\/income$/);
  await pick(page, 'Category', 'Salary');
  await fillTransaction(page, '2000', 'November pay');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transaction added (2 000.00 €)')).toBeVisible();

  await page.getByRole('tab', { name: 'Loan' }).click();
  await page.getByText('OUT', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'OUT' })).toBeChecked();
  await fillTransaction(page, '300', 'Lent to Ann');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transaction added (300.00 €)')).toBeVisible();

  await page.getByRole('tab', { name: 'Business' }).click();
  await pick(page, 'Type', 'P&L');
  await pick(page, 'Currency', 'USD');
  await fillTransaction(page, '40', 'Cart repair');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transaction added ($40.00)')).toBeVisible();

  await page.getByRole('tab', { name: 'External' }).click();
  await pick(page, 'Currency', 'EUR');
  await fillTransaction(page, '50', 'Found in a coat');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transaction added (50.00 €)')).toBeVisible();

  await page.getByRole('tab', { name: 'Conversion' }).click();
  await page.getByRole('textbox', { name: 'From amount' }).fill('100');
  await page.getByRole('textbox', { name: 'To amount' }).fill('108');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Conversion added')).toBeVisible();

  // The list: five transactions and the conversion, newest first.
  await page.goto('/private/transactions');
  const rows = page.locator('tbody tr[data-row-kind]');
  await expect(rows).toHaveCount(6);
  await expect(rows.first()).toContainText('100.00 € → $108.00');
  await page.screenshot({ path: testInfo.outputPath('transactions.png'), fullPage: true });

  // Filtering to expenses hides the conversion and shows the sum in the main currency.
  await page.getByRole('switch', { name: 'Filters' }).check();
  await page.getByRole('button', { name: 'Add Expense' }).click();
  await expect(rows).toHaveCount(3);
  await expect(page.locator('tr[data-row-kind="conversion"]')).toHaveCount(0);
  await expect(page.locator('tr[data-sum]')).toContainText('Sum');
  await page.screenshot({ path: testInfo.outputPath('transactions-filtered.png'), fullPage: true });
  // Turning filters off clears them.
  await page.getByRole('switch', { name: 'Filters' }).uncheck();
  await expect(rows).toHaveCount(6);
  await expect(page.locator('tr[data-sum]')).toHaveCount(0);

  // Edit the expense.
  await rows.filter({ hasText: 'Market' }).click();
  await expect(page).toHaveURL(/\/private\/edit-transaction\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Amount', exact: true })).toHaveValue('15.5');
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('20');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transaction edited')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/transactions$/);
  await expect(rows.filter({ hasText: 'Market' })).toContainText('- 20.00 €');

  // Delete the income.
  await rows.filter({ hasText: 'November pay' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toContainText('This action can not be undone!');
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Transaction deleted')).toBeVisible();
  await expect(rows).toHaveCount(5);

  // Edit and delete the conversion.
  await page.locator('tr[data-row-kind="conversion"]').click();
  await expect(page).toHaveURL(/\/private\/edit-conversion\/\d+$/);
  await page.getByRole('textbox', { name: 'To amount' }).fill('109.5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Conversion edited')).toBeVisible();
  await expect(page.locator('tr[data-row-kind="conversion"]')).toContainText('$109.50');
  await page.locator('tr[data-row-kind="conversion"]').click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Conversion deleted')).toBeVisible();
  await expect(page.locator('tr[data-row-kind="conversion"]')).toHaveCount(0);
});

test('editing a transaction from before the last fixpoint warns and asks first', async ({ page }, testInfo) => {
  await freshUser(page, testInfo, 'beforefix', 'EUR');
  const api = await apiOf(page);
  const [category] = await api.get<{ id: number }[]>('category/getall?type=real&isIncome=false');
  const tx = await api.post<{ id: number }>('transaction/add', {
    amount: '10',
    currency: 'EUR',
    categoryId: category?.id,
    description: 'Old coffee',
    time: new Date(Date.now() - 3_600_000).toISOString(),
  });
  const [pocket] = await api.get<{ pocketId: number }[]>('pocket/getall');
  await api.post('fixpoint/set', [{ pocketId: pocket?.pocketId, balance: '-10' }]);

  await page.goto('/private/transactions');
  await expect(page.locator('tr[data-before-fix]')).toHaveCount(1);
  await page.goto(`/private/edit-transaction/${tx.id}`);
  await expect(
    page.getByText('Warning: editing transactions from before the last fixpoint is not recommended!'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('11');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toContainText('Changes before fixpoints are not recommended');
  await page.getByRole('button', { name: 'Cancel' }).last().click();
  await expect(page.getByText('Transaction edited')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Transaction edited')).toBeVisible();
  expect((await api.get<{ amount: number }>(`transaction/getbyid/${tx.id}`)).amount).toBe(11);
});

test('a missing transaction sends the editor back', async ({ page }, testInfo) => {
  await freshUser(page, testInfo, 'missing', 'EUR');
  await page.goto('/private/transactions');
  await page.goto('/private/edit-transaction/999999');
  await expect(page.getByRole('alert').filter({ hasText: /not found/i })).toBeVisible();
  await expect(page).toHaveURL(/\/private\/transactions$/);
});

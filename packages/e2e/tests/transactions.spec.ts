import { expect, test } from '@playwright/test';
import { Toasts } from '../pages/toasts.js';
import { Transactions } from '../pages/transactions.js';
import { apiOf } from '../support/api.js';
import { freshUser } from '../support/users.js';
import { picture } from '../support/pictures.js';

test('each kind of transaction and a conversion are added, listed, filtered, edited and deleted', async ({
  page,
}, testInfo) => {
  await freshUser(page, testInfo, 'ledger', 'EUR');
  const t = new Transactions(page);
  const toasts = new Toasts(page);
  const api = await apiOf(page);
  await api.post('currency/add', { currency: 'USD', items: [{ name: 'Dollar account' }] });
  await api.post('category/add', { name: 'Groceries', type: 'real', isIncome: false });
  await api.post('category/add', { name: 'Salary', type: 'real', isIncome: true });
  await api.post('category/add', { name: 'Lent to Ann', type: 'loan' });
  await api.post('category/add', { name: 'Coffee cart', type: 'business' });

  await t.gotoAdd();
  await expect(t.selectedTab('Expense')).toBeVisible();
  await t.pick('Category', 'Groceries');
  // A new session starts in the main currency, not USD, the most recently used one (issue 22).
  await expect(t.select('Currency')).toHaveValue('EUR');
  await t.pick('Currency', 'EUR');
  await t.fill('12.5+3', 'Market');
  await t.save();
  await expect(toasts.message('Transaction added (15.50 €)')).toBeVisible();
  // The form resets for the next entry.
  await expect(t.amount).toHaveValue('');

  await t.tab('Income').click();
  await expect(page).toHaveURL(/\/add-transaction\/income$/);
  await t.pick('Category', 'Salary');
  await t.fill('2000', 'November pay');
  await t.save();
  await expect(toasts.message('Transaction added (2 000.00 €)')).toBeVisible();

  await t.tab('Loan').click();
  await t.direction('OUT');
  await t.fill('300', 'Lent to Ann');
  await t.save();
  await expect(toasts.message('Transaction added (300.00 €)')).toBeVisible();

  await t.tab('Business').click();
  await t.pick('Type', 'P&L');
  await t.pick('Currency', 'USD');
  await t.fill('40', 'Cart repair');
  await t.save();
  await expect(toasts.message('Transaction added ($40.00)')).toBeVisible();

  await t.tab('External').click();
  await t.pick('Currency', 'EUR');
  await t.fill('50', 'Found in a coat');
  await t.save();
  await expect(toasts.message('Transaction added (50.00 €)')).toBeVisible();

  await t.tab('Conversion').click();
  await t.fromAmount.fill('100');
  await t.toAmount.fill('108');
  await t.save();
  await expect(toasts.message('Conversion added')).toBeVisible();

  // The list: five transactions and the conversion, newest first.
  await t.gotoList();
  const rows = t.rows;
  await expect(rows).toHaveCount(6);
  await expect(rows.first()).toContainText('100.00 € → $108.00');
  await picture(page, testInfo.outputPath('transactions.png'));

  // Filtering to expenses hides the conversion and shows the sum in the main currency.
  await t.filters.check();
  await t.choose('Expense');
  await expect(rows).toHaveCount(3);
  await expect(t.conversionRows).toHaveCount(0);
  // The sum of the three expenses in EUR: 15.50 € + 300.00 € + $40 at the day's rate.
  await expect(t.sumRow).toHaveText(/^Sum\s*- 3[2-5]\d\.\d{2} €$/);
  await picture(page, testInfo.outputPath('transactions-filtered.png'));
  // Turning filters off clears them.
  await t.filters.uncheck();
  await expect(rows).toHaveCount(6);
  await expect(t.sumRow).toHaveCount(0);

  // Edit the expense.
  await t.row('Market').click();
  await expect(page).toHaveURL(/\/private\/edit-transaction\/\d+$/);
  await expect(t.amount).toHaveValue('15.5');
  await t.amount.fill('20');
  await t.save();
  await expect(toasts.message('Transaction edited')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/transactions$/);
  await expect(t.row('Market')).toContainText('- 20.00 €');

  // Delete the income.
  await t.row('November pay').click();
  await t.delete();
  await expect(t.confirmation).toContainText(
    'The transaction will be deleted. The message that follows offers Undo for 10 seconds.',
  );
  await t.answer('Yes');
  await expect(toasts.message('Transaction deleted')).toBeVisible();
  await expect(rows).toHaveCount(5);

  // Edit and delete the conversion.
  await t.conversionRows.click();
  await expect(page).toHaveURL(/\/private\/edit-conversion\/\d+$/);
  await t.toAmount.fill('109.5');
  await t.save();
  await expect(toasts.message('Conversion edited')).toBeVisible();
  await expect(t.conversionRows).toContainText('$109.50');
  await t.conversionRows.click();
  await t.delete();
  await t.answer('Yes');
  await expect(toasts.message('Conversion deleted')).toBeVisible();
  await expect(t.conversionRows).toHaveCount(0);
});

test('editing a transaction from before the last fixpoint warns and asks first', async ({ page }, testInfo) => {
  await freshUser(page, testInfo, 'beforefix', 'EUR');
  const t = new Transactions(page);
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

  await t.gotoList();
  await expect(t.beforeFixRows).toHaveCount(1);
  await page.goto(`/private/edit-transaction/${tx.id}`);
  await expect(t.beforeFixpointWarning).toBeVisible();
  await t.amount.fill('11');
  await t.save();
  await expect(t.dialog).toContainText('Changes before fixpoints are not recommended');
  await t.answer('Cancel');
  const toasts = new Toasts(page);
  await expect(toasts.message('Transaction edited')).toHaveCount(0);
  await t.save();
  await t.answer('Yes');
  await expect(toasts.message('Transaction edited')).toBeVisible();
  expect((await api.get<{ amount: number }>(`transaction/getbyid/${tx.id}`)).amount).toBe(11);
});

test('a missing transaction sends the editor back', async ({ page }, testInfo) => {
  await freshUser(page, testInfo, 'missing', 'EUR');
  const t = new Transactions(page);
  await t.gotoList();
  await page.goto('/private/edit-transaction/999999');
  await expect(new Toasts(page).alert(/not found/i)).toBeVisible();
  await expect(page).toHaveURL(/\/private\/transactions$/);
});

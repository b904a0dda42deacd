import { expect, test } from '@playwright/test';
import { ManagePage } from '../pages/manage.js';
import { apiOf } from '../support/api.js';
import { freshUser } from '../support/users.js';
import { schemePictures } from '../support/pictures.js';

test('categories: add expense and income, edit one, delete one; system categories stay read-only', async ({
  page,
}, testInfo) => {
  await freshUser(page, testInfo, 'manage-cat', 'EUR');
  const manage = new ManagePage(page);
  await manage.goto();
  await expect(page).toHaveURL(/\/private\/manage\/category$/);
  await expect(manage.selectedTab('Categories')).toBeVisible();

  await manage.addCategory('Groceries', 'expense', { limit: '300' });
  await expect(manage.categoryCell('expense', 'Groceries')).toBeVisible();
  await manage.addCategory('Side gigs', 'income');
  await expect(manage.categoryCell('income', 'Side gigs')).toBeVisible();
  await manage.scrollToTop();
  await schemePictures(page, testInfo, 'category-list');

  // Edit the expense category: name and monthly limit.
  let editor = await manage.openCategory('expense', 'Groceries');
  await expect(page).toHaveURL(/\/private\/edit-category\/\d+$/);
  await expect(editor.monthlyLimit).toHaveValue('300');
  await editor.name.fill('Food and groceries');
  await editor.monthlyLimit.fill('450.50');
  await schemePictures(page, testInfo, 'edit-category');
  await editor.save();
  await expect(manage.toast('Category successfully edited!')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/manage\/category$/);
  await expect(manage.categoryCell('expense', 'Food and groceries')).toBeVisible();
  editor = await manage.openCategory('expense', 'Food and groceries');
  await expect(editor.monthlyLimit).toHaveValue('450.5');
  await editor.cancel();

  // Delete the income category after confirming.
  editor = await manage.openCategory('income', 'Side gigs');
  await editor.delete();
  await expect(editor.deleteWarning).toBeVisible();
  await editor.confirmDelete();
  await expect(manage.toast('Category successfully deleted!')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/manage\/category$/);
  await expect(manage.categoryCell('income', 'Other income')).toBeVisible();
  await expect(manage.categoryCell('income', 'Side gigs')).toHaveCount(0);

  // A system category: System read-only, Active disabled, no Delete.
  editor = await manage.openCategory('expense', 'Other expense');
  await expect(editor.system).toBeChecked();
  await expect(editor.active).toBeDisabled();
  await expect(editor.deleteButton).toHaveCount(0);
  await schemePictures(page, testInfo, 'edit-system-category');
});

test('currencies and pockets: add a currency with its pockets, edit a pocket, add pockets to a group', async ({
  page,
}, testInfo) => {
  await freshUser(page, testInfo, 'manage-cur', 'EUR');
  const manage = new ManagePage(page);
  await manage.gotoCurrencies();
  await expect(manage.mainCurrencyBadge).toBeVisible();

  await manage.openAddCurrency();
  await manage.openCurrencyPicker();
  // Only currencies the user lacks are offered.
  await expect(manage.currencyOption('EUR')).toHaveCount(0);
  await manage.chooseCurrency('USD');
  await expect(manage.newCurrencyPocketName(1)).toHaveValue('Default pocket USD');
  await manage.addCurrencyPocket(2, 'Dollar cash', { cash: true });
  await manage.addCurrencyPocket(3, 'Not needed');
  await manage.removeCurrencyPocket(3);
  await schemePictures(page, testInfo, 'add-currency');
  await manage.saveCurrency();
  await expect(manage.toast('Currency USD added')).toBeVisible();
  await expect(manage.currencyRow('USD')).toContainText(/1 EUR = \d+\.\d{4} USD/);
  await expect(manage.addCurrencyPanel).toBeHidden();
  await schemePictures(page, testInfo, 'currency-list');

  await manage.openTab('Pockets');
  await expect(page).toHaveURL(/\/private\/manage\/pocket$/);
  await expect(manage.pocketsHeading).toBeVisible();
  await expect(manage.pocketCards('USD')).toHaveCount(2);
  await expect(manage.pocket('USD', 'Dollar cash')).toContainText('Cash');
  await expect(manage.pocket('USD', 'Default pocket USD')).toContainText('Bank');

  await manage.renamePocket('USD', 'Dollar cash', 'Dollar wallet');
  await schemePictures(page, testInfo, 'edit-pocket');
  await manage.savePocket('USD');
  await expect(manage.toast('Changes saved')).toBeVisible();
  await expect(manage.pocket('USD', 'Dollar wallet')).toBeVisible();

  await manage.addPockets('EUR', ['Savings account']);
  await expect(manage.toast('Pockets saved')).toBeVisible();
  await expect(manage.pocket('EUR', 'Savings account')).toBeVisible();
  await manage.scrollToTop();
  await schemePictures(page, testInfo, 'pocket-list');

  // A fixpoint states every pocket's balance: the cards show it, the fixpoint tab lists it.
  const api = await apiOf(page);
  const pockets = await api.get<{ pocketId: number; name: string }[]>('pocket/getall');
  await api.post(
    'fixpoint/set',
    pockets.map((p) => ({ pocketId: p.pocketId, balance: p.name === 'Default pocket EUR' ? '1234.5' : '0' })),
  );
  await page.reload();
  await expect(manage.pocket('EUR', 'Default pocket EUR')).toContainText('1 234.50 €');
  await manage.openTab('Fixpoints');
  await expect(page).toHaveURL(/\/private\/manage\/fixpoint$/);
  await expect(manage.fixpointRows).toHaveCount(2);
  await schemePictures(page, testInfo, 'fixpoint-list');
  await manage.fixpointRows.nth(1).click();
  await expect(page).toHaveURL(/\/private\/edit-fixpoint\/\d+$/);
});

test('loan and business categories: add each and see them in their lists', async ({ page }, testInfo) => {
  await freshUser(page, testInfo, 'manage-loan', 'EUR');
  const manage = new ManagePage(page);
  await manage.gotoLoans();
  const description = 'Lent to my neighbour Ann for the new roof, repaid every month until 2030';
  await manage.addCategory('Ann', 'loan', { description });
  const row = manage.categoryRow('loan', 'Ann');
  await expect(row).toContainText(`${Array.from(description).slice(0, 49).join('')}…`);
  await expect(row).not.toContainText('until 2030');

  await manage.openTab('Businesses');
  await expect(page).toHaveURL(/\/private\/manage\/business$/);
  await manage.addCategory('Coffee cart', 'business', { description: 'Weekend stall' });
  await expect(manage.categoryCell('business', 'Coffee cart')).toBeVisible();
  await expect(manage.categoryCell('business', 'Ann')).toHaveCount(0);

  // Closing happens in Operations; closed ones follow the separator here.
  await manage.gotoLoans();
  await manage.addCategory('Car loan', 'loan');
  const api = await apiOf(page);
  const car = (await api.get<{ id: number; name: string }[]>('category/getall?type=loan')).find(
    (c) => c.name === 'Car loan',
  );
  await api.patch(`category/close/${car?.id}`);
  await page.reload();
  // On a phone the description sits under the name, in the same cell.
  await expect(manage.categoryNames('loan')).toHaveText([/^Ann/, '--- Closed categories ---', /^Car loan$/]);
  await schemePictures(page, testInfo, 'loan-list');

  const editor = await manage.openCategory('loan', 'Car loan');
  await expect(editor.closedBadge).toBeVisible();
  await expect(editor.active).toHaveCount(0);
  await schemePictures(page, testInfo, 'edit-closed-loan');
});

import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { freshUser } from '../support/users.js';

/** The card holding a titled table (Add new sits in the card's header). */
const card = (page: Page, title: string) =>
  page.locator('.mantine-Card-root').filter({ has: page.getByRole('table', { name: title }) });

/** Screenshots at the project's width, light and dark, for looking at (spec: 375 and 1280 px). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function addCategory(page: Page, list: Locator, name: string, fields: { limit?: string; description?: string }) {
  await list.getByRole('button', { name: 'Add new' }).click();
  const panel = page.getByTestId('add-category-panel');
  await expect(panel).toBeInViewport();
  await panel.getByRole('textbox', { name: 'Name' }).fill(name);
  if (fields.description !== undefined)
    await panel.getByRole('textbox', { name: 'Description' }).fill(fields.description);
  if (fields.limit !== undefined) await panel.getByRole('textbox', { name: 'Monthly limit' }).fill(fields.limit);
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  // An earlier add's toast may still be up (3 s): the newest one is last; the list rows prove the add.
  await expect(page.getByText('Category successfully added!').last()).toBeVisible();
  await expect(panel).toBeHidden();
}

/** The real API as the page's user (bearer token and CSRF header), beside the browser. */
async function api(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
  const csrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': csrf };
  return {
    get: async <T>(path: string) => {
      const res = await page.request.get(`/api/${path}`, { headers });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as T;
    },
    send: async (method: 'POST' | 'PATCH', path: string, data?: unknown) => {
      const res = await page.request.fetch(`/api/${path}`, { method, headers, data: data ?? {} });
      expect(res.ok(), await res.text()).toBe(true);
    },
  };
}

test.beforeEach(async ({ page }, testInfo) => {
  // The phone project checks the narrowest phone the spec names.
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 375, height: 812 });
});

test('categories: add expense and income, edit one, delete one; system categories stay read-only', async ({
  page,
}, testInfo) => {
  await freshUser(page, testInfo, 'manage-cat', 'EUR');
  await page.goto('/private/manage');
  await expect(page).toHaveURL(/\/private\/manage\/category$/);
  await expect(page.getByRole('tab', { name: 'Categories', selected: true })).toBeVisible();

  const expense = card(page, 'Expense categories');
  const income = card(page, 'Income categories');
  await addCategory(page, expense, 'Groceries', { limit: '300' });
  await expect(expense.getByRole('cell', { name: 'Groceries' })).toBeVisible();
  await addCategory(page, income, 'Side gigs', {});
  await expect(income.getByRole('cell', { name: 'Side gigs' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, testInfo, 'category-list');

  // Edit the expense category: name and monthly limit.
  await expense.getByRole('cell', { name: 'Groceries' }).click();
  await expect(page).toHaveURL(/\/private\/edit-category\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Monthly limit' })).toHaveValue('300');
  await page.getByRole('textbox', { name: 'Name' }).fill('Food and groceries');
  await page.getByRole('textbox', { name: 'Monthly limit' }).fill('450.50');
  await shoot(page, testInfo, 'edit-category');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Category successfully edited!')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/manage\/category$/);
  await expect(expense.getByRole('cell', { name: 'Food and groceries' })).toBeVisible();
  await expense.getByRole('cell', { name: 'Food and groceries' }).click();
  await expect(page.getByRole('textbox', { name: 'Monthly limit' })).toHaveValue('450.5');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Delete the income category after confirming.
  await income.getByRole('cell', { name: 'Side gigs' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This action can not be undone!')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Category successfully deleted!')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/manage\/category$/);
  await expect(income.getByRole('cell', { name: 'Other income' })).toBeVisible();
  await expect(income.getByRole('cell', { name: 'Side gigs' })).toHaveCount(0);

  // A system category: System read-only, Active disabled, no Delete.
  await expense.getByRole('cell', { name: 'Other expense' }).click();
  await expect(page.getByRole('checkbox', { name: 'System' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Active' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await shoot(page, testInfo, 'edit-system-category');
});

test('currencies and pockets: add a currency with its pockets, edit a pocket, add pockets to a group', async ({
  page,
}, testInfo) => {
  await freshUser(page, testInfo, 'manage-cur', 'EUR');
  await page.goto('/private/manage/currency');
  const currencies = page.getByRole('table', { name: 'Your currencies' });
  await expect(currencies.getByText('Main currency')).toBeVisible();

  await page.getByRole('button', { name: 'Add new' }).click();
  const panel = page.getByTestId('add-currency-panel');
  await panel.getByPlaceholder('Choose a currency').click();
  // Only currencies the user lacks are offered.
  await expect(page.getByRole('option', { name: 'EUR', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: 'USD', exact: true }).click();
  await expect(panel.getByRole('textbox', { name: 'New pocket 1 name' })).toHaveValue('Default pocket USD');
  await panel.getByRole('button', { name: 'Add another pocket' }).click();
  await panel.getByRole('textbox', { name: 'New pocket 2 name' }).fill('Dollar cash');
  await panel.getByRole('checkbox', { name: 'Is cash?' }).nth(1).check();
  await panel.getByRole('button', { name: 'Add another pocket' }).click();
  await panel.getByRole('textbox', { name: 'New pocket 3 name' }).fill('Not needed');
  await panel.getByRole('button', { name: 'Remove new pocket 3' }).click();
  await shoot(page, testInfo, 'add-currency');
  await panel.getByRole('button', { name: 'Add currency' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Currency USD added')).toBeVisible();
  await expect(currencies.locator('[data-currency="USD"]')).toContainText(/1 EUR = \d+\.\d{4} USD/);
  await expect(panel).toBeHidden();
  await shoot(page, testInfo, 'currency-list');

  await page.getByRole('tab', { name: 'Pockets' }).click();
  await expect(page).toHaveURL(/\/private\/manage\/pocket$/);
  await expect(page.getByRole('heading', { name: 'All your pockets' })).toBeVisible();
  const usd = page.getByRole('region', { name: 'USD pockets' });
  await expect(usd.getByTestId('pocket-card')).toHaveCount(2);
  await expect(usd.getByRole('button', { name: 'Edit pocket Dollar cash' })).toContainText('Cash');
  await expect(usd.getByRole('button', { name: 'Edit pocket Default pocket USD' })).toContainText('Bank');

  await usd.getByRole('button', { name: 'Edit pocket Dollar cash' }).click();
  await usd.getByRole('textbox', { name: 'Name' }).fill('Dollar wallet');
  await shoot(page, testInfo, 'edit-pocket');
  await usd.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expect(usd.getByRole('button', { name: 'Edit pocket Dollar wallet' })).toBeVisible();

  const eur = page.getByRole('region', { name: 'EUR pockets' });
  await eur.getByRole('button', { name: 'Add pocket in EUR' }).click();
  await eur.getByRole('textbox', { name: 'New pocket 1 name' }).fill('Savings account');
  await eur.getByRole('button', { name: 'Save pockets' }).click();
  await expect(page.getByText('Pockets saved')).toBeVisible();
  await expect(eur.getByRole('button', { name: 'Edit pocket Savings account' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, testInfo, 'pocket-list');

  // A fixpoint states every pocket's balance: the cards show it, the fixpoint tab lists it.
  const server = await api(page);
  const pockets = await server.get<{ pocketId: number; name: string }[]>('pocket/getall');
  await server.send(
    'POST',
    'fixpoint/set',
    pockets.map((p) => ({ pocketId: p.pocketId, balance: p.name === 'Default pocket EUR' ? '1234.5' : '0' })),
  );
  await page.reload();
  await expect(eur.getByRole('button', { name: 'Edit pocket Default pocket EUR' })).toContainText('1 234.50 €');
  await page.getByRole('tab', { name: 'Fixpoints' }).click();
  await expect(page).toHaveURL(/\/private\/manage\/fixpoint$/);
  const fixpoints = page.getByRole('table', { name: 'Fixpoints' });
  await expect(fixpoints.getByRole('row')).toHaveCount(2);
  await shoot(page, testInfo, 'fixpoint-list');
  await fixpoints.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/private\/edit-fixpoint\/\d+$/);
});

test('loan and business categories: add each and see them in their lists', async ({ page }, testInfo) => {
  await freshUser(page, testInfo, 'manage-loan', 'EUR');
  await page.goto('/private/manage/loan');
  const loans = card(page, 'Loan categories');
  const description = 'Lent to my neighbour Ann for the new roof, repaid every month until 2030';
  await addCategory(page, loans, 'Ann', { description });
  const row = loans.getByRole('row').filter({ hasText: 'Ann' });
  await expect(row).toContainText(`${Array.from(description).slice(0, 49).join('')}…`);
  await expect(row).not.toContainText('until 2030');

  await page.getByRole('tab', { name: 'Businesses' }).click();
  await expect(page).toHaveURL(/\/private\/manage\/business$/);
  const businesses = card(page, 'Business categories');
  await addCategory(page, businesses, 'Coffee cart', { description: 'Weekend stall' });
  await expect(businesses.getByRole('cell', { name: 'Coffee cart' })).toBeVisible();
  await expect(businesses.getByRole('cell', { name: 'Ann' })).toHaveCount(0);

  // Closing happens in Operations; closed ones follow the separator here.
  await page.goto('/private/manage/loan');
  await addCategory(page, loans, 'Car loan', {});
  const server = await api(page);
  const car = (await server.get<{ id: number; name: string }[]>('category/getall?type=loan')).find(
    (c) => c.name === 'Car loan',
  );
  await server.send('PATCH', `category/close/${car?.id}`);
  await page.reload();
  const names = loans.getByRole('row').locator('td:first-child');
  // On a phone the description sits under the name, in the same cell.
  await expect(names).toHaveText([/^Ann/, '--- Closed categories ---', /^Car loan$/]);
  await shoot(page, testInfo, 'loan-list');

  await loans.getByRole('cell', { name: 'Car loan' }).click();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Active' })).toHaveCount(0);
  await shoot(page, testInfo, 'edit-closed-loan');
});

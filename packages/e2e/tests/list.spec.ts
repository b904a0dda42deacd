import { expect, test } from '@playwright/test';
import { Toasts } from '../pages/toasts.js';
import { Transactions } from '../pages/transactions.js';
import { apiOf } from '../support/api.js';
import { freshUser } from '../support/users.js';
import { picture } from '../support/pictures.js';

// Issue 22: the list keeps its filter and scroll position across an edit, names what its footer
// counts, explains its italic rows, and a phone gets the compact table.
test('the transaction list keeps its filter across an edit and says what it shows', async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await freshUser(page, testInfo, 'listwords', 'EUR');
  const t = new Transactions(page);
  const api = await apiOf(page);
  const groceries = await api.post<{ id: number }>('category/add', {
    name: 'Groceries',
    type: 'real',
    isIncome: false,
  });
  const hour = 3_600_000;
  const add = (amount: string, description: string, hoursAgo: number) =>
    api.post('transaction/add', {
      amount,
      currency: 'EUR',
      categoryId: groceries.id,
      description,
      time: new Date(Date.now() - hoursAgo * hour).toISOString(),
    });
  await add('10', 'Old bread', 5);
  const [pocket] = await api.get<{ pocketId: number }[]>('pocket/getall');
  await api.post('fixpoint/set', [{ pocketId: pocket?.pocketId, balance: '-10' }]);
  await api.post('currency/add', { currency: 'USD', items: [{ name: 'Dollar account' }] });
  // After the fixpoint (set now): a minute and two minutes from now.
  await add('12.5', 'A very long description of a weekly market basket', -1 / 60);
  await api.post('conversion/add', {
    fromAmount: '100',
    fromCurrency: 'EUR',
    toAmount: '108',
    toCurrency: 'USD',
    description: 'Cash for the trip',
    time: new Date(Date.now() + 2 * 60_000).toISOString(),
  });

  await t.gotoList();
  // Four rows: two transactions, the conversion and the fixpoint; the footer names each kind.
  await expect(t.rows).toHaveCount(4);
  await expect(t.shownCount).toHaveText('2 transactions, 1 conversion and 1 fixpoint shown');
  // The italic row before the fixpoint has its legend.
  await expect(t.beforeFixRows).toHaveCount(1);
  await expect(t.legend).toContainText('dated before the last fixpoint');
  // Descriptions are cut at 30 characters (spec §9).
  await expect(t.row('A very long description of a …')).toHaveCount(1);
  if (phone) {
    // The compact table: no Time or Category column, the time and category under the description.
    await expect(t.columnHeader('Time')).toHaveCount(0);
    await expect(t.columnHeader('Category')).toHaveCount(0);
    await expect(t.row('A very long')).toContainText(/\d{4}\.\d{2}\.\d{2}\. \d{2}:\d{2} · Groceries/);
  } else {
    await expect(t.columnHeader('Time')).toBeVisible();
    await expect(t.row('A very long')).toContainText('Groceries');
  }

  // The filter: on, Last month preset then 1 Y back, Groceries and Expense; it lands in the URL.
  await t.filters.check();
  await t.preset('Last month').click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&to=/);
  await t.preset('1 Y').click();
  await t.choose('Groceries');
  await t.choose('Expense');
  await expect(page).toHaveURL(new RegExp(`expense=${groceries.id}.*direction=out`));
  await expect(t.rows).toHaveCount(2);
  await expect(t.sumRow).toHaveText(/^Sum\s*- 22\.50 €$/);
  await expect(t.shownCount).toHaveText('2 transactions shown');
  // Compact: on a phone the results start within the first screen.
  const top = await t.rows.first().boundingBox();
  expect(top?.y ?? Infinity).toBeLessThan(phone ? 812 * 1.2 : 800);
  await picture(page, testInfo.outputPath('list-filtered.png'));
  const filtered = page.url();

  // Edit a row: back on the same filtered list.
  await t.row('A very long').click();
  await expect(page).toHaveURL(/\/private\/edit-transaction\/\d+$/);
  await t.amount.fill('13.5');
  await t.save();
  await expect(new Toasts(page).message('Transaction edited')).toBeVisible();
  await expect(page).toHaveURL(filtered);
  await expect(t.filters).toBeChecked();
  await expect(t.removeChip('Groceries')).toBeVisible();
  await expect(t.rows).toHaveCount(2);
  await expect(t.sumRow).toHaveText(/^Sum\s*- 23\.50 €$/);

  // A reload of the link shows the same list.
  await page.reload();
  await expect(t.filters).toBeChecked();
  await expect(t.sumRow).toHaveText(/^Sum\s*- 23\.50 €$/);
  // Turning filters off clears them from the URL.
  await t.filters.uncheck();
  await expect(page).toHaveURL(/\/private\/transactions$/);
  await expect(t.rows).toHaveCount(4);
});

test('the list comes back at the same scroll position after an edit', async ({ page }, testInfo) => {
  await freshUser(page, testInfo, 'listscroll', 'EUR');
  const t = new Transactions(page);
  const api = await apiOf(page);
  const [category] = await api.get<{ id: number }[]>('category/getall?type=real&isIncome=false');
  for (let i = 0; i < 40; i++) {
    await api.post('transaction/add', {
      amount: String(i + 1),
      currency: 'EUR',
      categoryId: category?.id,
      description: `Entry ${i + 1}`,
      time: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
    });
  }
  await t.gotoList();
  await expect(t.rows).toHaveCount(40);
  const target = t.row('Entry 35');
  await target.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(200);
  await target.click();
  await expect(page).toHaveURL(/\/private\/edit-transaction\/\d+$/);
  await t.cancel();
  await expect(t.rows).toHaveCount(40);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 40);
  await expect(t.row('Entry 35')).toBeInViewport();
});

import { expect, test } from '@playwright/test';
import { axeOf } from '../support/axe.js';
import { Search } from '../pages/search.js';
import { Transactions } from '../pages/transactions.js';
import { apiOf } from '../support/api.js';
import { freshUser } from '../support/users.js';
import { picture } from '../support/pictures.js';
import { untilStill } from '../support/still.js';

test('the search box finds transactions and conversions by words, amounts and dates, and opens them', async ({
  page,
}, testInfo) => {
  await freshUser(page, testInfo, 'search', 'EUR');
  const api = await apiOf(page);
  await api.post('currency/add', { currency: 'USD', items: [{ name: 'Dollar account' }] });
  const groceries = await api.post<{ id: number }>('category/add', {
    name: 'Groceries',
    type: 'real',
    isIncome: false,
  });
  const market = await api.post<{ id: number }>('transaction/add', {
    amount: 12.5,
    currency: 'EUR',
    categoryId: groceries.id,
    description: 'Farmers market',
    time: '2024-03-09T10:00:00Z',
  });
  // Sixty more, so the first page (50) ends and "Load more" brings the rest.
  for (let i = 0; i < 60; i++)
    await api.post('transaction/add', {
      amount: 3 + i,
      currency: 'USD',
      categoryId: groceries.id,
      description: `Corner shop ${i}`,
      time: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
    });
  const conversion = await api.post<{ id: number }>('conversion/add', {
    fromAmount: 100,
    fromCurrency: 'EUR',
    toAmount: 108,
    toCurrency: 'USD',
    description: 'Airport exchange',
    time: '2024-03-10T08:00:00Z',
  });

  await page.goto('/private/dashboard');
  const search = new Search(page);
  await expect(search.button).toBeVisible();
  await picture(page, testInfo.outputPath('search-header.png'), { fullPage: false });

  // `/` opens the box with the focus in it; words, an amount and a month find the market.
  await search.openWithSlash();
  await expect(search.box).toBeFocused();
  await search.box.fill('market 12.50 march');
  await expect(search.result('Farmers market')).toBeVisible();
  await expect(search.resultButtons).toHaveCount(1);
  await picture(page, testInfo.outputPath('search-result.png'));
  // The open dialog has no serious or critical accessibility problem.
  await untilStill(page);
  const axe = await axeOf(page).include('[role="dialog"]').analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`),
  ).toEqual([]);
  await search.result('Farmers market').click();
  await expect(page).toHaveURL(new RegExp(`/private/edit-transaction/${market.id}$`));
  const t = new Transactions(page);
  await expect(t.description).toHaveValue('Farmers market');
  await expect(search.dialog).toBeHidden();

  // Ctrl+K opens it again; a category's name finds its rows, newest first, 50 at a time.
  await search.openWithCtrlK();
  await search.box.fill('groceries');
  await expect(search.resultButtons).toHaveCount(50);
  await expect(search.resultButtons.first()).toContainText('Corner shop 59');
  await search.loadMore.click();
  await expect(search.resultButtons).toHaveCount(61);
  await expect(search.resultButtons.last()).toContainText('Farmers market');
  await expect(search.loadMore).toBeHidden();

  // Esc closes; `/` typed in an input stays text.
  await page.keyboard.press('Escape');
  await expect(search.dialog).toBeHidden();
  await page.goto(`/private/edit-transaction/${market.id}`);
  const description = t.description;
  await description.fill('');
  await description.press('/');
  await expect(description).toHaveValue('/');
  await expect(search.dialog).toBeHidden();

  // The header's button (a phone has no keyboard) and a conversion by currency and year.
  await page.goto('/private/dashboard');
  await search.button.click();
  await search.box.fill('airport usd 2024');
  await expect(search.result('Airport exchange')).toContainText('Conversion');
  await search.result('Airport exchange').click();
  await expect(page).toHaveURL(new RegExp(`/private/edit-conversion/${conversion.id}$`));
});

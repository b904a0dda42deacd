// Manage › Rules: the category rules of import, added, edited, reordered and deleted by hand.
import { expect, test } from '@playwright/test';
import { ManagePage } from '../pages/manage.js';
import { RulesPage } from '../pages/rules.js';
import { apiOf } from '../support/api.js';
import { freshUser } from '../support/users.js';
import { schemePictures } from '../support/pictures.js';

interface RuleDto {
  id: number;
  pattern: string;
  categoryId: number;
  minAmount: number | null;
  maxAmount: number | null;
  currency: string | null;
  position: number;
}

test('rules: add two, refused input explained, edit one, reorder, delete one', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await freshUser(page, testInfo, 'rules', 'EUR');
  const api = await apiOf(page);
  await api.post('category/add', { name: 'Groceries', type: 'real', isIncome: false });
  await api.post('category/add', { name: 'Fuel', type: 'real', isIncome: false });

  // Reached from the Manage tabs; empty, it says what rules do.
  await new ManagePage(page).goto();
  await new ManagePage(page).openTab('Rules');
  await expect(page).toHaveURL(/\/private\/manage\/rule$/);
  const rules = new RulesPage(page);
  await expect(rules.emptyText).toBeVisible();
  await schemePictures(page, testInfo, 'rules-empty');

  await rules.add({ pattern: 'lidl', category: 'Groceries' });
  await expect(rules.patterns).toHaveText(['lidl']);

  // A bound needs a currency: the form says so and sends nothing.
  await rules.openNew();
  await rules.fill({ match: 'regex', pattern: '^shell\\b', category: 'Fuel', min: '12.345', max: '150' });
  await rules.submit();
  await expect(rules.message('Choose the currency of the amount range')).toBeVisible();
  // The server refuses a third decimal in euros: its message shows under the field, the dialog stays open.
  await rules.fill({ currency: 'EUR' });
  await rules.submit();
  await expect(rules.message('Must have at most 2 decimals')).toBeVisible();
  await expect(rules.dialog).toBeVisible();
  await rules.fill({ min: '10' });
  await schemePictures(page, testInfo, 'rules-dialog');
  await rules.submit();
  await rules.expectSaved('Rule added');

  await expect(rules.patterns).toHaveText(['lidl', '^shell\\b']);
  await expect(rules.row('lidl')).toContainText('Groceries');
  await expect(rules.row('lidl')).toContainText('Any amount');
  await expect(rules.row('^shell\\b')).toContainText('Regular expression');
  await expect(rules.row('^shell\\b')).toContainText('Fuel');
  await expect(rules.row('^shell\\b')).toContainText('10.00 € – 150.00 €');

  // Edit the first: a regular expression now, for two shops.
  await rules.edit('lidl', { match: 'regex', pattern: 'lidl|aldi' });
  await expect(rules.patterns).toHaveText(['lidl|aldi', '^shell\\b']);
  await expect(rules.row('lidl|aldi')).toContainText('Regular expression');

  // Reorder: the fuel rule goes first, and stays first after a reload (the server's order).
  await rules.moveUp('^shell\\b');
  await expect(rules.patterns).toHaveText(['^shell\\b', 'lidl|aldi']);
  await rules.moveDown('^shell\\b');
  await expect(rules.patterns).toHaveText(['lidl|aldi', '^shell\\b']);
  await rules.moveUp('^shell\\b');
  await expect(rules.patterns).toHaveText(['^shell\\b', 'lidl|aldi']);
  await page.reload();
  await expect(rules.patterns).toHaveText(['^shell\\b', 'lidl|aldi']);
  await schemePictures(page, testInfo, 'rules-list');

  await rules.delete('lidl|aldi');
  await expect(rules.patterns).toHaveText(['^shell\\b']);
  const stored = await api.get<RuleDto[]>('rule/getall');
  expect(stored.map((r) => [r.pattern, r.minAmount, r.maxAmount, r.currency])).toEqual([['^shell\\b', 10, 150, 'EUR']]);
});

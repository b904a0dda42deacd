import { expect, test } from '@playwright/test';
import { axeOf } from '../support/axe.js';
import { BudgetsPage } from '../pages/budgets.js';
import { DashboardPage } from '../pages/dashboard.js';
import { CategoryEditor } from '../pages/manage.js';
import { Shell } from '../pages/shell.js';
import { apiOf } from '../support/api.js';
import { freshUser } from '../support/users.js';
import { picture } from '../support/pictures.js';
import { untilStill } from '../support/still.js';

test('budgets: set a limit, record spending, see spent, left and progress, roll over, edit in place', async ({
  page,
}, testInfo) => {
  await freshUser(page, testInfo, 'budgets', 'EUR');
  const api = await apiOf(page);
  const groceries = await api.post<{ id: number }>('category/add', {
    name: 'Groceries',
    type: 'real',
    isIncome: false,
  });
  await api.post('category/add', { name: 'Travel', type: 'real', isIncome: false, monthlyLimit: 400 });

  // The dashboard card, then the sidebar entry (an overlay behind the burger on a phone).
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.budget('Travel')).toBeVisible();
  const shell = new Shell(page);
  if (testInfo.project.name === 'phone') await shell.burger.click();
  await shell.openSection('Budgets');
  await expect(shell.title('Budgets')).toBeVisible();
  const budgets = new BudgetsPage(page);
  const now = new Date();
  await expect(budgets.month).toHaveText(
    new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(now),
  );

  // A limit for Groceries through the add form.
  await budgets.add('Groceries', '100');
  await expect(budgets.figure('Groceries', 'left')).toHaveText('100.00 € left');
  await expect(budgets.figure('Groceries', 'allowance')).toBeVisible();

  // 85 spent: close to the limit.
  await api.post('transaction/add', { categoryId: groceries.id, amount: 85, currency: 'EUR', time: now.toISOString() });
  await page.reload();
  await expect(budgets.figure('Groceries', 'spent')).toContainText('85.00 €');
  await expect(budgets.figure('Groceries', 'left')).toHaveText('15.00 € left');
  await expect(budgets.progress('Groceries')).toHaveAttribute('aria-valuenow', '85');
  await expect(budgets.status('Groceries', 'Close to limit')).toBeVisible();

  // 20 more: over it.
  await api.post('transaction/add', { categoryId: groceries.id, amount: 20, currency: 'EUR', time: now.toISOString() });
  await page.reload();
  await expect(budgets.figure('Groceries', 'left')).toHaveText('5.00 € over');
  await expect(budgets.status('Groceries', 'Over limit')).toBeVisible();
  await expect(budgets.progress('Groceries')).toHaveAttribute('aria-valuenow', '100');
  await picture(page, testInfo.outputPath('budgets.png'));

  // Rollover: the 5 € overspent come off next month's budget.
  await budgets.rollover('Groceries').click();
  await expect(budgets.rollover('Groceries')).toBeChecked();
  await expect(budgets.figure('Groceries', 'carried')).toHaveText('0.00 €');
  await budgets.nextMonth();
  await expect(budgets.figure('Groceries', 'carried')).toHaveText('- 5.00 €');
  await expect(budgets.figure('Groceries', 'left')).toHaveText('95.00 € left');
  await budgets.thisMonth();

  // The limit in place: 150 leaves 45.
  await budgets.setLimit('Groceries', '150');
  await expect(budgets.figure('Groceries', 'limit')).toHaveText('150.00 €');
  await expect(budgets.figure('Groceries', 'left')).toHaveText('45.00 € left');
  await picture(page, testInfo.outputPath('budgets-edited.png'));
  // No serious or critical accessibility problem on the screen with its budgets, chart and forms.
  await untilStill(page);
  const violations = (await axeOf(page).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

  // The category editor shows the same limit and rollover.
  await page.goto(`/private/edit-category/${groceries.id}`);
  const editor = new CategoryEditor(page);
  await expect(editor.monthlyLimit).toHaveValue('150');
  await expect(editor.rollOver).toBeChecked();

  // The dashboard lists Groceries (70 % used) before Travel (nothing spent).
  await dashboard.goto();
  await expect(dashboard.budgetBars).toHaveCount(2);
  await expect(dashboard.budgetBars.first()).toHaveAttribute('aria-label', /^Groceries/);
});

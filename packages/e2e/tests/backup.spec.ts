import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { Shell } from '../pages/shell.js';
import { Toasts } from '../pages/toasts.js';
import { Transactions } from '../pages/transactions.js';
import { UserPage } from '../pages/user.js';
import { apiOf } from '../support/api.js';
import { createUser, freshUser, logIn, uniqueEmail } from '../support/users.js';
import { picture } from '../support/pictures.js';

test('download a backup and restore it into a new user', async ({ page }, testInfo) => {
  await freshUser(page, testInfo, 'backup', 'EUR');
  const api = await apiOf(page);
  const [groceries] = await api.get<{ id: number }[]>('category/getall?type=real&isIncome=false');
  for (const [amount, description, hoursAgo] of [
    ['12.50', 'Market on Monday', 30],
    ['4.20', 'Bakery', 2],
  ] as const)
    await api.post('transaction/add', {
      amount,
      currency: 'EUR',
      categoryId: groceries?.id,
      description,
      time: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
    });

  const user = new UserPage(page);
  await user.gotoData();
  await expect(user.tab('Data')).toHaveAttribute('aria-selected', 'true');
  await expect(user.backupIntro).toBeVisible();
  await picture(page, testInfo.outputPath('data-tab.png'), { settleMs: 300 });

  const backup = await user.download('Download backup');
  expect(backup.suggestedFilename()).toMatch(/^kassa-backup-\d{4}-\d{2}-\d{2}\.json$/);
  const file = testInfo.outputPath(backup.suggestedFilename());
  await backup.saveAs(file);
  const document = JSON.parse(await readFile(file, 'utf8')) as { transactions: unknown[] };
  expect(document.transactions).toHaveLength(2);

  const journal = await user.download('Export for hledger');
  expect(journal.suggestedFilename()).toMatch(/^kassa-\d{4}-\d{2}-\d{2}\.journal$/);

  // A second, fresh user: nothing in the books yet, so the backup loads without a question.
  await new Shell(page).logOut('Tess');
  await expect(page).toHaveURL(/\/public$/);
  const second = uniqueEmail(testInfo, 'restored');
  createUser({ email: second, mainCurrency: 'USD' });
  await logIn(page, second);
  await user.gotoData();
  await user.restoreFrom(file);
  const toasts = new Toasts(page);
  await expect(toasts.message(/^Backup restored: 2 transactions, 0 conversions/)).toBeVisible();

  const t = new Transactions(page);
  await t.gotoList();
  await expect(t.row(/Market on Monday|Bakery/)).toHaveCount(2);
  await expect(t.row('Bakery')).toContainText('4.20');

  // Restoring again into books that now exist asks first, naming both sides.
  await user.gotoData();
  await user.restoreFrom(file);
  await expect(t.dialog).toContainText("Your books (2 transactions) will be replaced by the backup's 2 transactions");
  await picture(page, testInfo.outputPath('data-confirm.png'), { settleMs: 300 });
  await t.answer('Yes');
  await expect(toasts.message(/^Backup restored: 2 transactions/)).toBeVisible();

  // The list's export takes the list's filter.
  await t.gotoList();
  await expect(t.row(/Market on Monday|Bakery/)).toHaveCount(2);
  await picture(page, testInfo.outputPath('list-export.png'));
  const csv = await t.exportCsv();
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvFile = testInfo.outputPath(csv.suggestedFilename());
  await csv.saveAs(csvFile);
  const lines = (await readFile(csvFile, 'utf8')).trim().split('\n');
  expect(lines).toHaveLength(3); // the header and the two rows
  expect(lines.join('\n')).toContain('Bakery');
});

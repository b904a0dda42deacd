// Issue 35, a bank connection as a person lives it: a USD user pastes a SimpleFIN setup token (the
// local SimpleFIN Bridge beside the server, support/bridge.ts), maps the checking account to a
// new pocket, and syncs: the two booked rows land in the books, the pending card payment waits
// apart, and the bank's balance anchors the pocket ("matches the bank"). Then the bank books the
// card payment, today, under a new id and with the tip on top: the next sync replaces the pending
// row by it (never both), the anchor still agrees, and the import history lists both syncs.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatMoney } from '@kassa/money';
import { BankPage } from '../pages/bank.js';
import { ImportPage } from '../pages/import.js';
import { ManagePage } from '../pages/manage.js';
import { Shell } from '../pages/shell.js';
import { Toasts } from '../pages/toasts.js';
import { Transactions } from '../pages/transactions.js';
import { axeOf } from '../support/axe.js';
import { serveAccounts, setupToken, type FakeAccount, type FakeTransaction } from '../support/bridge.js';
import { picture } from '../support/pictures.js';
import { untilStill } from '../support/still.js';
import { freshUser } from '../support/users.js';

const DAY = 86_400;
/** Unix seconds of UTC noon `n` days before today. */
function noonDaysAgo(n: number): number {
  const d = new Date();
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) / 1000 + 12 * 3600 - n * DAY;
}
/** A day of Unix seconds as the app shows one: "2026.03.31.". */
const shown = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10).replaceAll('-', '.') + '.';
const usd = (amount: number) => formatMoney(amount, 'USD');

/** The connection takes the name of the bank SimpleFIN lists the accounts under. */
const BANK = 'Lakeside Credit Union';
const POCKET = 'Checking';

/** The booked rows the bank lists at every sync. */
const GROCERY: FakeTransaction = {
  id: 'TX-0001',
  posted: noonDaysAgo(3),
  amount: '-64.20',
  description: 'LAKESIDE GROCERY #12',
  payee: 'Lakeside Grocery',
};
const PAYROLL: FakeTransaction = {
  id: 'TX-0002',
  posted: noonDaysAgo(2),
  amount: '1850.00',
  description: 'PAYROLL ACME CORP',
  payee: 'Acme Corp',
};
/** A card payment the bank holds yesterday (pending: posted 0)… */
const BISTRO_PENDING: FakeTransaction = {
  id: 'PEND-0003',
  posted: 0,
  pending: true,
  transacted_at: noonDaysAgo(1),
  amount: '-42.00',
  description: 'CORNER BISTRO',
  payee: 'Corner Bistro',
};
/** …and books today under a new id, with the tip on top (within a fifth of the pending amount). */
const BISTRO_BOOKED: FakeTransaction = {
  id: 'TX-0003',
  posted: Math.floor(Date.now() / 1000),
  amount: '-47.30',
  description: 'CORNER BISTRO',
  payee: 'Corner Bistro',
};
/** The bank's booked balance before and after it books the card payment (pending rows are not in it). */
const BALANCE_BEFORE = 2431.55;
const BALANCE_AFTER = 2384.25;

/**
 * The checking account of this run (desktop or phone): ids and name of its own, so that the
 * other project's run, which may use the bridge at the same moment, never mistakes it for its own.
 */
function checking(project: string, balance: number, transactions: FakeTransaction[]): FakeAccount {
  return {
    id: `CHK-${project}`,
    name: `Checking ••${project === 'phone' ? '7720' : '4410'}`,
    currency: 'USD',
    balance: balance.toFixed(2),
    'balance-date': Math.floor(Date.now() / 1000),
    org: { name: BANK, domain: 'lakeside.example' },
    transactions,
  };
}

/** Serious and critical axe findings on the page as it is now: none. */
async function expectNoSeriousA11yProblems(page: Page): Promise<void> {
  await untilStill(page);
  const results = await axeOf(page).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

/** A picture of the screen as the user sees it with `part` scrolled into view (the header and footer stay put). */
async function view(page: Page, part: Locator, path: string): Promise<void> {
  await part.last().scrollIntoViewIfNeeded();
  await picture(page, path, { fullPage: false, settleMs: 300 });
}

/** The page fits the viewport: nothing wider than the screen (375 px on a phone). */
async function expectNoSideways(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc).toBeLessThanOrEqual(widths.view);
}

test('connect a SimpleFIN account, map it, sync, and see the pending row turn posted', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const phone = testInfo.project.name === 'phone';
  const before = checking(testInfo.project.name, BALANCE_BEFORE, [GROCERY, PAYROLL, BISTRO_PENDING]);
  const { id: accountId, name: accountName } = before;
  await serveAccounts(testInfo, [before]);
  await freshUser(page, testInfo, 'bank', 'USD');

  // Manage › Bank connections, from the sidebar (behind the burger on a phone).
  const shell = new Shell(page);
  if (phone) await shell.burger.click();
  await shell.openSection('Manage');
  await new ManagePage(page).openTab('Bank connections');
  const bank = new BankPage(page);
  await expect(bank.heading).toBeVisible();
  await expect(page.getByText('No bank connections yet.')).toBeVisible();

  // The setup token SimpleFIN Bridge gave, pasted: the connection lists the bank's accounts to map.
  await bank.connectSimplefin(await setupToken());
  const card = bank.card(BANK);
  await expect(card.getByRole('form', { name: 'Map accounts to pockets' })).toBeVisible();
  await expect(bank.mappingOf(accountId)).toContainText(accountName);
  // The bank's balance as the connect read it, before any sync.
  await expect(bank.mappingOf(accountId)).toContainText(/Bank balance \$2\s431\.55/);
  // The add form folds away once the book has a connection.
  await expect(bank.addConnectionButton).toBeVisible();
  await view(page, bank.mappingForm, testInfo.outputPath('bank-mapping.png'));
  // The bridge may list the other project's account at this moment too: it is not synced here.
  for (const other of await bank.mappedAccounts.all()) {
    const id = (await other.getAttribute('data-account')) ?? '';
    if (id !== accountId) await bank.chooseSyncInto(id, "Don't sync");
  }
  // A new pocket of the account's currency, named in place.
  await bank.chooseSyncInto(accountId, 'New pocket');
  await expect(bank.newPocketName(accountId)).toHaveValue(accountName);
  await bank.newPocketName(accountId).fill(POCKET);
  await bank.saveMapping();
  await expect(new Toasts(page).message('Accounts mapped')).toBeVisible();
  const account = bank.account(BANK, accountName);
  await expect(account).toContainText(`→ ${POCKET}`);
  await expect(card).toContainText('Not synced yet');

  // Sync now: two booked rows are new, the card payment is pending, and the bank's balance
  // anchors the pocket where Kassa's books agree with it.
  await bank.syncNow(BANK);
  const result = bank.syncResult(BANK);
  await expect(result).toContainText('Sync done');
  await expect(result).toContainText('2 new, 1 pending, 0 posted, 0 duplicates');
  await expect(bank.anchors(BANK)).toHaveText([
    `${POCKET}: ${usd(BALANCE_BEFORE)} on ${shown(before['balance-date'])}, matches the bank`,
  ]);
  await expect(card).toContainText('Last sync');
  await expect(bank.figure(account, 'balance')).toHaveText(usd(BALANCE_BEFORE));
  await expect(bank.figure(account, 'pending')).toHaveText(usd(-42));
  await expect(account).toContainText('Pending (1 row)');
  // Pending rows do not count in "available" unless the user says so.
  await expect(bank.figure(account, 'available')).toHaveText(usd(BALANCE_BEFORE));

  // The pending row waits apart, out of the books.
  await expect(bank.pendingFold(BANK)).toHaveText('Pending rows (1)');
  await bank.pendingFold(BANK).click();
  await expect(bank.pendingRows(BANK)).toHaveCount(1);
  const bistro = bank.pendingRow(BANK, 'Corner Bistro');
  await expect(bistro).toHaveAttribute('data-status', 'pending');
  await expect(bistro).toContainText('CORNER BISTRO');
  await expect(bistro).toContainText(usd(-42));
  await expect(bistro).toContainText(shown(noonDaysAgo(1)));
  await expect(bistro).toContainText('Pending');
  await expectNoSideways(page);
  await view(page, bank.pendingRows(BANK), testInfo.outputPath('bank-first-sync.png'));
  await expectNoSeriousA11yProblems(page);

  // The transactions list: the two booked rows, not the pending one.
  if (phone) await shell.burger.click();
  await shell.openSection('Transactions');
  const list = new Transactions(page);
  await expect(list.transactionRows).toHaveCount(2);
  await expect(list.row('LAKESIDE GROCERY #12')).toContainText(usd(-64.2));
  await expect(list.row('PAYROLL ACME CORP')).toContainText(usd(1850));
  await expect(list.row('CORNER BISTRO')).toHaveCount(0);

  // The bank books the card payment today under a new id, with the tip: 47.30 instead of 42.00.
  const after = checking(testInfo.project.name, BALANCE_AFTER, [GROCERY, PAYROLL, BISTRO_BOOKED]);
  await serveAccounts(testInfo, [after]);
  await bank.goto();
  await bank.syncNow(BANK);
  // One new row (the booked payment), which books the pending one; the earlier two are known.
  await expect(result).toContainText('1 new, 0 pending, 1 posted, 2 duplicates');
  await expect(bank.anchors(BANK)).toHaveText([
    `${POCKET}: ${usd(BALANCE_AFTER)} on ${shown(after['balance-date'])}, matches the bank`,
  ]);
  await expect(bank.figure(account, 'balance')).toHaveText(usd(BALANCE_AFTER));
  await expect(bank.figure(account, 'pending')).toHaveText('–');
  await expect(bank.figure(account, 'available')).toHaveText(usd(BALANCE_AFTER));
  // The pending list shows it booked, with the day the bank booked it; none is pending any more.
  await expect(bank.pendingFold(BANK)).toHaveText('Pending rows (0)');
  await bank.pendingFold(BANK).click();
  await expect(bank.pendingRows(BANK)).toHaveCount(1);
  await expect(bistro).toHaveAttribute('data-status', 'posted');
  await expect(bistro).toContainText('Posted');
  await expect(bistro).toContainText('Booked by the bank');
  // The sync log has both syncs, newest first; on a phone it scrolls sideways in its own box.
  await bank.syncLogFold(BANK).click();
  const syncs = bank.syncLog(BANK).locator('tbody tr');
  await expect(syncs).toHaveCount(2);
  const logLine = (counts: string[]) => [/^\d{4}\.\d\d\.\d\d\. /, 'Sync now', ...counts, `${POCKET}: matches`, '–'];
  await expect(syncs.nth(0).getByRole('cell')).toHaveText(logLine(['1', '0', '1', '2', '0']));
  await expect(syncs.nth(1).getByRole('cell')).toHaveText(logLine(['2', '1', '0', '0', '0']));
  await expectNoSideways(page);
  await view(page, bank.syncLog(BANK), testInfo.outputPath('bank-second-sync.png'));
  await expectNoSeriousA11yProblems(page);

  // Import › history, from the sync's result: each sync is a batch of its own, a SimpleFIN sync
  // of the bank into the pocket.
  await card.getByRole('link', { name: 'See it in the import history' }).click();
  const imp = new ImportPage(page);
  const batches = imp.history.getByRole('listitem').filter({ hasText: 'SimpleFIN sync' });
  await expect(batches).toHaveCount(2);
  await expect(batches.nth(0)).toContainText('3 rows from the bank, 1 imported');
  await expect(batches.nth(1)).toContainText('2 rows from the bank, 2 imported');
  for (const batch of await batches.all()) {
    await expect(batch).toContainText(BANK);
    await expect(batch).toContainText(POCKET);
    await expect(batch).toContainText('Imported');
  }
  await expectNoSideways(page);
  await view(page, imp.history, testInfo.outputPath('bank-import-history.png'));

  // The list has the booked payment once, for what the bank booked.
  if (phone) await shell.burger.click();
  await shell.openSection('Transactions');
  await expect(list.transactionRows).toHaveCount(3);
  await expect(list.row('CORNER BISTRO')).toHaveCount(1);
  await expect(list.row('CORNER BISTRO')).toContainText(usd(-47.3));
  await picture(page, testInfo.outputPath('bank-transactions.png'), { fullPage: false, settleMs: 300 });

  // This run's account leaves the bridge.
  await serveAccounts(testInfo, []);
});

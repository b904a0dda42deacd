// Offline entry (issue 36): expenses saved with no connection wait in the device's outbox, show on
// the list and the dashboard as "Waiting to sync" (the app opens offline after one online visit),
// and are sent once when the connection returns, even when the answer to the first send is lost
// on its way; an edit made offline on a row changed meanwhile waits for the person's decision.
// At both widths: the list, the header and the decision cards have phone layouts of their own.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { DashboardPage } from '../pages/dashboard.js';
import { Outbox } from '../pages/outbox.js';
import { Toasts } from '../pages/toasts.js';
import { Transactions } from '../pages/transactions.js';
import { addCategory, apiOf, type PageApi } from '../support/api.js';
import { picture, PICTURES } from '../support/pictures.js';
import { freshUser } from '../support/users.js';

const SAVED_HERE = 'Saved on this device: it will be sent when you are back online.';

interface Row {
  id: number;
  amount: number;
  currency: string;
  categoryId: number;
  description: string;
  time: string;
  version: number;
}

/** A new user with a Groceries category and 500 EUR stated in the default pocket (the start balance). */
async function newcomer(page: Page, testInfo: TestInfo, name: string): Promise<{ api: PageApi; groceries: number }> {
  await freshUser(page, testInfo, name);
  const api = await apiOf(page);
  const groceries = await addCategory(api, 'Groceries', 'real', false);
  const [pocket] = await api.get<{ pocketId: number }[]>('pocket/getall');
  await api.post('fixpoint/set', [{ pocketId: pocket?.pocketId, balance: '500' }]);
  return { api, groceries };
}

/** Opens the expense form and waits until it is ready to be typed in. */
async function openExpenseForm(page: Page): Promise<void> {
  const t = new Transactions(page);
  await t.gotoAdd('expense');
  await expect(t.select('Category')).toHaveValue('Groceries');
  await expect(t.select('Currency')).toHaveValue('EUR');
}

/** Saves an expense in the open form; offline, the toast says it was kept on this device. */
async function addExpense(page: Page, amount: string, description: string): Promise<void> {
  const t = new Transactions(page);
  await t.fill(amount, description);
  // The form takes one Save per half second (a double click saves once); offline a save is instant.
  await page.waitForTimeout(600);
  await t.save();
  await expect(new Toasts(page).message(SAVED_HERE).first()).toBeVisible();
  await expect(t.amount).toHaveValue('');
}

/** The descriptions of the user's transactions as the server lists them, sorted. */
async function listed(api: PageApi): Promise<string[]> {
  return (await api.post<Row[]>('transaction/getfiltered', {})).map((r) => r.description).sort();
}

/** A picture for looking at, at the project's width and at 390 px on the phone. */
async function look(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!PICTURES) return;
  const size = page.viewportSize();
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  await picture(page, testInfo.outputPath(`${name}-${testInfo.project.name}.png`), { settleMs: 300 });
  if (size !== null) await page.setViewportSize(size);
}

test.describe('with the service worker', () => {
  // The other journeys block service workers (playwright.config.ts); opening offline needs one.
  test.use({ serviceWorkers: 'allow' });

  test('three expenses saved offline wait through a reload and are sent once when back online', async ({
    page,
  }, testInfo) => {
    // The worker precaches the whole build in this new context, and the app is opened four times.
    test.setTimeout(80_000);
    const { api } = await newcomer(page, testInfo, 'offline');
    const t = new Transactions(page);
    const outbox = new Outbox(page);
    // One online visit: the worker takes control, and the screens' reads are kept for offline.
    await page.goto('/private/dashboard');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await t.gotoList();
    await expect(t.rows).toHaveCount(1); // the start balance's fixpoint
    await openExpenseForm(page);

    await page.context().setOffline(true);
    await addExpense(page, '12.50', 'Bread');
    await addExpense(page, '3.20', 'Milk');
    await addExpense(page, '4.30', 'Apples');
    // The app opens offline, and what was saved is still waiting.
    await page.reload();
    await expect(t.amount).toBeVisible();
    await expect(outbox.headerWaiting(3)).toBeVisible();
    await t.gotoList();
    await expect(outbox.waitingRows).toHaveCount(3);
    // The server's rows are not "no transactions" while they cannot be read.
    await expect(
      page.getByText('You are offline: the transactions the server has show when the connection returns.'),
    ).toBeVisible();
    for (const [description, amount] of [
      ['Bread', '- 12.50 €'],
      ['Milk', '- 3.20 €'],
      ['Apples', '- 4.30 €'],
    ] as const) {
      await expect(outbox.waitingRow(description)).toContainText('Waiting to sync');
      await expect(outbox.waitingRow(description)).toContainText(amount);
    }
    await look(page, testInfo, 'offline-list');
    await new DashboardPage(page).goto();
    await expect(outbox.summary).toContainText('3 entries waiting to sync');
    // In their own currency, apart from the server's figures.
    await expect(outbox.summary).toContainText('- 20.00 €');
    await look(page, testInfo, 'offline-dashboard');

    await page.context().setOffline(false);
    await expect(outbox.summary).toBeHidden({ timeout: 15_000 });
    expect(await listed(api)).toEqual(['Apples', 'Bread', 'Milk']);
    await t.gotoList();
    await expect(t.row('Bread')).toHaveCount(1);
    await expect(t.transactionRows).toHaveCount(3);
    await expect(outbox.waitingRows).toHaveCount(0);
  });
});

test('a send whose answer is cut off is sent again with the same key and written once', async ({ page }, testInfo) => {
  const { api } = await newcomer(page, testInfo, 'cutoff');
  const outbox = new Outbox(page);
  await openExpenseForm(page);
  await page.context().setOffline(true);
  await addExpense(page, '7.40', 'Cheese');
  await addExpense(page, '2.10', 'Bun');
  await expect(outbox.headerWaiting(2)).toBeVisible();

  // The first send reaches the server, which writes the row, but its answer never reaches the page.
  // Service workers are blocked here, so the page's own requests pass this route.
  const sends: { key: string; cut: boolean; replayed: boolean }[] = [];
  await page.route('**/api/transaction/add', async (route) => {
    const key = route.request().headers()['idempotency-key'] ?? '';
    const response = await route.fetch();
    const replayed = response.headers()['idempotent-replayed'] === 'true';
    if (sends.length === 0) {
      sends.push({ key, cut: true, replayed });
      await route.abort('connectionreset');
      return;
    }
    sends.push({ key, cut: false, replayed });
    await route.fulfill({ response });
  });
  await page.context().setOffline(false);
  // The sender tries again a few seconds later, with the same key: the server answers its first answer.
  await expect(outbox.anyWaiting).toHaveCount(0, { timeout: 20_000 });
  expect(sends).toHaveLength(3);
  expect(sends[0]).toMatchObject({ cut: true, replayed: false });
  expect(sends[1]).toEqual({ key: sends[0]?.key, cut: false, replayed: true });
  expect(sends[2]).toMatchObject({ cut: false, replayed: false });
  expect(sends[2]?.key).not.toBe(sends[0]?.key);
  expect(await listed(api)).toEqual(['Bun', 'Cheese']);
});

test('an edit made offline on a row changed meanwhile waits for a decision; Discard mine keeps the server’s', async ({
  page,
}, testInfo) => {
  const { api, groceries } = await newcomer(page, testInfo, 'conflict');
  const lunch = await api.post<Row>('transaction/add', {
    amount: '10',
    currency: 'EUR',
    categoryId: groceries,
    description: 'Lunch',
    // After the start balance's fixpoint, so the edit asks nothing first.
    time: new Date(Date.now() + 60_000).toISOString(),
  });
  const t = new Transactions(page);
  const outbox = new Outbox(page);
  await t.gotoList();
  await t.row('Lunch').click();
  await expect(t.amount).toHaveValue('10');

  await page.context().setOffline(true);
  await t.amount.fill('12');
  await t.save();
  await expect(new Toasts(page).message(SAVED_HERE)).toBeVisible();
  await expect(outbox.waitingRow('Lunch')).toContainText('Edit of a transaction');
  // Meanwhile, from another device: the row moves to version 2.
  await api.post('transaction/update', {
    id: lunch.id,
    amount: '15',
    currency: 'EUR',
    categoryId: groceries,
    description: 'Lunch with Ann',
    time: lunch.time,
  });

  await page.context().setOffline(false);
  await outbox.headerDecisions(1).click();
  const card = outbox.decision('Lunch with Ann');
  await expect(outbox.side(card, 'Your change')).toContainText('- 12.00 €');
  await expect(outbox.side(card, 'Now on the server')).toContainText('Lunch with Ann');
  await expect(outbox.side(card, 'Now on the server')).toContainText('- 15.00 €');
  await look(page, testInfo, 'offline-decisions');
  await card.getByRole('button', { name: 'Discard mine' }).click();
  await expect(outbox.nothingToDecide).toBeVisible();
  await expect(outbox.headerDecisions(1)).toBeHidden();
  expect(await api.get<Row>(`transaction/getbyid/${lunch.id}`)).toMatchObject({
    amount: 15,
    description: 'Lunch with Ann',
    version: 2,
  });
});

import { expect, test } from '@playwright/test';
import { E2E_USER } from '../e2e-env.js';
import { HelpPage } from '../pages/help.js';
import { LoginPage } from '../pages/login.js';
import { FrontPage, PublicHeader } from '../pages/public.js';
import { Shell } from '../pages/shell.js';
import { Toasts } from '../pages/toasts.js';
import { apiOf } from '../support/api.js';
import { pageToken } from '../support/server.js';
import { picture } from '../support/pictures.js';

test('Try the demo! logs in as the demo user with one click', async ({ page }, testInfo) => {
  await new LoginPage(page).tryTheDemo();
  await expect(new Toasts(page).message('Logged in as demo user')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/dashboard$/);
  await expect(new Shell(page).accountMenu('Demo')).toBeVisible();
  await picture(page, testInfo.outputPath('demo-shell.png'));

  // Logged in, the public header offers Back to app instead of Log In.
  await page.goto('/public/help');
  await expect(new HelpPage(page).topics).toBeVisible();
  await new PublicHeader(page).backToApp.click();
  await expect(page).toHaveURL(/\/private\/add-transaction$/);
});

test("every demo visitor gets books of their own: one visitor's entry is not the next one's", async ({
  browser,
  page,
}) => {
  await new LoginPage(page).tryTheDemo();
  await expect(new Toasts(page).message('Logged in as demo user')).toBeVisible();
  const first = await apiOf(page);
  const [category] = await first.get<{ id: number }[]>('category/getall?type=real');
  const entry = { amount: 777, currency: 'EUR', categoryId: category?.id, description: 'First visitor was here' };
  await first.post('transaction/add', { ...entry, time: new Date().toISOString() });
  const mine = (rows: { description: string }[]) => rows.filter((r) => r.description === entry.description);
  expect(mine(await first.post('transaction/getfiltered', {}))).toHaveLength(1);

  // Another browser, another visitor: the same sample books, without the first one's entry.
  const other = await browser.newContext();
  const second = await other.newPage();
  await new LoginPage(second).tryTheDemo();
  await expect(new Toasts(second).message('Logged in as demo user')).toBeVisible();
  const rows = await (await apiOf(second)).post<{ description: string }[]>('transaction/getfiltered', {});
  expect(rows.length).toBeGreaterThan(300);
  expect(mine(rows)).toEqual([]);
  // Nor does the public config give away a shared demo login.
  const config: unknown = await (await second.request.get('/api/config')).json();
  expect(JSON.stringify(config)).not.toMatch(/password/i);
  await other.close();
});

test('the public header writes to support with the spec subject', async ({ page }, testInfo) => {
  await new FrontPage(page).goto();
  const header = new PublicHeader(page);
  if (testInfo.project.name === 'phone') await header.openMore();
  const contact = header.contact(testInfo.project.name === 'phone');
  await expect(contact).toHaveAttribute('href', 'mailto:support@example.com?subject=Contacting%20the%20developer');
});

test('the sidebar: beside the page on desktop; on a phone an overlay that swipes open and shut', async ({
  page,
}, testInfo) => {
  await new LoginPage(page).logInFully(E2E_USER.email, E2E_USER.password);
  await expect(page).toHaveURL(/\/private\/add-transaction$/);
  const shell = new Shell(page);
  const sections = shell.sections;

  if (testInfo.project.name === 'desktop') {
    await expect(sections).toBeVisible();
    await expect(shell.burger).toHaveCount(0);
    await shell.openSection('Analytics');
    await expect(shell.title('Analytics')).toBeVisible();
    return;
  }

  await expect(sections).toBeHidden();
  await shell.swipe(40, 300);
  await expect(sections).toBeVisible();
  await picture(page, testInfo.outputPath('phone-sidebar.png'), { fullPage: false });
  await shell.swipe(300, 40);
  await expect(sections).toBeHidden();
  await shell.burger.click();
  await expect(sections).toBeVisible();
  await shell.openSection('Manage');
  await expect(sections).toBeHidden();
  await expect(shell.title('Manage')).toBeVisible();
});

test('a session the server no longer accepts ends with the spec message on the login page', async ({ page }) => {
  await new LoginPage(page).logInFully(E2E_USER.email, E2E_USER.password);
  // Same claims, broken signature: unexpired to the browser, rejected by the server.
  const token = await pageToken(page);
  await page.evaluate((t) => localStorage.setItem('jwtToken', `${t.slice(0, -4)}AAAA`), token);
  await page.goto('/private/dashboard');
  await expect(new Toasts(page).message('Your session has expired. Please log in again')).toBeVisible();
  await expect(page).toHaveURL(/\/public\/login$/);
  expect(await pageToken(page)).toBe('');
});

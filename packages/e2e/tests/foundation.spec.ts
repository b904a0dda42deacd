import { expect, test } from '@playwright/test';
import { E2E_USER } from '../e2e-env.js';
import { DashboardPage } from '../pages/dashboard.js';
import { LoginPage } from '../pages/login.js';
import { FrontPage } from '../pages/public.js';
import { Shell } from '../pages/shell.js';
import { Toasts } from '../pages/toasts.js';
import { picture } from '../support/pictures.js';

test('the root opens the public front page', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/public$/);
  const front = new FrontPage(page);
  for (const highlight of ['Analytics', 'Pockets', 'Transactions', 'Lendings', 'Multi currency', 'Easy data entry']) {
    await expect(front.highlight(highlight)).toBeVisible();
  }
  await expect(front.version('Kassa v1.10.8')).toBeVisible();
  await picture(page, testInfo.outputPath('front-page.png'));
});

test('the health endpoint answers beside the app', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok', version: '1.10.8' });
});

test('a wrong password shows the server message', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(E2E_USER.email, 'not-the-password');
  await expect(new Toasts(page).alert('Wrong e-mail or password')).toBeVisible();
  await expect(page).toHaveURL(/\/public\/login$/);
});

test('a user logs in, reloads a deep private route, and logs out', async ({ page }, testInfo) => {
  await page.goto('/private/dashboard');
  await expect(page).toHaveURL(/\/public\/login$/);
  await new LoginPage(page).logIn(E2E_USER.email.toUpperCase(), E2E_USER.password);
  const shell = new Shell(page);
  // Back where the visitor was headed before the login page.
  await expect(page).toHaveURL(/\/private\/dashboard$/);
  await expect(shell.title('Dashboard')).toBeVisible();
  await expect(new DashboardPage(page).greeting(E2E_USER.firstName)).toBeVisible();

  // The server answers index.html for client routes, so a reload keeps the page.
  await page.goto('/private/analytics');
  await expect(shell.title('Analytics')).toBeVisible();
  await picture(page, testInfo.outputPath('private-shell.png'));

  await shell.logOut(E2E_USER.firstName);
  await expect(page).toHaveURL(/\/public$/);
  expect(await page.evaluate('localStorage.getItem("jwtToken")')).toBeNull();
});

import { expect, test } from '@playwright/test';
import { E2E_USER } from '../e2e-env.js';

test('the root opens the public front page', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/public$/);
  for (const highlight of ['Analytics', 'Pockets', 'Transactions', 'Lendings', 'Multi currency', 'Easy data entry']) {
    await expect(page.getByRole('heading', { name: highlight })).toBeVisible();
  }
  await expect(page.getByText('Kassa v1.10.8')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('front-page.png'), fullPage: true });
});

test('the health endpoint answers beside the app', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok', version: '1.10.8' });
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/public/login');
  await page.getByLabel('E-mail').fill(E2E_USER.email);
  await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/public\/login$/);
});

test('a user logs in, reloads a deep private route, and logs out', async ({ page }, testInfo) => {
  await page.goto('/private/dashboard');
  await expect(page).toHaveURL(/\/public\/login$/);
  await page.getByLabel('E-mail').fill(E2E_USER.email.toUpperCase());
  await page.getByRole('textbox', { name: 'Password' }).fill(E2E_USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // Back where the visitor was headed before the login page.
  await expect(page).toHaveURL(/\/private\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Hello ${E2E_USER.firstName}!` })).toBeVisible();

  // The server answers index.html for client routes, so a reload keeps the page.
  await page.goto('/private/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('private-shell.png'), fullPage: true });

  await page.getByRole('button', { name: E2E_USER.firstName }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/public$/);
  expect(await page.evaluate('localStorage.getItem("jwtToken")')).toBeNull();
});

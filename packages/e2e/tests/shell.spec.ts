import { expect, test } from '@playwright/test';
import { E2E_USER } from '../e2e-env.js';
import { pageToken, swipe } from '../support/server.js';

test('Try the demo! logs in as the demo user with one click', async ({ page }, testInfo) => {
  await page.goto('/public');
  await page.getByRole('button', { name: 'Try the demo!' }).click();
  await expect(page.getByText('Logged in as demo user')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/add-transaction$/);
  await expect(page.getByRole('button', { name: 'Demo' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('demo-shell.png'), fullPage: true });

  // Logged in, the public header offers Back to app instead of Log In.
  await page.goto('/public/help');
  await expect(page.getByText('Help is coming soon.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to app' }).click();
  await expect(page).toHaveURL(/\/private\/add-transaction$/);
});

test('the public header writes to support with the spec subject', async ({ page }, testInfo) => {
  await page.goto('/public');
  if (testInfo.project.name === 'phone') await page.getByRole('button', { name: 'More' }).click();
  const contact = page.getByRole(testInfo.project.name === 'phone' ? 'menuitem' : 'link', { name: 'Contact' });
  await expect(contact).toHaveAttribute('href', 'mailto:support@example.com?subject=Contacting%20the%20developer');
});

test('the sidebar: beside the page on desktop; on a phone an overlay that swipes open and shut', async ({
  page,
}, testInfo) => {
  await page.goto('/public/login');
  await page.getByLabel('E-mail').fill(E2E_USER.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(E2E_USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/private\/add-transaction$/);
  const sections = page.getByRole('navigation', { name: 'Sections' });

  if (testInfo.project.name === 'desktop') {
    await expect(sections).toBeVisible();
    await expect(page.getByRole('button', { name: 'Toggle navigation' })).toHaveCount(0);
    await sections.getByRole('link', { name: 'Analytics' }).click();
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    return;
  }

  await expect(sections).toBeHidden();
  await swipe(page, 40, 300);
  await expect(sections).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('phone-sidebar.png') });
  await swipe(page, 300, 40);
  await expect(sections).toBeHidden();
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(sections).toBeVisible();
  await sections.getByRole('link', { name: 'Manage' }).click();
  await expect(sections).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Manage', level: 1 })).toBeVisible();
});

test('a session the server no longer accepts ends with the spec message on the login page', async ({ page }) => {
  await page.goto('/public/login');
  await page.getByLabel('E-mail').fill(E2E_USER.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(E2E_USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/private\/add-transaction$/);
  // Same claims, broken signature: unexpired to the browser, rejected by the server.
  const token = await pageToken(page);
  await page.evaluate((t) => localStorage.setItem('jwtToken', `${t.slice(0, -4)}AAAA`), token);
  await page.goto('/private/dashboard');
  await expect(page.getByText('Your session has expired. Please log in again')).toBeVisible();
  await expect(page).toHaveURL(/\/public\/login$/);
  expect(await pageToken(page)).toBe('');
});

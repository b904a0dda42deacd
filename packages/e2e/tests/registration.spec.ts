import { expect, test } from '@playwright/test';
import { E2E_USER } from '../e2e-env.js';
import { apiLogin, pageToken, verificationCodeFor } from '../support/server.js';

// A new person signs up through the real server: e-mail code read from the outbox, a referral code
// from an existing user, the initial data, and the private shell at the end.
test('a newcomer signs up, verifies the e-mail, enters a referral code and finishes the setup', async ({
  page,
}, testInfo) => {
  const email = `newcomer-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto('/public');
  await page.getByRole('main').getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/public\/signup$/);
  await expect(page.getByRole('navigation', { name: 'Registration steps' })).toHaveText(
    /Sign up\s*>\s*Verify email\s*>\s*Referral code\s*>\s*Initial setup/,
  );

  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Newcomer-pass-1');
  const criteria = page.getByRole('list', { name: 'Password criteria' }).getByRole('listitem');
  await expect(criteria.and(page.locator('[data-met="false"]'))).toHaveCount(1); // they do not match yet
  await page.getByRole('textbox', { name: 'Password again' }).fill('Newcomer-pass-1');
  await expect(criteria.and(page.locator('[data-met="true"]'))).toHaveCount(6);
  await page.screenshot({ path: testInfo.outputPath('signup.png'), fullPage: true });
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Signed up')).toBeVisible();
  await expect(page).toHaveURL(/\/public\/register\/verify-email$/);
  await expect(page.getByText(`We mailed a verification code to ${email}`)).toBeVisible();

  // The private area is closed until registration is complete.
  await page.goto('/private/dashboard');
  await expect(page).toHaveURL(/\/public\/register\/verify-email$/);

  await page.getByLabel('Verification code').fill(await verificationCodeFor(email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Email verified')).toBeVisible();
  await expect(page).toHaveURL(/\/public\/register\/verify-referral$/);

  const existing = await apiLogin(E2E_USER.email, E2E_USER.password);
  const referral = await (await existing.api.get('/api/account/getreferral', { headers: existing.auth })).text();
  await page.getByLabel('Referral code').fill(referral);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Referral accepted')).toBeVisible();
  await expect(page).toHaveURL(/\/public\/register\/initial-data$/);

  await page.getByLabel('First name').fill('Nova');
  await page.getByLabel('Last name').fill('Newcomer');
  await page.getByPlaceholder('Pick your main currency').fill('HUF');
  await page.getByRole('option', { name: 'HUF · Hungarian forint' }).click();
  await page.getByLabel('Start balance').fill('1200+35.5');
  await page.screenshot({ path: testInfo.outputPath('initial-data.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Registration complete')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nova' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('registered-shell.png'), fullPage: true });

  // The server holds what the steps said: main currency and a default pocket with the start balance.
  const auth = { authorization: `Bearer ${await pageToken(page)}` };
  const info = (await (await page.request.get('/api/account/userinfo', { headers: auth })).json()) as object;
  expect(info).toMatchObject({ firstName: 'Nova', lastName: 'Newcomer', mainCurrency: 'HUF', regComplete: true });
  const pockets = (await (await page.request.get('/api/pocket/getall', { headers: auth })).json()) as object[];
  expect(pockets).toEqual([expect.objectContaining({ name: 'Default pocket HUF', currency: 'HUF', balance: 1235.5 })]);

  await page.getByRole('button', { name: 'Nova' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByText('Logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/public$/);
  expect(await pageToken(page)).toBe('');
});

import { expect, test, type Page } from '@playwright/test';
import { E2E_USER } from '../e2e-env.js';
import { FrontPage } from '../pages/public.js';
import { Registration } from '../pages/registration.js';
import { Shell } from '../pages/shell.js';
import { Toasts } from '../pages/toasts.js';
import { apiOf } from '../support/api.js';
import { pageToken, referralCodeOf, verificationCodeFor } from '../support/server.js';
import { runCli, uniqueEmail } from '../support/users.js';
import { picture } from '../support/pictures.js';

/** Signs up through the form and verifies the e-mail with the code the server mailed. */
async function signUpAndVerify(reg: Registration, page: Page, email: string) {
  const front = new FrontPage(page);
  const toasts = new Toasts(page);
  await front.goto();
  await front.signUpLink.click();
  await expect(page).toHaveURL(/\/public\/signup$/);
  await reg.fillSignup(email, 'Newcomer-pass-1');
  await reg.submitSignup();
  await expect(toasts.message('Signed up')).toBeVisible();
  await reg.expectStep('verify-email');
  await reg.verifyEmail(await verificationCodeFor(email));
  await expect(toasts.message('Email verified')).toBeVisible();
  await reg.expectStep('verify-referral');
}

// A new person signs up through the real server: the e-mail code read from the mail it sent to the
// SMTP listener, a referral code from an existing user, the initial data, and the private shell.
test('a newcomer signs up, verifies the e-mail, enters a referral code and finishes the setup', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'newcomer');
  const reg = new Registration(page);
  const toasts = new Toasts(page);
  const front = new FrontPage(page);
  await front.goto();
  await front.signUpLink.click();
  await expect(page).toHaveURL(/\/public\/signup$/);
  await expect(reg.stepIndicator).toHaveText(/Sign up\s*>\s*Verify email\s*>\s*Referral code\s*>\s*Initial setup/);

  await reg.fillSignup(email, 'Newcomer-pass-1', '');
  await expect(reg.criteriaMet(false)).toHaveCount(1); // they do not match yet
  await reg.fillSignup(email, 'Newcomer-pass-1');
  await expect(reg.criteriaMet(true)).toHaveCount(6);
  await picture(page, testInfo.outputPath('signup.png'));
  await reg.submitSignup();
  await expect(toasts.message('Signed up')).toBeVisible();
  await reg.expectStep('verify-email');
  await expect(reg.codeMailedTo(email)).toBeVisible();

  // The private area is closed until registration is complete.
  await page.goto('/private/dashboard');
  await reg.expectStep('verify-email');

  await reg.verifyEmail(await verificationCodeFor(email));
  await expect(toasts.message('Email verified')).toBeVisible();
  await reg.expectStep('verify-referral');

  await reg.enterReferral(await referralCodeOf(E2E_USER.email, E2E_USER.password));
  await expect(toasts.message('Referral accepted')).toBeVisible();
  await reg.expectStep('initial-data');

  await reg.fillInitialData({
    firstName: 'Nova',
    lastName: 'Newcomer',
    currency: 'HUF',
    currencyLabel: 'HUF · Hungarian forint',
    startBalance: '1200+35.5',
  });
  await picture(page, testInfo.outputPath('initial-data.png'));
  await reg.save();
  await expect(toasts.message('Registration complete')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/dashboard$/);
  const shell = new Shell(page);
  await expect(shell.title('Dashboard')).toBeVisible();
  await expect(shell.accountMenu('Nova')).toBeVisible();
  await picture(page, testInfo.outputPath('registered-shell.png'));

  // The server holds what the steps said: main currency and a default pocket with the start balance.
  const api = await apiOf(page);
  expect(await api.get('account/userinfo')).toMatchObject({
    firstName: 'Nova',
    lastName: 'Newcomer',
    mainCurrency: 'HUF',
    regComplete: true,
  });
  expect(await api.get('pocket/getall')).toEqual([
    expect.objectContaining({ name: 'Default pocket HUF', currency: 'HUF', balance: 1235.5 }),
  ]);

  await shell.logOut('Nova');
  await expect(toasts.message('Logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/public$/);
  expect(await pageToken(page)).toBe('');
});

test('a newcomer without a referral code joins the waitlist', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'waiting');
  const reg = new Registration(page);
  await signUpAndVerify(reg, page, email);
  await reg.joinWaitlist();
  await expect(new Toasts(page).message('You are on the waitlist')).toBeVisible();
  await expect(page).toHaveURL(/\/public$/);

  // The admin sees them on the waitlist, and the private area stays closed to them.
  expect(runCli('waitlist:list').stdout).toContain(email);
  await page.goto('/private/dashboard');
  await reg.expectStep('verify-referral');
});

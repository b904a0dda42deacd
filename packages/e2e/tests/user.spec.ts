import { expect, request, test } from '@playwright/test';
import { E2E_BASE_URL } from '../e2e-env.js';
import { LoginPage } from '../pages/login.js';
import { Shell } from '../pages/shell.js';
import { Toasts } from '../pages/toasts.js';
import { UserPage } from '../pages/user.js';
import { pageToken, verificationCodeFor } from '../support/server.js';
import { DEFAULT_PASSWORD, freshUser, logIn, uniqueEmail } from '../support/users.js';
import { schemePictures } from '../support/pictures.js';

/** Signs a newcomer up over the API, as a browser would (CSRF cookie echoed), and verifies the e-mail. */
async function signUpAndVerify(email: string) {
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  await api.get('/api/health');
  const csrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'x-xsrf-token': csrf });
  const password = 'Newcomer-pass-1';
  const signup = await api.post('/api/account/signup', {
    data: { email, password, password2: password, recaptcha: '' },
    headers: { 'x-xsrf-token': csrf },
  });
  expect(signup.status()).toBe(200);
  let { token } = (await signup.json()) as { token: string };
  const verified = await api.post(`/api/account/verify-email/${await verificationCodeFor(email)}`, {
    headers: headers(token),
  });
  expect(verified.status()).toBe(200);
  ({ token } = (await verified.json()) as { token: string });
  return {
    useReferral: (code: string) => api.post(`/api/account/verify-referral/${code}`, { headers: headers(token) }),
  };
}

test('the profile shows who is signed in, read only', async ({ page }, testInfo) => {
  const email = await freshUser(page, testInfo, 'profile', 'HUF');
  const user = new UserPage(page);
  await user.openProfileFromMenu('Tess');
  await expect(page).toHaveURL(/\/private\/user\/userinfo$/);
  await expect(user.heading).toBeVisible();
  await expect(user.infoRow('E-mail')).toContainText(email);
  await expect(user.infoRow('First name')).toContainText('Tess');
  await expect(user.infoRow('Main currency')).toContainText('HUF · Hungarian Forint');
  await expect(user.infoFields).toHaveCount(0);
  await schemePictures(page, testInfo, 'userinfo');
});

test('changing the password logs out; the new password logs in, the old one and old token no longer work', async ({
  page,
}, testInfo) => {
  const email = await freshUser(page, testInfo, 'changepass');
  const oldToken = await pageToken(page);
  const user = new UserPage(page);
  await user.goto();
  await expect(page).toHaveURL(/\/private\/user\/userinfo$/);
  await user.openTab('Password');
  await expect(page).toHaveURL(/\/private\/user\/changes$/);

  const newPassword = 'Brand-new-pass-2';
  await user.oldPassword.fill(DEFAULT_PASSWORD);
  await user.newPassword.fill(newPassword);
  await expect(user.criteriaMet(false)).toHaveCount(1); // they do not match yet
  await user.newPasswordAgain.fill(newPassword);
  await expect(user.criteriaMet(true)).toHaveCount(6);
  await schemePictures(page, testInfo, 'changes');

  // A wrong old password is the server's message; the session stays.
  await user.oldPassword.fill('Not-my-pass-9');
  await user.changePassword();
  await expect(user.toast('oldPassword: is wrong')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/user\/changes$/);

  await user.oldPassword.fill(DEFAULT_PASSWORD);
  await user.changePassword();
  await expect(user.toast('Password changed')).toBeVisible();
  await expect(page).toHaveURL(/\/public\/login$/);
  expect(await pageToken(page)).toBe('');
  // The server voided every earlier token.
  const stale = await page.request.get('/api/account/userinfo', { headers: { authorization: `Bearer ${oldToken}` } });
  expect(stale.status()).toBe(401);

  await new LoginPage(page).logIn(email, DEFAULT_PASSWORD);
  await expect(new Toasts(page).message('Wrong e-mail or password')).toBeVisible();

  await logIn(page, email, newPassword);
  await expect(new Shell(page).accountMenu('Tess')).toBeVisible();
});

test('a referral code is generated, copied, used once by a newcomer and refused the second time', async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await freshUser(page, testInfo, 'referrer');
  const user = new UserPage(page);
  await user.gotoReferral();
  await expect(user.referralNote).toBeVisible();
  await user.generateReferralCode();
  await expect(user.toast('Copied to clipboard')).toBeVisible();
  const code = await user.referralCode.inputValue();
  expect(code).toMatch(/^\S{4,}$/);
  expect(await user.clipboard()).toBe(code);
  await schemePictures(page, testInfo, 'referral');

  // The copy button copies it again.
  await user.setClipboard('something else');
  await user.copyReferralCode();
  await expect.poll(() => user.clipboard()).toBe(code);

  const newcomer = await signUpAndVerify(uniqueEmail(testInfo, 'invited'));
  expect((await newcomer.useReferral(code)).status()).toBe(200);
  const latecomer = await signUpAndVerify(uniqueEmail(testInfo, 'late'));
  const refused = await latecomer.useReferral(code);
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('code: has already been used');
});

test('the demo user may not generate referral codes', async ({ page }) => {
  await new LoginPage(page).tryTheDemo();
  await expect(page).toHaveURL(/\/private\/dashboard$/);
  const user = new UserPage(page);
  await user.gotoReferral();
  await user.generateReferralCode();
  await expect(user.toast('Not allowed for demo user')).toBeVisible();
  await expect(user.referralCode).toHaveCount(0);
});

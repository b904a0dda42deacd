import { expect, test, type Page } from '@playwright/test';
import { axeOf } from '../support/axe.js';
import { E2E_BASE_URL } from '../e2e-env.js';
import { LoginPage } from '../pages/login.js';
import { PasswordResetPages } from '../pages/password-reset.js';
import { Shell } from '../pages/shell.js';
import { Toasts } from '../pages/toasts.js';
import { mailsTo, pageToken, resetLinkFor } from '../support/server.js';
import { createUser, DEFAULT_PASSWORD, logIn, uniqueEmail } from '../support/users.js';
import { schemePictures } from '../support/pictures.js';
import { untilStill } from '../support/still.js';

const NEW_PASSWORD = 'Reset-pass-22';
const NEUTRAL = 'If an account exists for this address, we sent a link to reset its password.';

/** Serious and critical axe findings on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await untilStill(page);
  const results = await axeOf(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact ?? ''} ${v.id}: ${v.help}`);
}

/** The page fits the viewport: nothing wider than the screen (375 px on a phone). */
async function expectNoSideways(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc).toBeLessThanOrEqual(widths.view);
}

test('a forgotten password: the login page’s link, the mail, the link, a new password, and a login with it', async ({
  page,
  browser,
}, testInfo) => {
  // Two sign-ins, two mails and screenshots in light and dark: more than the default 20 s on a phone.
  test.setTimeout(60_000);
  const email = uniqueEmail(testInfo, 'forgot');
  createUser({ email });
  // Signed in elsewhere before the reset: that session ends with it.
  const elsewhere = await browser.newPage();
  await logIn(elsewhere, email);
  const oldToken = await pageToken(elsewhere);

  const reset = new PasswordResetPages(page);
  await reset.askForLink(email);
  await expect(reset.sentNotice).toContainText(NEUTRAL);
  await expectNoSideways(page);
  expect(await seriousViolations(page)).toEqual([]);
  await schemePictures(page, testInfo, 'forgot-sent');

  const link = await resetLinkFor(email);
  expect(link.startsWith(`${E2E_BASE_URL}/public/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await expect(reset.resetHeading).toBeVisible();
  await expectNoSideways(page);
  expect(await seriousViolations(page)).toEqual([]);

  // The server's rules, shown under the field; the link still works afterwards.
  await reset.choosePassword('short');
  await expect(reset.passwordProblem('Must be at least 8 characters')).toBeVisible();
  await schemePictures(page, testInfo, 'reset-refused');
  await reset.choosePassword(NEW_PASSWORD);
  await expect(page).toHaveURL(/\/public\/login$/);
  await expect(reset.resetNotice).toBeVisible();
  await schemePictures(page, testInfo, 'reset-done');

  // The session elsewhere ended; its token answers 401.
  const stale = await page.request.get('/api/account/userinfo', { headers: { authorization: `Bearer ${oldToken}` } });
  expect(stale.status()).toBe(401);
  await elsewhere.close();

  const login = new LoginPage(page);
  await login.logIn(email, DEFAULT_PASSWORD);
  await expect(new Toasts(page).message('Wrong e-mail or password')).toBeVisible();
  await logIn(page, email, NEW_PASSWORD);
  await expect(new Shell(page).accountMenu('Tess')).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await reset.choosePassword('Another-pass-33');
  await expect(reset.deadLink).toBeVisible();
  await reset.askAgainLink.click();
  await expect(page).toHaveURL(/\/public\/forgot-password$/);
});

test('an address without an account gets the same answer, and no mail', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'nobody');
  const reset = new PasswordResetPages(page);
  await reset.askForLink(email);
  await expect(reset.status).toContainText(NEUTRAL);
  await page.waitForTimeout(500);
  expect(mailsTo(email)).toEqual([]);
});

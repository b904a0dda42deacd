import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { axeOf } from '../support/axe.js';
import { Secret, TOTP } from 'otpauth';
import { LoginPage } from '../pages/login.js';
import { Shell } from '../pages/shell.js';
import { Toasts } from '../pages/toasts.js';
import { TwoFactorPage } from '../pages/two-factor.js';
import { pageToken } from '../support/server.js';
import { DEFAULT_PASSWORD, freshUser } from '../support/users.js';
import { picture } from '../support/pictures.js';
import { untilStill } from '../support/still.js';

/**
 * The code an authenticator app shows `steps` 30 s steps from now. A code works once, and so does
 * its step: enrolment uses the current one, the login after it the next (which the server takes
 * as a phone clock a little ahead).
 */
const appCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** A screenshot of the screen at the project's width, and no serious or critical axe findings on it. */
async function check(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await picture(page, testInfo.outputPath(`${name}.png`));
  await untilStill(page);
  const { violations } = await axeOf(page).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test('two-factor sign-in: set up on the user page, then log in with a code of the app and with a recovery code', async ({
  page,
}, testInfo) => {
  const email = await freshUser(page, testInfo, 'two-factor');
  const twoFactor = new TwoFactorPage(page);
  const shell = new Shell(page);
  const login = new LoginPage(page);

  await twoFactor.goto();
  await expect(twoFactor.state('Off')).toBeVisible();
  await twoFactor.startSetup();
  await expect(twoFactor.qrCode).toBeVisible();
  const secret = await twoFactor.secretKey();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await check(page, testInfo, 'two-factor-setup');
  await twoFactor.turnOn(appCode(secret));
  await expect(new Toasts(page).message('Two-factor sign-in turned on')).toBeVisible();
  await expect(twoFactor.recoveryCodes).toHaveCount(10);
  const recoveryCodes = await twoFactor.recoveryCodes.allTextContents();
  await check(page, testInfo, 'two-factor-recovery-codes');
  await twoFactor.savedThem();
  await expect(twoFactor.state('On')).toBeVisible();
  await expect(twoFactor.recoveryCodesLeft).toHaveText('Recovery codes left: 10');

  // The password alone no longer logs in: the code step follows, and its code does.
  await shell.logOut('Tess');
  await expect(page).toHaveURL(/\/public$/);
  await login.goto();
  await login.logIn(email, DEFAULT_PASSWORD);
  await expect(twoFactor.codeStepHeading).toBeVisible();
  expect(await pageToken(page)).toBe('');
  await check(page, testInfo, 'two-factor-login-code');
  await twoFactor.verifyCode(appCode(secret, 1));
  await expect(page).toHaveURL(/\/private\//);
  await expect(shell.accountMenu('Tess')).toBeVisible();

  // A recovery code stands in for the app, once.
  await shell.logOut('Tess');
  await login.goto();
  await login.logIn(email, DEFAULT_PASSWORD);
  await twoFactor.verifyRecoveryCode(recoveryCodes[0] ?? '');
  await expect(page).toHaveURL(/\/private\//);
  await twoFactor.goto();
  await expect(twoFactor.recoveryCodesLeft).toHaveText('Recovery codes left: 9');
});

import { expect, request, test, type Page, type TestInfo } from '@playwright/test';
import { axeOf } from '../support/axe.js';
import { E2E_BASE_URL } from '../e2e-env.js';
import { SecurityPage } from '../pages/security.js';
import { Toasts } from '../pages/toasts.js';
import { logIn, uniqueEmail, createUser } from '../support/users.js';
import { picture } from '../support/pictures.js';
import { untilStill } from '../support/still.js';

/** A screenshot of the screen at the project's width, and no serious or critical axe findings on it. */
async function check(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await picture(page, testInfo.outputPath(`${name}.png`));
  await untilStill(page);
  const { violations } = await axeOf(page).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test('API tokens: create one on the user page, use it from a script without CSRF, its scope holds, revoke it', async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'api-tokens');
  createUser({ email });
  await logIn(page, email);
  const security = new SecurityPage(page);
  const toasts = new Toasts(page);

  await security.gotoTokens();
  await expect(security.noTokens).toBeVisible();
  await check(page, testInfo, 'api-tokens-empty');
  await security.createToken('Nightly script', 'Read', '30 days');
  await expect(security.newToken).toBeVisible();
  const token = await security.newToken.inputValue();
  expect(token).toMatch(/^kassa_[A-Za-z0-9_-]{43}$/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await security.copyNewToken();
  await expect(toasts.message('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await check(page, testInfo, 'api-tokens-created');
  await security.doneWithNewToken();
  await expect(security.newToken).toBeHidden();
  await expect(security.token('Nightly script')).toContainText('Last used: never');
  // Shown once: the list holds only its first characters.
  await expect(security.tokens.first()).not.toContainText(token);

  // A script: no cookies, no CSRF header, only the token.
  const script = await request.newContext({ baseURL: E2E_BASE_URL });
  const auth = { authorization: `Bearer ${token}` };
  const info = await script.get('/api/account/userinfo', { headers: auth });
  expect(info.status()).toBe(200);
  expect(((await info.json()) as { email: string }).email).toBe(email);
  const list = await script.post('/api/transaction/getfiltered', { headers: auth, data: {} });
  expect(list.status()).toBe(200);
  const write = await script.post('/api/category/add', {
    headers: auth,
    data: { name: 'Scripted', type: 'real', isIncome: false },
  });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { message: string }).message).toContain('read scope');

  await page.reload();
  await expect(security.token('Nightly script')).not.toContainText('Last used: never');
  await check(page, testInfo, 'api-tokens-list');
  await security.revoke('Nightly script');
  await expect(toasts.message('Token revoked')).toBeVisible();
  await expect(security.tokens).toHaveCount(0);
  expect((await script.get('/api/account/userinfo', { headers: auth })).status()).toBe(401);
  await script.dispose();
});

test('sessions: a second browser signs in, the first lists and ends it, and the second is signed out', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'sessions');
  createUser({ email });
  await logIn(page, email);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await logIn(other, email);

  const security = new SecurityPage(page);
  await security.gotoSessions();
  await expect(security.sessions).toHaveCount(2);
  await expect(security.thisDevice).toHaveCount(1);
  await check(page, testInfo, 'sessions');
  await security.endFirstOtherSession();
  await expect(new Toasts(page).message('Session ended')).toBeVisible();
  await expect(security.sessions).toHaveCount(1);

  // The ended session's next request is refused, and that browser lands on the login page.
  await other.goto('/private/user/userinfo');
  await expect(other).toHaveURL(/\/public\/login/);
  await otherContext.close();

  await security.gotoLog();
  await expect(security.logEntries.first()).toContainText('Session ended');
  await expect(security.logEntriesOf('Signed in')).toHaveCount(2);
  await check(page, testInfo, 'security-log');
});

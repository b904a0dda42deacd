import { expect, test, type Page } from '@playwright/test';
import { axeOf } from '../support/axe.js';
import { AdminPage } from '../pages/admin.js';
import { LoginPage } from '../pages/login.js';
import { FrontPage, PublicHeader } from '../pages/public.js';
import { Registration } from '../pages/registration.js';
import { Shell } from '../pages/shell.js';
import { Toasts } from '../pages/toasts.js';
import { UserPage } from '../pages/user.js';
import { startFreshInstall, type FreshInstall } from '../support/fresh-install.js';
import { picture } from '../support/pictures.js';
import { untilStill } from '../support/still.js';

// Issue 22: a fresh install admits people through the web alone. With REGISTRATION=open the first
// visitor signs up with no referral code, becomes the install's admin, and invites a second person
// from the admin page; the invited one signs up from the mailed link. A second throw-away server
// (support/fresh-install.ts) gives this spec an empty database of its own; every other spec keeps
// the shared one of serve.ts.

const PASSWORD = 'Admission-pass-1';

/** Serious and critical axe findings on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await untilStill(page);
  const results = await axeOf(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Signs up on the open page (e-mail given or prefilled), verifies the mailed code and finishes the setup. */
async function signUpThroughTheWeb(page: Page, install: FreshInstall, email: string, firstName: string) {
  const reg = new Registration(page);
  const toasts = new Toasts(page);
  await reg.fillSignup(email, PASSWORD);
  await reg.submitSignup();
  await expect(toasts.message('Signed up')).toBeVisible();
  await reg.expectStep('verify-email');
  await reg.verifyEmail(await install.fromMail(email, /verification code is (\d{6})/));
  await expect(toasts.message('Email verified')).toBeVisible();
  // No referral code asked: open registration, or an invitation.
  await reg.expectStep('initial-data');
  await reg.fillInitialData({
    firstName,
    lastName: 'Tester',
    currency: 'EUR',
    currencyLabel: 'EUR · Euro',
    startBalance: '100',
  });
  await reg.save();
  await expect(toasts.message('Registration complete')).toBeVisible();
  await expect(page).toHaveURL(/\/private\/dashboard$/);
}

test.describe('a fresh install with REGISTRATION=open', () => {
  let install: FreshInstall;
  test.beforeAll(async () => {
    install = await startFreshInstall({ REGISTRATION: 'open' });
  });
  test.afterAll(async () => {
    await install.stop();
  });

  test('the first visitor signs up through the web alone, runs the install, and invites a second person', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    const first = `first-${project}@example.com`;
    const second = `second-${project}@example.com`;

    // The front page's Sign Up, on an install nobody has joined yet.
    await page.goto(`${install.baseUrl}/public`);
    await new FrontPage(page).signUpLink.click();
    await expect(page).toHaveURL(/\/public\/signup$/);
    const reg = new Registration(page);
    await expect(reg.openRegistrationNote).toBeVisible();
    // No referral step in open registration (issue 32).
    await expect(reg.stepIndicator).toHaveText(/^Sign up\s*>\s*Verify email\s*>\s*Initial setup$/);
    await picture(page, testInfo.outputPath('open-signup.png'));
    expect(await seriousViolations(page)).toEqual([]);

    // Part-way through, the header offers Log out, not Back to app (the app is not open yet).
    await reg.fillSignup(first, PASSWORD);
    await reg.submitSignup();
    await reg.expectStep('verify-email');
    const header = new PublicHeader(page);
    await expect(header.logOut).toBeVisible();
    await expect(header.backToApp).toHaveCount(0);
    await reg.verifyEmail(await install.fromMail(first, /verification code is (\d{6})/));
    await reg.expectStep('initial-data');
    await reg.fillInitialData({
      firstName: 'Ada',
      lastName: 'Admin',
      currency: 'EUR',
      currencyLabel: 'EUR · Euro',
      startBalance: '100',
    });
    await reg.save();
    await expect(page).toHaveURL(/\/private\/dashboard$/);

    // The first member is the admin: the account menu leads to the admin page.
    const shell = new Shell(page);
    await shell.accountMenu('Ada').click();
    await shell.menuItem('Admin').click();
    await expect(page).toHaveURL(/\/private\/admin$/);
    await expect(shell.title('Admin')).toBeVisible();
    const admin = new AdminPage(page);
    await expect(admin.user(first)).toBeVisible();
    // Open registration has no waitlist, and no referral codes to hand out (issue 32).
    await expect(admin.waitlistHeading).toHaveCount(0);

    await page.goto(`${install.baseUrl}/private/user/referral`);
    await expect(page).toHaveURL(/\/private\/user\/userinfo$/);
    const user = new UserPage(page);
    await expect(user.tab('Password')).toBeVisible();
    await expect(user.tab('Referral')).toHaveCount(0);
    await page.goto(`${install.baseUrl}/private/admin`);

    // Invites the second person by e-mail.
    await admin.invite(second);
    const toasts = new Toasts(page);
    await expect(toasts.message(`Invitation sent to ${second}`)).toBeVisible();
    const link = await install.fromMail(second, /(http:\/\/\S+\/public\/signup\?email=\S+)/);
    // PUBLIC_URL is not set: links lead to this server by the port it listens on.
    expect(link).toBe(`${install.baseUrl}/public/signup?email=${encodeURIComponent(second)}`);

    // The invited person, in a browser of their own, signs up from the link.
    const theirs = await browser.newContext({
      viewport: page.viewportSize(),
      isMobile: project === 'phone',
      hasTouch: project === 'phone',
    });
    const invited = await theirs.newPage();
    await invited.goto(link);
    await expect(new Registration(invited).email).toHaveValue(second);
    await signUpThroughTheWeb(invited, install, second, 'Bea');

    // The admin sees them; the page passes axe in both schemes' default and a phone's width.
    await page.reload();
    await expect(admin.user(second)).toBeVisible();
    await picture(page, testInfo.outputPath('admin-page.png'));
    expect(await seriousViolations(page)).toEqual([]);

    // Disabling cuts the invited person off at their next request, and keeps them out.
    await admin.disable(second);
    await expect(toasts.message(`${second} disabled`)).toBeVisible();
    await expect(admin.disabledBadge(second)).toBeVisible();
    await invited.goto(`${install.baseUrl}/private/transactions`);
    await expect(invited).toHaveURL(/\/public\/login/);
    await new LoginPage(invited).logIn(second, PASSWORD);
    await expect(new Toasts(invited).message('This account has been disabled by an administrator')).toBeVisible();
    await theirs.close();
  });
});

import { expect, test, type Page } from '@playwright/test';
import { axeOf } from '../support/axe.js';
import { E2E_USER } from '../e2e-env.js';
import { LoginPage } from '../pages/login.js';
import { Shell } from '../pages/shell.js';
import { apiOf } from '../support/api.js';
import { requestsOf } from '../support/requests.js';
import { referralCodeOf, verificationCodeFor } from '../support/server.js';
import { freshUser, uniqueEmail } from '../support/users.js';
import { picture } from '../support/pictures.js';
import { untilNoTransition, untilStill } from '../support/still.js';
import { Toasts } from '../pages/toasts.js';

/** Every screen of spec §2 a person can open, public and private. */
const PUBLIC_SCREENS = ['/public', '/public/login', '/public/signup', '/public/help'];
const PRIVATE_SCREENS = [
  '/private/dashboard',
  '/private/transactions',
  '/private/add-transaction/expense',
  '/private/add-transaction/conversion',
  '/private/add-transaction/business',
  '/private/analytics/oneperiod',
  '/private/analytics/cashflow',
  '/private/analytics/holdings',
  '/private/analytics/balances',
  '/private/analytics/balance-history',
  '/private/analytics/multiperiod',
  '/private/analytics/exchange',
  '/private/settle-up',
  '/private/operations/fixpoint',
  '/private/operations/loan',
  '/private/operations/business',
  '/private/manage/category',
  '/private/manage/currency',
  '/private/manage/fixpoint',
  '/private/manage/pocket',
  '/private/manage/loan',
  '/private/manage/business',
  '/private/manage/rule',
  '/private/manage/schedules',
  '/private/manage/bank',
  '/private/import',
  '/private/user/userinfo',
  '/private/user/members',
  '/private/user/changes',
  '/private/user/referral',
  '/private/user/data',
  '/private/user/two-factor',
  '/private/admin',
];

/**
 * The axe rules that read colours. The dark scheme changes colours only (CSS variables; the
 * document is the same), so its scans run these and leave the other two thirds of axe's work
 * to the light scans.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Serious and critical axe findings on the page as it is now (all rules, or `rules`), as readable lines. */
async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  await untilStill(page);
  const builder = axeOf(page);
  const results = await (rules === undefined ? builder : builder.withRules(rules)).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact ?? ''} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

// The tests of this file are independent (each makes or borrows its own user): the two workers share them.
test.describe.configure({ mode: 'parallel' });

type Requests = ReturnType<typeof requestsOf>;

/**
 * Opens the screen and scans it once lazily loaded screens and their data have settled. With
 * `requests` the app moves there as a click on a link would (no reload: the scans of the demo's
 * screens are the suite's longest work); without, the page loads it.
 */
async function scan(page: Page, path: string, shot: string, requests?: Requests, rules?: string[]) {
  if (requests === undefined) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  } else {
    requests.touch();
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page).toHaveURL(path);
    await requests.settled();
    // Scanned as a person reads it: loaded, not while a spinner stands in for a list.
    await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  }
  await expect(new Shell(page).main).toBeVisible();
  await picture(page, shot);
  return (await seriousViolations(page, rules)).map((v) => `${path}: ${v}`);
}

test('public screens have no serious or critical accessibility problems', async ({ page }, testInfo) => {
  const found: string[] = [];
  for (const path of PUBLIC_SCREENS) {
    found.push(...(await scan(page, path, testInfo.outputPath(`${path.replace(/\//g, '_')}.png`))));
  }
  expect(found).toEqual([]);
});

/** The demo's editors, opened on its own items. */
async function editorsOf(page: Page): Promise<string[]> {
  const api = await apiOf(page);
  const [tx] = await api.post<{ id: number }[]>('transaction/getfiltered', { limit: 1 });
  const all = { start: '2000-01-01T00:00:00Z', end: '2100-01-01T00:00:00Z' };
  const [conversion] = await api.post<{ id: number }[]>('conversion/getbetween', all);
  const [fixpoint] = await api.post<{ id: number }[]>('fixpoint/getbetween', all);
  const [category] = await api.get<{ id: number }[]>('category/getall?type=real');
  return [
    `/private/edit-transaction/${tx?.id ?? 0}`,
    `/private/edit-conversion/${conversion?.id ?? 0}`,
    `/private/edit-fixpoint/${fixpoint?.id ?? 0}`,
    `/private/edit-category/${category?.id ?? 0}`,
  ];
}

// The scans of the demo's screens are the suite's longest work: one test per colour scheme and
// half of the screens, which the two workers share (mode parallel, below).
const HALVES = [PRIVATE_SCREENS.slice(0, 16), PRIVATE_SCREENS.slice(16)] as const;
for (const scheme of ['light', 'dark'] as const)
  for (const [half, screens] of HALVES.entries())
    test(`private screens with data, ${scheme}, part ${half + 1} of 2, have no serious or critical accessibility problems`, async ({
      page,
    }, testInfo) => {
      // Colours do not depend on the width: dark mode is scanned at desktop width only.
      test.skip(scheme === 'dark' && testInfo.project.name === 'phone', 'dark mode is scanned at desktop width');
      test.setTimeout(150_000);
      await new LoginPage(page).tryTheDemo();
      const paths = half === 0 ? screens : [...screens, ...(await editorsOf(page))];
      await page.emulateMedia({ colorScheme: scheme });
      const requests = requestsOf(page);
      const found: string[] = [];
      for (const path of paths)
        found.push(
          ...(await scan(
            page,
            path,
            testInfo.outputPath(`${scheme}${path.replace(/\//g, '_')}.png`),
            requests,
            scheme === 'dark' ? COLOUR_RULES : undefined,
          )),
        );
      expect(found).toEqual([]);
    });

test('a toast meets contrast in both colour schemes', async ({ page }) => {
  // The scans above close toasts first (one fading mid-scan fails contrast it meets while shown),
  // so a toast is judged here, held open by the pointer resting on it.
  await new LoginPage(page).tryTheDemo();
  const toast = new Toasts(page).message('Logged in as demo user');
  await toast.hover();
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(new Shell(page).document).toHaveAttribute('data-mantine-color-scheme', scheme);
    await untilNoTransition(page);
    await expect(toast).toBeVisible();
    const results = await axeOf(page).include('.mantine-Notification-root').analyze();
    found.push(
      ...results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${scheme}: ${v.impact ?? ''} ${v.id}: ${v.help}`),
    );
  }
  expect(found).toEqual([]);
});

test('a hovered table row keeps its coloured figures readable in both colour schemes', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'a phone has no pointer to hover with');
  await new LoginPage(page).tryTheDemo();
  await page.goto('/private/analytics/exchange');
  const costs = page.getByRole('table', { name: 'Conversion costs', exact: true });
  await expect(costs.locator('tbody tr').first()).toBeVisible();
  // One row per colour its figures take (a gain, a cost): the rows of a colour look alike.
  const rows = costs.locator('tbody tr');
  const colours = await rows.evaluateAll((trs) =>
    trs.map((tr) => getComputedStyle(tr.querySelector('td:last-child *') ?? tr).color),
  );
  const distinct = [...new Set(colours)].map((c) => colours.indexOf(c));
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const row of distinct.map((i) => rows.nth(i))) {
      await row.hover();
      await untilNoTransition(page);
      const results = await axeOf(page).include('tbody tr:hover').withRules(COLOUR_RULES).analyze();
      found.push(
        ...results.violations.map((v) => `${scheme}: ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
      );
    }
  }
  expect(found).toEqual([]);
});

test('a new user’s empty screens have no serious or critical accessibility problems', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await freshUser(page, testInfo, 'a11y', 'EUR');
  const requests = requestsOf(page);
  const found: string[] = [];
  for (const path of PRIVATE_SCREENS) {
    found.push(...(await scan(page, path, testInfo.outputPath(`empty${path.replace(/\//g, '_')}.png`), requests)));
  }
  expect(found).toEqual([]);
});

test('the registration steps have no serious or critical accessibility problems', async ({ page }, testInfo) => {
  // A newcomer part way through: signed up, then verified, then referred, over the API.
  await page.goto('/public');
  const email = uniqueEmail(testInfo, 'a11y-reg');
  const csrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const signup = await page.request.post('/api/account/signup', {
    headers: { 'x-xsrf-token': csrf },
    data: { email, password: 'Newcomer-pass-1', password2: 'Newcomer-pass-1' },
  });
  expect(signup.ok()).toBe(true);
  await page.evaluate((t) => localStorage.setItem('jwtToken', t), ((await signup.json()) as { token: string }).token);
  const found: string[] = [];
  found.push(...(await scan(page, '/public/register/verify-email', testInfo.outputPath('verify-email.png'))));

  const api = await apiOf(page);
  const verified = await api.post<{ token: string }>(`account/verify-email/${await verificationCodeFor(email)}`);
  await page.evaluate((t) => localStorage.setItem('jwtToken', t), verified.token);
  found.push(...(await scan(page, '/public/register/verify-referral', testInfo.outputPath('verify-referral.png'))));

  const code = await referralCodeOf(E2E_USER.email, E2E_USER.password);
  const referred = await (await apiOf(page)).post<{ token: string }>(`account/verify-referral/${code}`);
  await page.evaluate((t) => localStorage.setItem('jwtToken', t), referred.token);
  found.push(...(await scan(page, '/public/register/initial-data', testInfo.outputPath('initial-data.png'))));
  expect(found).toEqual([]);
});

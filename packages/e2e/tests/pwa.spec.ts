// The installable app (issue 36): the manifest and its icons, the service worker in control after
// a reload, Chromium's installability check, the app offline after one visit with the API's last
// answers, deleted at logout, and the prompt a new version's worker shows before it takes over.
// At desktop width only: nothing here depends on the width (the prompt's phone picture is taken
// at 390 px with E2E_SCREENSHOTS=1).
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { Shell } from '../pages/shell.js';
import { startFreshInstall } from '../support/fresh-install.js';
import { picture } from '../support/pictures.js';
import { freshUser } from '../support/users.js';

// The other journeys run with service workers blocked (playwright.config.ts); these need them.
test.use({ serviceWorkers: 'allow' });
test.skip(({ isMobile }) => isMobile, 'the installable app is the same at every width');

const NEW_VERSION = 'A new version of Kassa is available.';
const API_CACHE = 'kassa-api';

/** Waits until this page's service worker is active and answers its script's URL. */
async function activeWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
}

/** The script URL of the worker controlling the page, '' when none does. */
const controller = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');

/** The URLs the service worker keeps API answers under. */
const cachedApiAnswers = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
  }, API_CACHE);

test('the manifest and its icons, and a service worker in control after a reload', async ({ page }) => {
  await page.goto('/public/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await page.request.get(href ?? '');
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as {
    icons: { src: string; sizes: string; purpose?: string }[];
    shortcuts: { name: string; url: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Kassa',
    short_name: 'Kassa',
    start_url: '/private/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#1864ab',
    background_color: '#ffffff',
  });
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1864ab');
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes)).toEqual(['512x512']);
  for (const icon of [...manifest.icons.map((i) => i.src), '/apple-touch-icon-180x180.png', '/favicon.ico']) {
    const image = await page.request.get(icon);
    expect(image.status(), icon).toBe(200);
    expect(image.headers()['content-type'], icon).toMatch(/^image\//);
  }
  expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['Add expense', '/private/add-transaction/expense'],
    ['Add income', '/private/add-transaction/income'],
  ]);

  // The worker registers after the first page and controls the page from the next load on.
  expect(await activeWorker(page)).toMatch(/\/sw\.js$/);
  await page.reload();
  expect(await controller(page)).toMatch(/\/sw\.js$/);
});

test("Chromium's installability check passes", async ({ baseURL }, testInfo) => {
  // Chromium installs nothing from an incognito profile, which every new Playwright context is:
  // the check runs in a profile on disk, with the project's browser and flags.
  const profile = mkdtempSync(path.join(tmpdir(), 'kassa-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    viewport: testInfo.project.use.viewport ?? null,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/public/login');
    await activeWorker(page);
    await page.reload();
    expect(await controller(page)).toMatch(/\/sw\.js$/);
    const cdp = await context.newCDPSession(page);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('after one online visit the app opens offline with the last answers, and logging out deletes them', async ({
  page,
}, testInfo) => {
  await freshUser(page, testInfo, 'offline');
  const shell = new Shell(page);
  await page.goto('/private/dashboard');
  await expect(shell.title('Dashboard')).toBeVisible();
  await activeWorker(page);
  await page.reload();
  await expect(shell.title('Dashboard')).toBeVisible();
  expect(await controller(page)).not.toBe('');
  // This visit's reads are kept under this user; the token's own answers never.
  await expect
    .poll(() => cachedApiAnswers(page))
    .toContainEqual(expect.stringMatching(/^\/api\/category\/getall\?kassa-cache-user=\d+&kassa-cache-book=-$/));
  const kept = await cachedApiAnswers(page);
  expect(kept.filter((url) => /^\/api\/(auth|account)\//.test(url))).toEqual([]);

  await page.context().setOffline(true);
  await page.reload();
  await expect(shell.title('Dashboard')).toBeVisible();
  // The screens' reads get the last answer kept for this user.
  const offlineRead = await page.evaluate(async () => {
    const answer = await fetch('/api/category/getall', {
      headers: { authorization: `Bearer ${localStorage.getItem('jwtToken') ?? ''}` },
    });
    return { status: answer.status, isList: Array.isArray(await answer.json()) };
  });
  expect(offlineRead).toEqual({ status: 200, isList: true });
  // A screen not opened before opens too (its chunk was precached); the API is never index.html.
  await page.goto('/private/manage');
  await expect(shell.title('Manage')).toBeVisible();
  await expect(page.goto('/api/health')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await page.context().setOffline(false);

  await page.goto('/private/dashboard');
  await shell.logOut('Tess');
  await expect(page).toHaveURL(/\/public$/);
  // The public pages' own reads (config) may be kept again, but none of the user's.
  await expect
    .poll(async () => (await cachedApiAnswers(page)).filter((url) => !url.includes('kassa-cache-user=-&')))
    .toEqual([]);
});

test('a new version waits for the user: the prompt, and Reload lets it take over', async ({ page }, testInfo) => {
  // An install of its own serving a copy of the build, whose sw.js this test changes as a deploy would.
  const dist = mkdtempSync(path.join(tmpdir(), 'kassa-e2e-pwa-'));
  const built = process.env['E2E_WEB_DIST'] ?? path.resolve(import.meta.dirname, '../../web/dist');
  cpSync(built, dist, { recursive: true, filter: (file) => !file.endsWith('.map') });
  const install = await startFreshInstall({ WEB_DIST_DIR: dist });
  try {
    await page.goto(`${install.baseUrl}/public/login`);
    const first = await activeWorker(page);
    await page.reload();
    expect(await controller(page)).toBe(first);
    await expect(page.getByText(NEW_VERSION)).toBeHidden();

    appendFileSync(path.join(dist, 'sw.js'), '\n// the next version\n');
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect(page.getByText(NEW_VERSION)).toBeVisible();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(
      true,
    );
    // The login form stays usable beside it.
    await expect(page.getByLabel('E-mail')).toBeEditable();
    await picture(page, testInfo.outputPath('update-prompt-desktop.png'), { fullPage: false, settleMs: 300 });
    await page.setViewportSize({ width: 390, height: 844 });
    await picture(page, testInfo.outputPath('update-prompt-phone.png'), { fullPage: false, settleMs: 300 });

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.waiting === null && navigator.serviceWorker.controller?.state === 'activated';
        }),
      )
      .toBe(true);
    await expect(page.getByText(NEW_VERSION)).toBeHidden();
  } finally {
    await install.stop();
    rmSync(dist, { recursive: true, force: true });
  }
});

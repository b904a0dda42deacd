// Helpers that talk to the real server and its outbox, beside the browser.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request, type Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_OUTBOX } from '../e2e-env.js';

/** The verification code of the newest mail to `email` in the server's outbox. */
export async function verificationCodeFor(email: string): Promise<string> {
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_');
  let code: string | undefined;
  await expect
    .poll(() => {
      const files = readdirSync(E2E_OUTBOX)
        .filter((f) => f.endsWith(`-${safe}.eml`))
        .sort();
      const newest = files.at(-1);
      if (newest === undefined) return undefined;
      code = /verification code is (\S+)/.exec(readFileSync(path.join(E2E_OUTBOX, newest), 'utf8'))?.[1];
      return code;
    })
    .toBeTruthy();
  return code ?? '';
}

/** Logs in over the API (CSRF cookie and header as a browser would) and returns the token. */
export async function apiLogin(email: string, password: string) {
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  await api.get('/api/health');
  const csrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await api.post('/api/auth/login', { data: { email, password }, headers: { 'x-xsrf-token': csrf } });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { api, token, auth: { authorization: `Bearer ${token}` } };
}

/** The token the page holds in localStorage. */
export async function pageToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('jwtToken'))) ?? '';
}

/** A horizontal swipe across the page through Chromium's touch input (CDP), as a finger makes it. */
export async function swipe(page: Page, fromX: number, toX: number, y = 400): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(fromX) });
  for (let i = 1; i <= 5; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: point(fromX + ((toX - fromX) * i) / 5),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

// Helpers that talk to the real server and its mailbox, beside the browser.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request, type Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_MAILBOX, mailFileSuffix } from '../e2e-env.js';

/** The verification code of the newest mail to `email` the SMTP listener received. */
export async function verificationCodeFor(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      const files = readdirSync(E2E_MAILBOX)
        .filter((f) => f.endsWith(mailFileSuffix(email)))
        .sort();
      const newest = files.at(-1);
      if (newest === undefined) return undefined;
      code = /verification code is (\S+)/.exec(readFileSync(path.join(E2E_MAILBOX, newest), 'utf8'))?.[1];
      return code;
    })
    .toBeTruthy();
  return code ?? '';
}

/** Logs in over the API (CSRF cookie and header as a browser would) and returns the user's referral code. */
export async function referralCodeOf(email: string, password: string): Promise<string> {
  const api = await request.newContext({ baseURL: E2E_BASE_URL });
  await api.get('/api/health');
  const csrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await api.post('/api/auth/login', { data: { email, password }, headers: { 'x-xsrf-token': csrf } });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  const code = await (
    await api.get('/api/account/getreferral', { headers: { authorization: `Bearer ${token}` } })
  ).text();
  await api.dispose();
  return code;
}

/** The token the page holds in localStorage. */
export async function pageToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('jwtToken'))) ?? '';
}

/** The mails the SMTP listener received for `email` so far, oldest first, as raw messages. */
export function mailsTo(email: string): string[] {
  return readdirSync(E2E_MAILBOX)
    .filter((f) => f.endsWith(mailFileSuffix(email)))
    .sort()
    .map((f) => readFileSync(path.join(E2E_MAILBOX, f), 'utf8'));
}

/** A raw mail's text with quoted-printable undone (soft line breaks, =3D). */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The password-reset link of the newest mail to `email`, waiting for one to arrive. */
export async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const newest = mailsTo(email).at(-1);
      link =
        newest === undefined
          ? undefined
          : /(\S+\/public\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(decoded(newest))?.[1];
      return link;
    })
    .toBeTruthy();
  return link ?? '';
}

/** The shared-books invitation link (issue 34) of the newest mail to `email`, waiting for one to arrive. */
export async function bookInviteLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const newest = mailsTo(email).at(-1);
      link =
        newest === undefined ? undefined : /(\S+\/private\/book\/accept\/[A-Za-z0-9_-]+)/.exec(decoded(newest))?.[1];
      return link;
    })
    .toBeTruthy();
  return link ?? '';
}

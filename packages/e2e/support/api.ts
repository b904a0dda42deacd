// The real API beside the browser, as the logged-in page's user: bearer token and CSRF header.
import { expect, type Page } from '@playwright/test';
import { pageToken } from './server.js';

export interface PageApi {
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, data?: unknown) => Promise<T>;
}

/** Calls /api/{path} with the page's token and CSRF cookie; fails the test on a non-2xx answer. */
export async function apiOf(page: Page): Promise<PageApi> {
  const token = await pageToken(page);
  const csrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': csrf };
  const check = async (res: Awaited<ReturnType<Page['request']['get']>>) => {
    expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
    const text = await res.text();
    return (text === '' ? undefined : JSON.parse(text)) as unknown;
  };
  return {
    get: async <T>(path: string) => (await check(await page.request.get(`/api/${path}`, { headers }))) as T,
    // Playwright sends a string body as it is; the API takes JSON, so strings are encoded too.
    post: async <T>(path: string, data?: unknown) =>
      (await check(
        await page.request.post(`/api/${path}`, {
          headers: { ...headers, 'content-type': 'application/json' },
          data: JSON.stringify(data ?? {}),
        }),
      )) as T,
  };
}

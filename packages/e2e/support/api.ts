// The real API beside the browser, as the logged-in page's user: bearer token and CSRF header.
import { expect, type Page } from '@playwright/test';
import { pageToken } from './server.js';

export interface PageApi {
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, data?: unknown) => Promise<T>;
  patch: <T>(path: string, data?: unknown) => Promise<T>;
}

/** Calls /api/{path} with the page's token and CSRF cookie; fails the test on a non-2xx answer. */
export async function apiOf(page: Page): Promise<PageApi> {
  const token = await pageToken(page);
  const csrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': csrf };
  const call = async <T>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) => {
    // Playwright sends a string body as it is; the API takes JSON, so strings are encoded too.
    const res = await page.request.fetch(
      `/api/${path}`,
      method === 'GET'
        ? { method, headers }
        : { method, headers: { ...headers, 'content-type': 'application/json' }, data: JSON.stringify(data ?? {}) },
    );
    const text = await res.text();
    expect(res.ok(), `${res.url()} answered ${res.status()}: ${text}`).toBe(true);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  };
  return {
    get: (path) => call('GET', path),
    post: (path, data) => call('POST', path, data),
    patch: (path, data) => call('PATCH', path, data),
  };
}

/** Adds a category through the API and answers its id. */
export async function addCategory(
  api: PageApi,
  name: string,
  type: 'real' | 'loan' | 'business',
  isIncome?: boolean,
): Promise<number> {
  return (
    await api.post<{ id: number }>('category/add', { name, type, ...(isIncome === undefined ? {} : { isIncome }) })
  ).id;
}

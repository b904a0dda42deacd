import { BOOK_HEADER } from '@kassa/contract/constants';
import { describe, expect, it } from 'vitest';
import { apiCacheKey, isCachedApiRead } from './sw-api-cache';

const ORIGIN = 'https://kassa.example';

function token(claims: Record<string, unknown>): string {
  return `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;
}

function cached(path: string, method = 'GET', origin = ORIGIN): boolean {
  const url = new URL(path, origin);
  return isCachedApiRead({ url, request: new Request(url, { method }), sameOrigin: origin === ORIGIN });
}

describe("the service worker's API cache", () => {
  it('keeps the answers of the API reads that screens show', () => {
    for (const path of [
      '/api/pocket/getall',
      '/api/transaction/getfiltered?from=1&to=2',
      '/api/currency/usersall',
      '/api/config',
    ])
      expect(cached(path), path).toBe(true);
  });

  it('never keeps sign-in, account, admin, downloads, health or the docs, nor writes nor other origins', () => {
    for (const path of [
      '/api/auth/refresh-token',
      '/api/auth/verify-token',
      '/api/account/userinfo',
      '/api/account/sessions',
      '/api/account/tokens',
      '/api/admin/users',
      '/api/backup/get',
      '/api/export/csv',
      '/api/health',
      '/api/health/ready',
      '/api/openapi.json',
      '/api/docs',
      '/assets/app.js',
      '/private/dashboard',
    ])
      expect(cached(path), path).toBe(false);
    expect(cached('/api/transaction/add', 'POST')).toBe(false);
    expect(cached('/api/pocket/getall', 'GET', 'https://elsewhere.example')).toBe(false);
  });

  it("keys an answer by its user and book, so nobody reads another's", async () => {
    const key = (headers: Record<string, string>) =>
      apiCacheKey({ request: new Request(`${ORIGIN}/api/pocket/getall?x=1`, { headers }) });
    const ada = await key({ authorization: `Bearer ${token({ sub: '1', exp: 1 })}` });
    const adaAgain = await key({ authorization: `Bearer ${token({ sub: '1', exp: 2, other: '?>>' })}` });
    const bob = await key({ authorization: `Bearer ${token({ sub: '2', exp: 1 })}` });
    const adaShared = await key({ authorization: `Bearer ${token({ sub: '1', exp: 1 })}`, [BOOK_HEADER]: '7' });
    const nobody = await key({});
    expect(ada).toBe(`${ORIGIN}/api/pocket/getall?x=1&kassa-cache-user=1&kassa-cache-book=-`);
    expect(adaAgain).toBe(ada); // a renewed token is the same person
    expect(bob).not.toBe(ada);
    expect(adaShared).toBe(`${ORIGIN}/api/pocket/getall?x=1&kassa-cache-user=1&kassa-cache-book=7`);
    expect(nobody).toBe(`${ORIGIN}/api/pocket/getall?x=1&kassa-cache-user=-&kassa-cache-book=-`);
    expect(await key({ authorization: 'Bearer not.a-token!.x' })).toContain('kassa-cache-user=%3F');
  });
});

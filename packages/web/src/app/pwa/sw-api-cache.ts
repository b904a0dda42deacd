// The service worker's rules for API answers (docs/DECISIONS.md, Installable app). vite.config.ts
// hands these functions to Workbox, which copies their source text into sw.js: each must stand
// alone (no imports, no names from this module) and hold no `//` or `/*` inside strings or
// regular expressions (Workbox strips comments from a plugin's source).

/** What Workbox passes a route's matcher. */
interface RouteInput {
  url: URL;
  request: Request;
  sameOrigin: boolean;
}

/**
 * Whether the service worker answers this request network first and keeps the answer: GETs of
 * the API's data on this origin. Never sign-in, tokens and the account (userinfo, sessions,
 * API tokens, two-factor), the admin's lists of other people, whole-book downloads (backup and
 * export: large, and saved by the user anyway), health (a cached answer would lie) or the API docs.
 */
export const isCachedApiRead = ({ url, request, sameOrigin }: RouteInput): boolean => {
  if (!sameOrigin || request.method !== 'GET' || !url.pathname.startsWith('/api/')) return false;
  const never = [
    '/api/auth/',
    '/api/account/',
    '/api/admin/',
    '/api/backup/',
    '/api/export/',
    '/api/health',
    '/api/openapi.json',
    '/api/docs',
  ];
  return !never.some((prefix) => url.pathname.startsWith(prefix));
};

/**
 * The cache key of an API answer: its URL plus the user its token names (the JWT's `sub`, read
 * without checking the signature, which only the server can) and the shared book its Kassa-Book
 * header names. One person's answers are never another's, nor one book's another's, even before
 * a logout deletes the cache.
 */
export const apiCacheKey = ({ request }: { request: Request }): Promise<string> => {
  const header = request.headers.get('authorization') ?? '';
  const payload = header.startsWith('Bearer ') ? (header.slice(7).split('.')[1] ?? '') : '';
  let user = '-';
  try {
    const claims: unknown = payload === '' ? null : JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const sub: unknown = typeof claims === 'object' && claims !== null ? (claims as { sub?: unknown }).sub : undefined;
    if (typeof sub === 'string' || typeof sub === 'number') user = String(sub);
  } catch {
    user = '?';
  }
  const key = new URL(request.url);
  key.searchParams.set('kassa-cache-user', user);
  key.searchParams.set('kassa-cache-book', request.headers.get('kassa-book') ?? '-');
  return Promise.resolve(key.href);
};

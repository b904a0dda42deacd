import type { ErrorBody } from '@kassa/contract';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER } from '@kassa/contract/constants';
import { getToken } from './token';

/** A non-2xx answer of the API, carrying the server's error type and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | undefined,
    /** Whether the request carried the session's token: only then does a 401 end the session. */
    readonly sessionBound: boolean,
    /** Seconds until a refused request may be tried again (the Retry-After of a 429), if given. */
    readonly retryAfterSeconds?: number,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  /** Sends no Authorization header (login, sign-up, public config): a 401 there is not an expired session. */
  anonymous?: boolean;
  /** The answer is plain text (account/getreferral). */
  text?: boolean;
}

/**
 * The server's error body (DESIGN §8): a type and a message. Checked by hand rather than with the
 * contract's zod schema, which would put zod into the first load of every page.
 */
function isErrorBody(json: unknown): json is ErrorBody {
  if (typeof json !== 'object' || json === null) return false;
  const body = json as Record<string, unknown>;
  return typeof body['type'] === 'string' && typeof body['message'] === 'string';
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const raw = document.cookie
    .split('; ')
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
  return raw === undefined ? undefined : decodeURIComponent(raw);
}

/**
 * Sends a request to the API: bearer token from storage, CSRF header from the XSRF-TOKEN cookie on
 * state-changing methods, a JSON body. Throws ApiError for non-2xx answers; else gives the Response
 * with its body unread (apiRequest reads JSON or text, download.ts a file).
 */
export async function apiFetch(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions & { accept?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    accept: options.accept ?? (options.text === true ? 'text/plain' : 'application/json'),
  };
  const token = options.anonymous === true ? null : getToken();
  if (token !== null) headers['authorization'] = `Bearer ${token}`;
  if (method !== 'GET' && method !== 'HEAD') {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf !== undefined) headers[CSRF_HEADER] = csrf;
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${API_BASE}/${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) {
    const raw = await res.text();
    let json: unknown;
    try {
      json = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      json = undefined; // a proxy's HTML error page: the status still tells what happened
    }
    const retryAfter = Number(res.headers.get('retry-after') ?? '');
    throw new ApiError(
      res.status,
      isErrorBody(json) ? json : undefined,
      token !== null,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return res;
}

/** Calls the API (apiFetch) and reads the answer: JSON, or plain text with `text`. */
export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const raw = await (await apiFetch(method, path, body, options)).text();
  if (options.text === true) return raw as T;
  return (raw === '' ? undefined : JSON.parse(raw)) as T;
}

/** GET shorthand. */
export const apiGet = <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, undefined, options);

/** POST shorthand. */
export const apiPost = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  apiRequest<T>('POST', path, body, options);

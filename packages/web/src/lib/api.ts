import { API_BASE, CSRF_COOKIE, CSRF_HEADER, errorBodySchema, type ErrorBody } from '@kassa/contract';
import { getToken } from './token';

/** A non-2xx answer of the API, carrying the server's error type and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | undefined,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
}

/**
 * Calls the API: bearer token from storage, CSRF header from the XSRF-TOKEN cookie on
 * state-changing methods, JSON both ways. Throws ApiError for non-2xx answers.
 */
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
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
  const text = await res.text();
  const json: unknown = text === '' ? undefined : JSON.parse(text);
  if (!res.ok) {
    const parsed = errorBodySchema.safeParse(json);
    throw new ApiError(res.status, parsed.success ? parsed.data : undefined);
  }
  return json as T;
}

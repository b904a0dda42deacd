import type { ErrorBody } from '@kassa/contract';
import { API_BASE, BOOK_HEADER, CSRF_COOKIE, CSRF_HEADER } from '@kassa/contract/constants';
import { bookGone, chosenBook } from './book';
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
    /** The book the request named in the Kassa-Book header, if any. */
    readonly book?: number,
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
  /** Further request headers (the outbox's Idempotency-Key). */
  headers?: Readonly<Record<string, string>>;
  /**
   * The book to name instead of the chosen one (null: the own book): the outbox sends an entry to
   * the book it was made in, whichever this tab works on now.
   */
  book?: number | null;
}

/**
 * Whether the failure says the book the request named is not the user's to open (the 404 `Book N
 * not found` of a member removed or gone): the session then falls back to the own book with one
 * notice, so the failure itself need not be shown.
 */
export function isGoneBook(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.status === 404 &&
    err.book !== undefined &&
    err.body?.message === `Book ${err.book} not found`
  );
}

/** The book header of a session request: the chosen book, none for the own one. */
function bookOfRequest(sessionBound: boolean): number | undefined {
  const book = sessionBound ? chosenBook() : null;
  return book === null ? undefined : book;
}

/** The ApiError of a failed request, after telling the book store when it names a book gone. */
function failure(err: ApiError): ApiError {
  if (err.book !== undefined && isGoneBook(err)) bookGone(err.book);
  return err;
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
 * Sends a request to the API: bearer token from storage, the chosen book's Kassa-Book header with
 * it, CSRF header from the XSRF-TOKEN cookie on state-changing methods, a JSON body. Throws ApiError for non-2xx answers; else gives the Response
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
  const book = options.book === undefined ? bookOfRequest(token !== null) : (options.book ?? undefined);
  if (book !== undefined) headers[BOOK_HEADER] = String(book);
  Object.assign(headers, options.headers);
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
  if (!res.ok)
    throw failure(errorOf(res.status, await res.text(), res.headers.get('retry-after'), token !== null, book));
  return res;
}

/** The ApiError of a non-2xx answer: its status, error body (if it is one) and Retry-After. */
function errorOf(
  status: number,
  raw: string,
  retryAfterHeader: string | null,
  sessionBound: boolean,
  book: number | undefined,
): ApiError {
  let json: unknown;
  try {
    json = raw === '' ? undefined : JSON.parse(raw);
  } catch {
    json = undefined; // a proxy's HTML error page: the status still tells what happened
  }
  const retryAfter = Number(retryAfterHeader ?? '');
  return new ApiError(
    status,
    isErrorBody(json) ? json : undefined,
    sessionBound,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    book,
  );
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

export interface FormRequestOptions {
  /** Called as the body goes out, with the bytes sent so far and the body's size. */
  onUploadProgress?: (loaded: number, total: number) => void;
  /** Cancels the request; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form (a file upload) with the session's token and the CSRF header, and reads
 * the JSON answer; throws ApiError for non-2xx answers, like apiRequest. XMLHttpRequest rather
 * than fetch, because only it reports upload progress. The browser sets the multipart boundary.
 */
export function postForm<T>(path: string, form: FormData, options: FormRequestOptions = {}): Promise<T> {
  const { onUploadProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const aborted = () => new DOMException('The request was cancelled', 'AbortError');
    if (signal?.aborted === true) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = getToken();
    if (token !== null) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    const book = bookOfRequest(token !== null);
    if (book !== undefined) xhr.setRequestHeader(BOOK_HEADER, String(book));
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf !== undefined) xhr.setRequestHeader(CSRF_HEADER, csrf);
    if (onUploadProgress !== undefined)
      xhr.upload.onprogress = (e) => onUploadProgress(e.loaded, e.lengthComputable ? e.total : e.loaded);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      const raw = xhr.responseText;
      if (xhr.status < 200 || xhr.status > 299) {
        reject(failure(errorOf(xhr.status, raw, xhr.getResponseHeader('retry-after'), token !== null, book)));
        return;
      }
      try {
        resolve((raw === '' ? undefined : JSON.parse(raw)) as T);
      } catch (err) {
        reject(err instanceof Error ? err : new Error('The answer is not JSON'));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError('The file could not be sent: the network failed'));
    };
    xhr.onabort = () => {
      settle();
      reject(aborted());
    };
    xhr.send(form);
  });
}

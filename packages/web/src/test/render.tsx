import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/routes';
import { bindSession } from '../shared/session';
import { ConfirmProvider } from '../components/confirm/ConfirmProvider';

/** A JWT-shaped token with the given claims (unsigned: the web never verifies signatures). */
export function fakeToken(claims: Record<string, unknown> = {}): string {
  const payload = { sub: '1', role: 'NORMAL', exp: Math.floor(Date.now() / 1000) + 3600, ...claims };
  return `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.sig`;
}

/** A signed-up user who finished registration (main currency EUR); spread it to vary a field. */
export const REGISTERED_USER = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'L',
  mainCurrency: 'EUR',
  role: 'NORMAL',
  emailVerified: true,
  referralOk: true,
  regComplete: true,
};

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/** What the shell loads on every screen, answered unless a test says otherwise. */
const BACKGROUND: Record<string, Answer> = {
  'GET config': {
    status: 200,
    body: {
      version: '1.10.8',
      demo: null,
      captchaSiteKey: null,
      supportEmail: 'help@kassa.test',
      registration: 'referral',
    },
  },
  'GET account/userinfo': {
    status: 200,
    body: {
      email: 'user@example.com',
      firstName: '',
      lastName: '',
      mainCurrency: null,
      role: 'NORMAL',
      emailVerified: false,
      referralOk: false,
      regComplete: false,
    },
  },
  'GET currency/supported': { status: 200, body: [] },
  'GET currency/usersall': { status: 200, body: [] },
  'GET category/getall': { status: 200, body: [] },
  // Shared books (issue 34): the user (token subject 1) has their own book only, nobody else in it.
  'GET book/getall': { status: 200, body: [{ bookId: 1, ownerName: 'Ada L', role: 'owner', isOwn: true }] },
  'GET book/members': {
    status: 200,
    body: {
      bookId: 1,
      members: [{ userId: 1, name: 'Ada L', email: 'ada@example.com', role: 'owner' }],
      invites: [],
    },
  },
};

/**
 * Replaces fetch with canned API answers keyed by "METHOD path" (path after /api/), each fixed or
 * made from the request's body and headers; anything else answers 404 (the shell's background
 * loads have defaults). Returns the log of requests made, with their headers.
 */
export function stubApi(
  answers: Record<string, Answer | ((body: unknown, headers: Record<string, string>) => Answer)>,
) {
  const calls: { key: string; headers: Record<string, string>; body: unknown }[] = [];
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url.replace(/^.*\/api\//, '')}`;
    // A multipart upload (postForm) is logged as its FormData.
    const body: unknown =
      typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body instanceof FormData ? init.body : undefined;
    const headers = { ...(init?.headers as Record<string, string>) };
    calls.push({ key, headers, body });
    const entry = answers[key] ?? BACKGROUND[key];
    const answer =
      entry === undefined
        ? { status: 404, body: { type: 'not_found', message: 'Not found' } }
        : typeof entry === 'function'
          ? entry(body, headers)
          : entry;
    return Promise.resolve(
      new Response(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json', ...answer.headers },
      }),
    );
  };
  globalThis.XMLHttpRequest = FetchXhr as unknown as typeof XMLHttpRequest;
  return calls;
}

/**
 * XMLHttpRequest as far as postForm uses it (lib/api.ts), answered by the fetch stub above, so
 * uploads take the same canned answers and land in the same log. The upload reports its progress
 * once half-way and once complete.
 */
class FetchXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  private response: Response | undefined;
  private aborted = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string): string | null {
    return this.response?.headers.get(name) ?? null;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  send(body?: FormData) {
    let total = 0;
    for (const [, value] of body?.entries() ?? []) total += typeof value === 'string' ? value.length : value.size;
    this.upload.onprogress?.({ loaded: Math.floor(total / 2), total, lengthComputable: true });
    this.upload.onprogress?.({ loaded: total, total, lengthComputable: true });
    void fetch(this.url, { method: this.method, headers: this.headers, ...(body === undefined ? {} : { body }) })
      .then(async (res) => {
        const text = await res.text();
        if (this.aborted) return;
        this.response = res;
        this.status = res.status;
        this.responseText = text;
        this.onload?.();
      })
      .catch(() => {
        if (!this.aborted) this.onerror?.();
      });
  }
}

/** Renders the whole app's route tree at `path`, with every provider the real App has. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  bindSession((to) => router.navigate(to), queryClient);
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

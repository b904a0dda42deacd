import { CSRF_COOKIE } from '@kassa/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/**
 * Talks to the app the way the web client does: keeps the XSRF-TOKEN cookie from its first
 * answer and echoes it on non-GET requests, and sends the bearer token once it has one.
 */
export class TestClient {
  token: string | undefined;
  private csrf: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: Method,
    url: string,
    body?: unknown,
    extra: InjectOptions = {},
  ): Promise<LightMyRequestResponse> {
    if (this.csrf === undefined) await this.fetchCsrf();
    const headers: Record<string, string> = {};
    if (this.token !== undefined) headers['authorization'] = `Bearer ${this.token}`;
    if (method !== 'GET') headers['x-xsrf-token'] = this.csrf ?? '';
    return this.app.inject({
      method,
      url,
      headers: { ...headers, ...(extra.headers as Record<string, string> | undefined) },
      cookies: { [CSRF_COOKIE]: this.csrf ?? '' },
      // Another client IP, for per-IP limits.
      ...(extra.remoteAddress === undefined ? {} : { remoteAddress: extra.remoteAddress }),
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  }

  get(url: string, extra?: InjectOptions) {
    return this.request('GET', url, undefined, extra);
  }

  post(url: string, body?: unknown, extra?: InjectOptions) {
    return this.request('POST', url, body, extra);
  }

  patch(url: string, body?: unknown) {
    return this.request('PATCH', url, body);
  }

  delete(url: string, extra?: InjectOptions) {
    return this.request('DELETE', url, undefined, extra);
  }

  /** Logs in and keeps the token; fails the test when login does not succeed. */
  async login(email: string, password: string): Promise<string> {
    const res = await this.post('/api/auth/login', { email, password });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    this.token = res.json<{ token: string }>().token;
    return this.token;
  }

  private async fetchCsrf(): Promise<void> {
    const res = await this.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = res.cookies.find((c) => c.name === CSRF_COOKIE);
    if (cookie === undefined) throw new Error('server set no XSRF-TOKEN cookie');
    this.csrf = cookie.value;
  }
}

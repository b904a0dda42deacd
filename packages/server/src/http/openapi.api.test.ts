import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRODUCT_VERSION } from '@kassa/contract';
import { compileErrors, validate } from '@readme/openapi-parser';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { DOCS_PREFIX, OPENAPI_PATH } from './openapi.js';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
}

/** A built web app, so its file and fallback routes are registered too. */
function webDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kassa-openapi-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Kassa</title>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

/**
 * Every route the app registered, as "METHOD /path/{param}", read from fastify's own route tree
 * (printRoutes), not from the hook the document is made with.
 */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length / 4;
    prefixes.length = depth;
    const url = (prefixes[depth - 1] ?? '') + (match[2] ?? '');
    prefixes.push(url);
    for (const method of match[3]?.split(', ') ?? [])
      routes.push(`${method} ${url.replace(/:(\w+)/g, (_, name: string) => `{${name}}`)}`);
  }
  return routes;
}

/** Routes that are rightly not in the document, each with its reason. */
const EXCEPTIONS: { test: (method: string, url: string) => boolean; reason: string }[] = [
  { test: (method) => method === 'HEAD', reason: "fastify's automatic twin of each GET route" },
  { test: (_, url) => url === OPENAPI_PATH, reason: 'the document itself' },
  { test: (_, url) => url.startsWith(DOCS_PREFIX), reason: 'the docs page and its files' },
  { test: (_, url) => !url.startsWith('/api/'), reason: "the web app's files and client-side routes" },
];

describeEachDatabase(
  'OpenAPI document',
  (ctx) => {
    let document: Document;

    it('is served at /api/openapi.json as OpenAPI 3.1 with the product version', async () => {
      const res = await ctx.client().get(OPENAPI_PATH);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      document = res.json<Document>();
      expect(document.openapi).toBe('3.1.0');
      expect(document.info.version).toBe(PRODUCT_VERSION);
    });

    it('is a valid OpenAPI 3.1 document', async () => {
      const result = await validate(structuredClone(document) as never);
      expect(result.valid ? '' : compileErrors(result)).toBe('');
    });

    it('lists every route of the app, and only those', () => {
      const registered = registeredRoutes(ctx.app);
      // The parse found the routes (a changed printRoutes format would otherwise pass vacuously).
      expect(registered).toContain('GET /api/transaction/getbyid/{id}');
      expect(registered).toContain('GET /assets/app.js');
      const expected = registered.filter((route) => {
        const [method = '', url = ''] = route.split(' ');
        return !EXCEPTIONS.some((exception) => exception.test(method, url));
      });
      const documented = Object.entries(document.paths).flatMap(([url, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
      );
      expect([...documented].sort()).toEqual([...new Set(expected)].sort());
    });

    it('describes each operation: summary, tag, a success answer and the error body', () => {
      for (const [url, methods] of Object.entries(document.paths))
        for (const [method, operation] of Object.entries(methods)) {
          const where = `${method.toUpperCase()} ${url}`;
          expect(operation.summary, where).toBeTruthy();
          expect(operation.tags, where).toHaveLength(1);
          expect(operation.security, where).toBeDefined();
          const success = Object.keys(operation.responses).filter((status) => /^2/.test(status));
          expect(success, where).toHaveLength(1);
          expect(operation.responses['4XX']?.content?.['application/json'], where).toEqual({
            schema: { $ref: '#/components/schemas/ErrorBody' },
          });
        }
    });

    it('asks a session, and on state-changing requests the CSRF double submit', () => {
      const ops = (url: string) => document.paths[url] ?? {};
      expect(ops('/api/transaction/getbyid/{id}')['get']?.security?.[0]).toEqual({ session: [] });
      expect(ops('/api/transaction/add')['post']?.security?.[0]).toEqual({
        session: [],
        csrfCookie: [],
        csrfHeader: [],
      });
      expect(ops('/api/auth/login')['post']?.security).toEqual([{ csrfCookie: [], csrfHeader: [] }]);
      expect(ops('/api/health')['get']?.security).toEqual([]);
    });

    it('names the content types of downloads and the multipart upload', () => {
      const op = (url: string, method: string) => document.paths[url]?.[method];
      expect(Object.keys(op('/api/export/csv', 'get')?.responses['200']?.content ?? {})).toEqual(['text/csv']);
      expect(Object.keys(op('/api/export/hledger', 'get')?.responses['200']?.content ?? {})).toEqual(['text/plain']);
      const upload = op('/api/import/preview', 'post') as { requestBody?: { content: Record<string, unknown> } };
      expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
      expect(op('/api/rule/delete/{id}', 'delete')?.responses['204']?.content).toBeUndefined();
      expect(Object.keys(op('/api/transaction/delete/{id}', 'delete')?.responses['200']?.content ?? {})).toEqual([
        'application/json',
      ]);
    });

    it('serves the docs page from the package, within the Content-Security-Policy', async () => {
      const page = await ctx.client().get(`${DOCS_PREFIX}/`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      // Scripts are files of our origin, none inline and none from a CDN.
      expect(page.body).not.toMatch(/<script>|src="https?:/);
      const script = await ctx.client().get(`${DOCS_PREFIX}/static/swagger-ui-bundle.js`);
      expect(script.statusCode).toBe(200);
    });

    it('leaves validation to the routes: messages and absent bodies as before', async () => {
      const client = ctx.client();
      const noBody = await client.post('/api/auth/login');
      expect(noBody.json()).toEqual({ type: 'validation', message: 'body: is required' });
      await ctx.createUser({ email: 'openapi@example.com', password: 'password-1', mainCurrency: 'EUR' });
      await client.login('openapi@example.com', 'password-1');
      const wrongId = await client.get('/api/transaction/getbyid/abc');
      expect(wrongId.json()).toEqual({ type: 'validation', message: 'id: must be a positive integer' });
      const wrongAmount = await client.post('/api/transaction/add', { amount: 'x' });
      expect(wrongAmount.statusCode).toBe(400);
      expect(wrongAmount.json<{ message: string }>().message).not.toMatch(/body\/|must match|Invalid input/);
    });
  },
  () => ({ webDistDir: webDist() }),
);

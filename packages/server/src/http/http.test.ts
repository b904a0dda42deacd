import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { TEST_JWT_SECRET, testConfig } from '../test/config.js';
import { registerErrorHandler } from './error-handler.js';

describe('error handler', () => {
  it('turns an unexpected error into a bare 500 without a stack trace', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/api/boom', () => {
      throw new Error('secret detail at /srv/kassa/file.ts:12');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ type: 'internal', message: 'Internal error' });
    expect(res.body).not.toContain('secret detail');
    await app.close();
  });
});

describe('web app serving', () => {
  let dir: string;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kassa-web-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Kassa</title><div id="root"></div>');
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // The installable app's files (vite-plugin-pwa): the service worker, its Workbox runtime, the manifest.
    writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(path.join(dir, 'workbox-6d87e456.js'), 'define([], () => {})');
    writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Kassa","start_url":"/"}');
    database = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(database.db);
    app = await buildApp({
      config: testConfig({ webDistDir: dir }),
      database,
      jwtSecret: TEST_JWT_SECRET,
      logger: false,
    });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html at / and for every client route', async () => {
    for (const url of ['/', '/public', '/private/dashboard', '/private/edit-transaction/12?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers 404 for an asset that is not there, never index.html in its place', async () => {
    // A tab of an older version asking for a chunk a deploy removed must see it fail (and
    // reload), not parse index.html as JavaScript.
    const res = await app.inject({ method: 'GET', url: '/assets/gone-0123abcd.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('serves the service worker and its runtime as scripts the browser checks again on every update check', async () => {
    for (const url of ['/sw.js', '/workbox-6d87e456.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('javascript');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      // Its scope is the origin's root, where it lives: no Service-Worker-Allowed needed.
      expect(res.headers['service-worker-allowed'], url).toBeUndefined();
    }
  });

  it('serves the web app manifest as application/manifest+json', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ name: 'Kassa', start_url: '/' });
  });

  it("lets the page register its own service worker and manifest, and nobody else's", async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    // Nothing else loosened: scripts, connections and frames stay this origin's (or none).
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).not.toMatch(/unsafe-eval|blob:|\*/);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ type: string }>().type).toBe('not_found');
  });
});

describe('transport security follows HTTPS_ONLY', () => {
  const headersFor = async (httpsOnly: boolean, captchaSiteKey?: string) => {
    const database = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(database.db);
    const app = await buildApp({
      config: testConfig({
        httpsOnly,
        captcha: { secret: undefined, siteKey: captchaSiteKey, verifyUrl: 'http://127.0.0.1:1/' },
      }),
      database,
      jwtSecret: TEST_JWT_SECRET,
      logger: false,
    });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    await database.close();
    return res.headers;
  };

  it('over plain HTTP: no HSTS, no upgrade of asset requests, cookie without Secure', async () => {
    const headers = await headersFor(false);
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(String(headers['set-cookie'])).not.toContain('Secure');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('HTTPS only: HSTS, upgrade-insecure-requests and a Secure cookie', async () => {
    const headers = await headersFor(true);
    expect(headers['strict-transport-security']).toContain('max-age=');
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(String(headers['set-cookie'])).toContain('Secure');
  });

  it('lets reCAPTCHA load its script and frame only when a site key is configured', async () => {
    const without = String((await headersFor(false))['content-security-policy']);
    expect(without).not.toContain('google.com');
    expect(without).toContain("frame-src 'none'");
    const withKey = String((await headersFor(false, 'site-key'))['content-security-policy']);
    expect(withKey).toMatch(/script-src 'self' https:\/\/www\.google\.com\/recaptcha\//);
    expect(withKey).toMatch(/frame-src https:\/\/www\.google\.com\/recaptcha\//);
  });
});

import type { Config } from '../config.js';

/** A configuration for in-process tests: no web app, generous login limits unless overridden. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent-test-data-dir',
    database: { kind: 'sqlite', file: ':memory:' },
    jwtSecret: undefined,
    jwtTtlSeconds: 3600,
    logLevel: 'silent',
    webDistDir: undefined,
    httpsOnly: false,
    trustProxyHops: 0,
    loginLimits: { maxPerIp: 1000, maxFailuresPerEmail: 1000, windowMs: 60_000 },
    // No scheduled refresh in tests; feeds point at a closed local port unless a test serves them.
    rates: {
      ecbUrl: 'http://127.0.0.1:9/ecb.xml',
      fallbackUrl: 'http://127.0.0.1:9/eur.json',
      refreshIntervalMs: 0,
      fetchTimeoutMs: 2000,
    },
    ...overrides,
  };
}

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

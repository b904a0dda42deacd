import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';

/** A configuration for in-process tests: no web app, generous login limits unless overridden. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    // A fresh folder per app: the outbox mailer writes here when no SMTP is configured.
    dataDir: mkdtempSync(path.join(tmpdir(), 'kassa-test-data-')),
    database: { kind: 'sqlite', file: ':memory:' },
    jwtSecret: undefined,
    jwtTtlSeconds: 3600,
    logLevel: 'silent',
    webDistDir: undefined,
    httpsOnly: false,
    trustProxyHops: 0,
    loginLimits: { maxPerIp: 1000, maxFailuresPerEmailIp: 1000, maxFailuresPerEmail: 1000, windowMs: 60_000 },
    accountLimits: { signupsPerIpPerHour: 1000, codeChecksPerIp: 1000, windowMs: 60_000 },
    passwordResetLimits: { perEmailPerHour: 1000, perIpPerHour: 1000 },
    apiTokens: { maxPerMinute: 1000 },
    // No scheduled refresh in tests; feeds point at a closed local port unless a test serves them.
    rates: {
      ecbUrl: 'http://127.0.0.1:9/ecb.xml',
      fallbackUrl: 'http://127.0.0.1:9/eur.json',
      refreshIntervalMs: 0,
      fetchTimeoutMs: 2000,
    },
    mail: {
      smtpUrl: undefined,
      from: 'Kassa <kassa@test>',
      publicUrl: 'http://kassa.test',
      supportEmail: 'help@kassa.test',
    },
    captcha: { secret: undefined, siteKey: undefined, verifyUrl: 'http://127.0.0.1:1/siteverify' },
    demo: undefined,
    registration: 'referral',
    redisUrl: undefined,
    shutdownGraceMs: 0,
    databaseWaitMs: 0,
    // No scheduled posting in tests: they run the job's work themselves.
    schedulesCheckMs: 0,
    ...overrides,
  };
}

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

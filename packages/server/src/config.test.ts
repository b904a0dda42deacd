import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDatabaseUrl } from './config.js';

describe('configuration', () => {
  it('has safe defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/kassa.db') });
    expect(config.jwtSecret).toBeUndefined();
    expect(config.jwtTtlSeconds).toBe(3600);
    expect(config.httpsOnly).toBe(false);
    expect(config.trustProxyHops).toBe(0);
    expect(config.webDistDir).toMatch(/packages[/\\]web[/\\]dist$/);
    expect(config.rates).toEqual({
      ecbUrl: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml',
      fallbackUrl: 'https://latest.currency-api.pages.dev/v1/currencies/eur.min.json',
      refreshIntervalMs: 86_400_000,
      fetchTimeoutMs: 20_000,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/k',
      DATABASE_URL: 'postgres://u@localhost/db',
      JWT_SECRET: 's'.repeat(32),
      JWT_TTL_MINUTES: '5',
      WEB_DIST_DIR: '',
      HTTPS_ONLY: 'true',
      TRUST_PROXY_HOPS: '1',
      LOGIN_MAX_PER_IP: '7',
      LOGIN_MAX_FAILURES_PER_EMAIL_IP: '4',
      LOGIN_MAX_FAILURES_PER_EMAIL: '3',
      LOGIN_WINDOW_SECONDS: '60',
      SIGNUP_MAX_PER_IP: '2',
      CODE_CHECKS_MAX_PER_IP: '9',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/k',
      database: { kind: 'postgres', url: 'postgres://u@localhost/db' },
      jwtSecret: 's'.repeat(32),
      jwtTtlSeconds: 300,
      webDistDir: undefined,
      httpsOnly: true,
      trustProxyHops: 1,
      loginLimits: { maxPerIp: 7, maxFailuresPerEmailIp: 4, maxFailuresPerEmail: 3, windowMs: 60_000 },
      accountLimits: { signupsPerIpPerHour: 2, codeChecksPerIp: 9, windowMs: 60_000 },
    });
  });

  it('admits sign-ups by referral unless REGISTRATION says otherwise', () => {
    expect(loadConfig({}).registration).toBe('referral');
    expect(loadConfig({ REGISTRATION: 'open' }).registration).toBe('open');
    expect(loadConfig({ REGISTRATION: 'closed' }).registration).toBe('closed');
    expect(() => loadConfig({ REGISTRATION: 'invite-only' })).toThrow(/REGISTRATION/);
  });

  it('derives the address in mail links from PORT unless PUBLIC_URL is set', () => {
    expect(loadConfig({}).mail.publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '3000' }).mail.publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3000', PUBLIC_URL: '' }).mail.publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3000', PUBLIC_URL: 'https://kassa.example.org' }).mail.publicUrl).toBe(
      'https://kassa.example.org',
    );
    // Links append "/public/…": a trailing slash would double it.
    expect(loadConfig({ PUBLIC_URL: 'https://example.org/kassa/' }).mail.publicUrl).toBe('https://example.org/kassa');
    expect(() => loadConfig({ PUBLIC_URL: 'kassa.example.org' })).toThrow(/PUBLIC_URL/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ ECB_RATES_URL: 'not a url' })).toThrow(/ECB_RATES_URL/);
    expect(loadConfig({ RATES_REFRESH_MINUTES: '0' }).rates.refreshIntervalMs).toBe(0);
  });

  it('takes the Contact address from SUPPORT_EMAIL, else from the sender of mails', () => {
    expect(loadConfig({}).mail.supportEmail).toBe('kassa@localhost');
    expect(loadConfig({ MAIL_FROM: 'Money Desk <desk@example.org>' }).mail.supportEmail).toBe('desk@example.org');
    expect(loadConfig({ MAIL_FROM: 'plain@example.org' }).mail.supportEmail).toBe('plain@example.org');
    expect(loadConfig({ SUPPORT_EMAIL: 'help@example.org' }).mail.supportEmail).toBe('help@example.org');
  });

  it('parses sqlite URLs relative to the working directory', () => {
    expect(parseDatabaseUrl('sqlite:./x/y.db')).toEqual({ kind: 'sqlite', file: path.resolve('x/y.db') });
    expect(parseDatabaseUrl('sqlite:///abs/y.db')).toEqual({ kind: 'sqlite', file: '/abs/y.db' });
    expect(parseDatabaseUrl('sqlite::memory:')).toEqual({ kind: 'sqlite', file: ':memory:' });
    expect(() => parseDatabaseUrl('sqlite:')).toThrow(/needs a file path/);
  });
});

import path from 'node:path';
import { registrationModeSchema, type RegistrationMode } from '@kassa/contract';
import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

// Every environment variable the server reads, with its safe default. README lists them.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  // sqlite:<path> or postgres://… ; default: a SQLite file inside DATA_DIR.
  DATABASE_URL: z.string().min(1).optional(),
  // When absent, a secret is generated on first start and kept in DATA_DIR (see secrets.ts).
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_MINUTES: positiveInt(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Folder of the built web app; empty string disables serving it.
  WEB_DIST_DIR: z.string().optional(),
  // true when users reach Kassa over HTTPS only: Secure cookies, HSTS, upgrade-insecure-requests.
  HTTPS_ONLY: z.enum(['true', 'false']).default('false'),
  // Behind reverse proxies: how many of them, so client IPs (login throttling, logs) come from the
  // right X-Forwarded-For entry. 0 = not behind a proxy.
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // Login throttling within the window: attempts per IP; failed attempts per (e-mail, IP) pair
  // before that pair is locked; failed attempts per e-mail before each further try waits a
  // growing delay (1 s doubling to 60 s) instead of a lock a stranger could use against the owner.
  LOGIN_MAX_PER_IP: positiveInt(30),
  LOGIN_MAX_FAILURES_PER_EMAIL_IP: positiveInt(10),
  LOGIN_MAX_FAILURES_PER_EMAIL: positiveInt(10),
  LOGIN_WINDOW_SECONDS: positiveInt(900),
  // Sign-ups (each sends a mail) and verification-mail resends per IP per hour; e-mail and
  // referral code checks per IP per login window.
  SIGNUP_MAX_PER_IP: positiveInt(10),
  // Requests per personal API token per minute (then 429 with Retry-After).
  API_TOKEN_MAX_PER_MINUTE: positiveInt(120),
  CODE_CHECKS_MAX_PER_IP: positiveInt(30),
  // Forgotten password: reset mails asked for per e-mail address and per IP, each per hour.
  PASSWORD_RESET_MAX_PER_EMAIL: positiveInt(3),
  PASSWORD_RESET_MAX_PER_IP: positiveInt(10),
  // Exchange rates: the ECB reference feed (primary; the 90-day file also backfills gaps), a
  // fallback in the currency API's format, how often to refresh (0 = never) and the fetch timeout.
  ECB_RATES_URL: z.url().default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml'),
  FALLBACK_RATES_URL: z.url().default('https://latest.currency-api.pages.dev/v1/currencies/eur.min.json'),
  // Minutes; fractions are allowed (0.5 = every 30 s).
  RATES_REFRESH_MINUTES: z.coerce.number().min(0).default(1440),
  RATES_FETCH_TIMEOUT_SECONDS: positiveInt(20),
  // Scheduled entries: how often an instance looks for occurrences to post (0 = never). Minutes.
  SCHEDULES_CHECK_MINUTES: z.coerce.number().min(0).default(60),
  // Bank connections (issue 35): how often each is synced (0 = never by itself; "Sync now" still
  // works), hosts a claim or API URL may use although they resolve to private addresses (tests, a
  // bridge on the LAN; comma-separated), and Enable Banking's application id and private key file.
  BANK_SYNC_MINUTES: z.coerce.number().min(0).default(1440),
  BANK_SYNC_ALLOW_HOSTS: z.string().default(''),
  ENABLE_BANKING_APP_ID: z.string().default(''),
  ENABLE_BANKING_KEY_FILE: z.string().default(''),
  ENABLE_BANKING_API_URL: z.url().default('https://api.enablebanking.com'),
  // Mail: smtp://user:pass@host:port (smtps:// for TLS). Without it mails go to DATA_DIR/outbox and the log.
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().min(3).default('Kassa <kassa@localhost>'),
  // The public Contact link's address; defaults to the address of MAIL_FROM.
  SUPPORT_EMAIL: z.string().optional(),
  // The address users reach Kassa at, for links in mails; default http://localhost:<PORT>.
  PUBLIC_URL: z.union([z.literal(''), z.url()]).optional(),
  // Who may sign up: open (anyone), referral (a code from a member or an invitation), closed
  // (only addresses an admin invited). The first user of an install is admitted in every mode.
  REGISTRATION: registrationModeSchema.default('referral'),
  // reCAPTCHA-compatible captcha: sign-up tokens are verified only when a secret is set.
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  // On SIGTERM: seconds readiness answers 503 while requests are still served, so a load
  // balancer moves new requests to the other instances before this one stops listening.
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(120).default(0),
  // At start: how long to keep trying a PostgreSQL that does not answer yet (0 = try once).
  DATABASE_WAIT_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  // Several instances: the store of every rate limit and login counter, shared by all of them
  // (redis://host:port). Without it each instance counts alone, in memory.
  REDIS_URL: z
    .string()
    .regex(/^(rediss?:\/\/.+)?$/, 'must start with redis:// or rediss://')
    .optional(),
  // The one-click demo: every "Try the demo" makes a demo user of its own, with the sample books,
  // deleted a day later. DEMO=true turns it on; so does a DEMO_EMAIL of an install from before
  // (its e-mail and DEMO_PASSWORD are no longer used: no one logs in to a shared demo).
  DEMO: z.enum(['true', 'false', '']).optional(),
  DEMO_EMAIL: z.string().optional(),
  DEMO_PASSWORD: z.string().optional(),
  // At most this many demo visitors at once; a new one removes the oldest past it.
  DEMO_MAX_VISITORS: positiveInt(50),
  // Demo logins (each a new demo user) per IP per hour.
  DEMO_MAX_PER_IP: positiveInt(10),
});

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** The validated configuration; built once at start-up. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string | undefined;
  httpsOnly: boolean;
  trustProxyHops: number;
  loginLimits: { maxPerIp: number; maxFailuresPerEmailIp: number; maxFailuresPerEmail: number; windowMs: number };
  accountLimits: { signupsPerIpPerHour: number; codeChecksPerIp: number; windowMs: number };
  passwordResetLimits: { perEmailPerHour: number; perIpPerHour: number };
  apiTokens: { maxPerMinute: number };
  rates: { ecbUrl: string; fallbackUrl: string; refreshIntervalMs: number; fetchTimeoutMs: number };
  mail: { smtpUrl: string | undefined; from: string; publicUrl: string; supportEmail: string };
  captcha: { secret: string | undefined; siteKey: string | undefined; verifyUrl: string };
  /** The one-click demo (DEMO), undefined when off. */
  demo: DemoConfig | undefined;
  /** Who may sign up (REGISTRATION). */
  registration: RegistrationMode;
  redisUrl: string | undefined;
  shutdownGraceMs: number;
  /** How long start-up waits for the database to answer (DATABASE_WAIT_SECONDS). */
  databaseWaitMs: number;
  /** How often an instance looks for scheduled occurrences to post; 0 or absent = never (tests). */
  schedulesCheckMs?: number;
  /** Bank connections (issue 35); absent: no scheduled sync, no allowed private hosts, no Enable Banking. */
  bankSync?: BankSyncConfig;
}

export interface BankSyncConfig {
  /** How often each connection syncs by itself; 0 = never. */
  intervalMs: number;
  /** Hosts (or host:port) a provider URL may use although they resolve to private addresses. */
  allowHosts: string[];
  /** Set when the self-hoster configured both ENABLE_BANKING_APP_ID and ENABLE_BANKING_KEY_FILE. */
  enableBanking?: { appId: string; keyFile: string; apiUrl: string };
}

/** The one-click demo: a demo user of their own per visitor, at most `maxVisitors` at once. */
export interface DemoConfig {
  maxVisitors: number;
  /** Demo logins per IP per hour. */
  maxPerIpPerHour: number;
}

/** Whether the demo is on: DEMO, else (an install from before) a DEMO_EMAIL. */
function demoEnabled(demo: 'true' | 'false' | '' | undefined, legacyEmail: string | undefined): boolean {
  if (demo !== undefined && demo !== '') return demo === 'true';
  return legacyEmail !== undefined && legacyEmail !== '';
}

/** Thrown for an environment that cannot be used; main prints it and exits. */
export class ConfigError extends Error {}

/** Parses a DATABASE_URL into a target; paths of sqlite: URLs are relative to the cwd. */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (file === '') throw new ConfigError('DATABASE_URL: sqlite: needs a file path, e.g. sqlite:./data/kassa.db');
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { kind: 'postgres', url };
  throw new ConfigError('DATABASE_URL: must start with sqlite: or postgres://');
}

/** The bare address of a mailbox such as 'Kassa <kassa@localhost>'. */
export function addressOf(mailbox: string): string {
  return /<([^>]+)>/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim();
}

/**
 * Where links in mails lead: PUBLIC_URL without trailing slashes (links append "/public/…"), or
 * by default this machine at the port the server listens on.
 */
export function publicUrlOf(publicUrl: string | undefined, port: number): string {
  if (publicUrl === undefined || publicUrl === '') return `http://localhost:${port}`;
  return publicUrl.replace(/\/+$/, '');
}

/** Reads and validates the environment. The only reader of process.env in the server. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: parseDatabaseUrl(e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'kassa.db')}`),
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_MINUTES * 60,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR === '' ? undefined : path.resolve(e.WEB_DIST_DIR ?? defaultWebDist),
    httpsOnly: e.HTTPS_ONLY === 'true',
    trustProxyHops: e.TRUST_PROXY_HOPS,
    loginLimits: {
      maxPerIp: e.LOGIN_MAX_PER_IP,
      maxFailuresPerEmailIp: e.LOGIN_MAX_FAILURES_PER_EMAIL_IP,
      maxFailuresPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      windowMs: e.LOGIN_WINDOW_SECONDS * 1000,
    },
    accountLimits: {
      signupsPerIpPerHour: e.SIGNUP_MAX_PER_IP,
      codeChecksPerIp: e.CODE_CHECKS_MAX_PER_IP,
      windowMs: e.LOGIN_WINDOW_SECONDS * 1000,
    },
    passwordResetLimits: {
      perEmailPerHour: e.PASSWORD_RESET_MAX_PER_EMAIL,
      perIpPerHour: e.PASSWORD_RESET_MAX_PER_IP,
    },
    apiTokens: { maxPerMinute: e.API_TOKEN_MAX_PER_MINUTE },
    rates: {
      ecbUrl: e.ECB_RATES_URL,
      fallbackUrl: e.FALLBACK_RATES_URL,
      refreshIntervalMs: Math.round(e.RATES_REFRESH_MINUTES * 60_000),
      fetchTimeoutMs: e.RATES_FETCH_TIMEOUT_SECONDS * 1000,
    },
    schedulesCheckMs: Math.round(e.SCHEDULES_CHECK_MINUTES * 60_000),
    bankSync: {
      intervalMs: Math.round(e.BANK_SYNC_MINUTES * 60_000),
      allowHosts: e.BANK_SYNC_ALLOW_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== ''),
      ...(e.ENABLE_BANKING_APP_ID !== '' && e.ENABLE_BANKING_KEY_FILE !== ''
        ? {
            enableBanking: {
              appId: e.ENABLE_BANKING_APP_ID,
              keyFile: e.ENABLE_BANKING_KEY_FILE,
              apiUrl: e.ENABLE_BANKING_API_URL,
            },
          }
        : {}),
    },
    mail: {
      smtpUrl: e.SMTP_URL === '' ? undefined : e.SMTP_URL,
      from: e.MAIL_FROM,
      publicUrl: publicUrlOf(e.PUBLIC_URL, e.PORT),
      supportEmail: e.SUPPORT_EMAIL !== undefined && e.SUPPORT_EMAIL !== '' ? e.SUPPORT_EMAIL : addressOf(e.MAIL_FROM),
    },
    captcha: {
      secret: e.RECAPTCHA_SECRET === '' ? undefined : e.RECAPTCHA_SECRET,
      siteKey: e.RECAPTCHA_SITE_KEY === '' ? undefined : e.RECAPTCHA_SITE_KEY,
      verifyUrl: e.RECAPTCHA_VERIFY_URL,
    },
    demo: demoEnabled(e.DEMO, e.DEMO_EMAIL)
      ? { maxVisitors: e.DEMO_MAX_VISITORS, maxPerIpPerHour: e.DEMO_MAX_PER_IP }
      : undefined,
    registration: e.REGISTRATION,
    redisUrl: e.REDIS_URL === '' ? undefined : e.REDIS_URL,
    shutdownGraceMs: Math.round(e.SHUTDOWN_GRACE_SECONDS * 1000),
    databaseWaitMs: Math.round(e.DATABASE_WAIT_SECONDS * 1000),
  };
}

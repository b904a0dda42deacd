import { bookResolver } from './modules/books/access.js';
import { BooksRepository } from './modules/books/repository.js';
import { bookRoutes } from './modules/books/routes.js';
import { BooksService } from './modules/books/service.js';
import fastifyCookie from '@fastify/cookie';
import { apiTokenScopes, PRODUCT_VERSION, type ErrorBody } from '@kassa/contract';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { DB } from './db/schema.js';
import { registerCsrf } from './http/csrf.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { trackInFlight } from './http/in-flight.js';
import { registerOpenApi } from './http/openapi.js';
import { badRequest } from './http/errors.js';
import { keyedCounter, registerRateLimit } from './http/rate-limit.js';
import { registerWebApp } from './http/web-app.js';
import { registerBankSync } from './bank-wiring.js';
import { registerIdempotency } from './modules/idempotency/hooks.js';
import { registerJobs } from './jobs/index.js';
import { backupRoutes } from './modules/backup/routes.js';
import type { Resolved } from './modules/backup/resolve.js';
import { BackupService } from './modules/backup/service.js';
import { HeavyJobs } from './http/heavy-jobs.js';
import { WorkerPool } from './workers/pool.js';
import { accountRoutes, passwordResetRoutes } from './modules/account/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { AdminService } from './modules/admin/service.js';
import { PasswordResetService } from './modules/account/password-reset.js';
import { RegistrationService, EMAIL_CODE_TTL_MS } from './modules/account/service.js';
import { configuredMailer, type Mailer } from './modules/mail/mailer.js';
import { makeStepGuards, type RequireUser, type StepGuards } from './modules/auth/guard.js';
import { loginLimits } from './modules/auth/login-limits.js';
import { authRoutes } from './modules/auth/routes.js';
import { AuthService } from './modules/auth/service.js';
import { TokenService } from './modules/auth/tokens.js';
import { demoRoutes } from './modules/demo/routes.js';
import { DEMO_LIFETIME_MS, DemoService } from './modules/demo/service.js';
import { createTwoFactor } from './modules/two-factor/create.js';
import type { TwoFactorService } from './modules/two-factor/service.js';
import { twoFactorRoutes } from './modules/two-factor/routes.js';
import { createSecurity, type SecurityServices } from './modules/security/create.js';
import { securityRoutes } from './modules/security/routes.js';
import { scopeRefusal } from './modules/security/scope.js';
import { HealthRepository } from './modules/health/repository.js';
import { healthRoutes, publicConfigRoutes } from './modules/health/routes.js';
import { HealthService } from './modules/health/service.js';
import { UsersRepository } from './modules/users/repository.js';
import { UserCurrenciesRepository } from './modules/currencies/repository.js';
import { bundledRates } from './modules/rates/bundle.js';
import { RatesRepository } from './modules/rates/repository.js';
import { ratesRoutes } from './modules/rates/routes.js';
import { categoryRoutes } from './modules/categories/routes.js';
import { CategoriesService } from './modules/categories/service.js';
import { ruleRoutes } from './modules/rules/routes.js';
import { RulesService } from './modules/rules/service.js';
import { conversionRoutes } from './modules/conversions/routes.js';
import { ConversionsService } from './modules/conversions/service.js';
import { scheduleRoutes } from './modules/schedules/routes.js';
import { SchedulesService } from './modules/schedules/service.js';
import { currencyRoutes } from './modules/currencies/routes.js';
import { CurrenciesService } from './modules/currencies/service.js';
import { fixpointRoutes } from './modules/fixpoints/routes.js';
import { followRates } from './modules/ledger/follow-rates.js';
import { LedgerReader } from './modules/ledger/reader.js';
import { FixpointsService } from './modules/fixpoints/service.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { settleUpRoutes } from './modules/settle-up/routes.js';
import { SettleUpService } from './modules/settle-up/service.js';
import { AnalyticsService } from './modules/analytics/service.js';
import { insightsRoutes } from './modules/insights/routes.js';
import { InsightsService } from './modules/insights/service.js';
import { budgetRoutes } from './modules/budgets/routes.js';
import { BudgetsService } from './modules/budgets/service.js';
import { pocketRoutes } from './modules/pockets/routes.js';
import { summaryRoutes } from './modules/summaries/routes.js';
import { SummariesService } from './modules/summaries/service.js';
import { PocketsService } from './modules/pockets/service.js';
import { exportRoutes } from './modules/export/routes.js';
import { importRoutes } from './modules/import/routes.js';
import { ImportService, type ParseFile } from './modules/import/service.js';
import { ExportService } from './modules/export/service.js';
import { transactionRoutes } from './modules/transactions/routes.js';
import { undoRoutes } from './modules/undo/routes.js';
import { UndoService } from './modules/undo/service.js';
import { TransactionsService } from './modules/transactions/service.js';
import { searchRoutes } from './modules/search/routes.js';
import { SearchService } from './modules/search/service.js';
import { RatesService } from './modules/rates/service.js';

const RECAPTCHA_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

export interface AppDeps {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** Overrides the mailer chosen from the configuration. */
  mailer?: Mailer;
  /** Fastify logger options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
}

/** Request logging that never writes credentials: no bodies, no auth or cookie headers. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
}

/** Malformed URLs (bad percent-encoding) get our error body too. */
function badUrl(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send({ type: 'validation', message: `url: ${error.message}` } satisfies ErrorBody);
}

/** Builds the HTTP app without listening; main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    // A number of proxy hops, never "trust everything": the client writes X-Forwarded-For.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    frameworkErrors: badUrl,
  });

  // First hook of all: shutdown waits for every request it counts (main.ts).
  trackInFlight(app);
  const signIn = await registerSignIn(app, deps);
  const rates = await loadRates(app, database);
  registerErrorHandler(app);
  registerJsonBodies(app);
  await registerBrowserSecurity(app, config);
  // GET /api/openapi.json and the /api/docs page; before the routes, whose schemas it collects.
  await registerOpenApi(app, {
    apiTokenScope: (method, url) => apiTokenScopes.find((scope) => !scopeRefusal(scope, method, url)),
  });

  // Before the routes: it adds itself to each write route as the route is registered.
  registerIdempotency(app, database.db);
  registerAccountRoutes(app, deps, signIn);
  // Every private route needs a complete registration; only the steps' own routes ask less.
  const requireUser = signIn.guards.complete;
  const categories = registerSetupRoutes(app, database.db, rates, requireUser);
  const ledger = startLedger(app, database.db, rates);
  const books: Books = { db: database.db, rates, ledger, categories };
  const schedules = registerBookRoutes(app, books, requireUser);
  const imports = await registerFileRoutes(app, books, requireUser);
  const bankSync = registerBankSync(app, deps, imports, ledger, requireUser);

  await registerJobs(app, { config, db: database.db, rates, schedules, bankSync });

  if (config.webDistDir !== undefined) await registerWebApp(app, config.webDistDir);
  return app;
}

/** What signs a user in and how far their registration got. */
interface SignIn {
  auth: AuthService;
  guards: StepGuards;
  twoFactor: TwoFactorService;
  security: SecurityServices;
}

/** The rate limits, then sign-in: passwords, two-factor codes, sessions and API tokens. */
async function registerSignIn(app: FastifyInstance, { config, database, jwtSecret }: AppDeps): Promise<SignIn> {
  const users = new UsersRepository(database.db);
  const tokens = new TokenService(jwtSecret, config.jwtTtlSeconds);
  // Limits first: the services below count in its store.
  await registerRateLimit(app, config.redisUrl);
  // Login asks users with two-factor sign-in on for a code (auth/login-code) after the password.
  const twoFactor = createTwoFactor(app, database.db, jwtSecret, config.loginLimits);
  // Sessions, API tokens and the security log (auth's AuthSecurity; two-factor logs its changes there).
  const security = createSecurity(app, database.db, config);
  twoFactor.logTo(security.log);
  const auth = new AuthService(users, tokens, loginLimits(app, config.loginLimits), Date.now, twoFactor, security);
  // Every private request works on a book: the user's own, or one shared with them (issue 34).
  const guards = makeStepGuards(auth, bookResolver(new BooksRepository(database.db)));
  return { auth, guards, twoFactor, security };
}

/** The exchange rates, loaded, and kept up with what other instances store. */
async function loadRates(app: FastifyInstance, database: Database): Promise<RatesService> {
  const rates = new RatesService(new RatesRepository(database.db), bundledRates());
  await rates.load();
  // Rates another instance or the CLI stored are in use within RATES_CHECK_MS (one cheap read a
  // second at most); when the check fails the request goes on with the table it has.
  app.addHook('onRequest', async (request) => {
    await rates.catchUp().catch((err: unknown) => request.log.warn({ error: String(err) }, 'rates check failed'));
  });
  return rates;
}

function registerJsonBodies(app: FastifyInstance): void {
  // An empty body with a JSON content type (PATCH category/close/{id} from some clients) means
  // "no body"; routes that need one answer 400 "body: is required".
  // JSON only: text/plain bodies would otherwise reach the routes as strings (415 instead).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body: string, done) => {
    if (body.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(body) as unknown);
    } catch {
      done(badRequest('body: is not valid JSON'), undefined);
    }
  });
}

/** What a browser is told and asked: security headers, cookies, the session slot and CSRF. */
async function registerBrowserSecurity(app: FastifyInstance, config: Config): Promise<void> {
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        // reCAPTCHA loads its script and frame from Google, only when a site key is configured.
        'script-src': ["'self'", ...(config.captcha.siteKey === undefined ? [] : RECAPTCHA_SOURCES)],
        'frame-src': config.captcha.siteKey === undefined ? ["'none'"] : RECAPTCHA_SOURCES,
        // Mantine sets inline style attributes.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        // The installable app: its service worker and web app manifest, from this origin only.
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        // Over plain HTTP (a LAN install) upgrading would break every asset request.
        'upgrade-insecure-requests': config.httpsOnly ? [] : null,
      },
    },
    hsts: config.httpsOnly,
  });
  await app.register(fastifyCookie);
  app.decorateRequest('session', undefined);
  app.decorateRequest('book', undefined);
  registerCsrf(app, { secureCookie: config.httpsOnly });
}

/**
 * The routes before and around a registration: health and public settings, sign-in, the demo,
 * two-factor and the security page, the registration steps, the admin page, forgotten passwords.
 */
function registerAccountRoutes(app: FastifyInstance, deps: AppDeps, signIn: SignIn): void {
  const { config, database } = deps;
  const { auth, guards, twoFactor, security } = signIn;
  healthRoutes(app, new HealthService(new HealthRepository(database.db), app.log));
  publicConfigRoutes(app, {
    version: PRODUCT_VERSION,
    demo: config.demo === undefined ? null : { hours: DEMO_LIFETIME_MS / 3_600_000 },
    captchaSiteKey: config.captcha.siteKey ?? null,
    supportEmail: config.mail.supportEmail,
    registration: config.registration,
    mailDelivery: config.mail.smtpUrl === undefined ? 'outbox' : 'smtp',
  });
  authRoutes(app, auth, guards, config.loginLimits);
  // "Try the demo!": a demo user of the visitor's own, removed a day later by the demo cleanup job.
  if (config.demo !== undefined)
    demoRoutes(app, new DemoService(database.db, config.demo, Date.now, app.log), auth, config.demo);
  twoFactorRoutes(app, twoFactor, guards);
  securityRoutes(app, security, guards);
  const mailer = deps.mailer ?? configuredMailer(config, (obj, msg) => app.log.info(obj, msg));
  const registration = new RegistrationService(database.db, auth, mailer, config, {
    wrongCodes: keyedCounter(app, 'email-code-failures', EMAIL_CODE_TTL_MS),
  });
  accountRoutes(app, registration, guards, config.accountLimits);
  bookRoutes(app, new BooksService(database.db, mailer, config, security.log), guards.complete);
  // The admin page: users, waitlist, invitations and approvals by mail, disabling (issue 22).
  adminRoutes(app, new AdminService(database.db, mailer, config, security), guards);
  // Forgotten password: reset mails per address counted in the rate-limit store, an hour each.
  const passwordResets = new PasswordResetService(
    database.db,
    auth,
    mailer,
    config,
    {
      requestsPerEmail: keyedCounter(app, 'password-reset-mails', 3_600_000),
      maxPerEmail: config.passwordResetLimits.perEmailPerHour,
    },
    (obj, msg) => app.log.error(obj, msg),
  );
  passwordResetRoutes(app, passwordResets, { resets: config.passwordResetLimits, codes: config.accountLimits });
}

/** What a user sets up before the books: rates, currencies, pockets, categories, rules. */
function registerSetupRoutes(
  app: FastifyInstance,
  db: Kysely<DB>,
  rates: RatesService,
  requireUser: RequireUser,
): CategoriesService {
  ratesRoutes(app, rates, new UserCurrenciesRepository(db), requireUser);
  const categories = new CategoriesService(db);
  currencyRoutes(app, new CurrenciesService(db), requireUser);
  pocketRoutes(app, new PocketsService(db), requireUser);
  categoryRoutes(app, categories, requireUser);
  ruleRoutes(app, new RulesService(db), requireUser);
  return categories;
}

/**
 * The one read side of the ledger, shared by every service that reads balances or flows.
 * Main-currency values of the ledger follow the rates: recomputed when the table in use is not
 * the one they were made with (checked before the first report), and from the first changed
 * day whenever rates are stored.
 */
function startLedger(app: FastifyInstance, db: Kysely<DB>, rates: RatesService): LedgerReader {
  const ledger = new LedgerReader(db, () => rates.fingerprint());
  const rateFollower = followRates(rates, ledger, {
    onError: (err) => app.log.warn({ error: String(err) }, 'revaluing main values failed'),
  });
  // Ready once the stored values are known to follow the rates (a quick check; the revaluation
  // itself runs on in the background and ends before the database closes).
  app.addHook('onReady', () => rateFollower.checked());
  app.addHook('onClose', () => rateFollower.idle());
  return ledger;
}

/** What the routes of the books are built on. */
interface Books {
  db: Kysely<DB>;
  rates: RatesService;
  ledger: LedgerReader;
  categories: CategoriesService;
}

/** The books and their reports: transactions to budgets. The schedules go on to the jobs. */
function registerBookRoutes(app: FastifyInstance, books: Books, requireUser: RequireUser): SchedulesService {
  const { db, rates, ledger, categories } = books;
  const transactions = new TransactionsService(db, categories, rates, ledger);
  transactionRoutes(app, transactions, requireUser);
  searchRoutes(app, new SearchService(db, transactions), requireUser);
  summaryRoutes(app, new SummariesService(ledger, categories, rates, transactions), requireUser);
  const conversions = new ConversionsService(db);
  conversionRoutes(app, conversions, requireUser);
  // Scheduled entries post through the transactions and conversions services' checks and writes.
  const schedules = new SchedulesService(db, transactions, conversions, ledger);
  scheduleRoutes(app, schedules, requireUser);
  undoRoutes(app, new UndoService(db), requireUser);
  fixpointRoutes(app, new FixpointsService(db, ledger), requireUser);
  analyticsRoutes(app, new AnalyticsService(db, ledger, rates), requireUser);
  insightsRoutes(app, new InsightsService(ledger, rates), requireUser);
  budgetRoutes(app, new BudgetsService(db, ledger, rates), requireUser);
  settleUpRoutes(app, new SettleUpService(db, rates), requireUser);
  return schedules;
}

/** Whole books in and out: backups, exports and bank-file imports. */
async function registerFileRoutes(
  app: FastifyInstance,
  books: Books,
  requireUser: RequireUser,
): Promise<ImportService> {
  const { db, rates, ledger } = books;
  // Heavy, pure steps on worker threads; one heavy job per user, a few at once (issue 31).
  const workers = new WorkerPool();
  app.addHook('onClose', () => workers.close());
  const heavyJobs = new HeavyJobs();
  await backupRoutes(app, new BackupService(db, Date.now, (main) => rates.mainConverter(main)), requireUser, {
    jobs: heavyJobs,
    read: (body) => workers.run<Resolved>({ task: 'read-backup', body }),
  });
  exportRoutes(app, new ExportService(db, rates), requireUser);
  const parseOnWorker: ParseFile = (bytes, request) => workers.run({ task: 'parse-import', bytes, request });
  const imports = new ImportService(db, rates, parseOnWorker, undefined, undefined, ledger);
  await importRoutes(app, imports, requireUser, heavyJobs);
  return imports;
}

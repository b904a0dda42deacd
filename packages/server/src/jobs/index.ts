import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import { DemoService } from '../modules/demo/service.js';
import { configuredProviders } from '../modules/rates/providers/index.js';
import { refreshRates } from '../modules/rates/refresh.js';
import type { RatesService } from '../modules/rates/service.js';
import type { SchedulesService } from '../modules/schedules/service.js';
import type { BankSyncService } from '../modules/bank-sync/service.js';
import { IDEMPOTENCY_KEEP_MS } from '../modules/idempotency/hooks.js';
import { IdempotencyRepository } from '../modules/idempotency/repository.js';
import { oncePerTick } from './once-per-tick.js';
import { schedule, type ScheduledJob } from './schedule.js';

const HOUR_MS = 3_600_000;

/** How often the demo cleanup runs (once per tick across instances): a visitor lives a day and at most an hour more. */
const DEMO_CHECK_MS = 3_600_000;

/** Stops the job when the app closes, so tests and shutdowns leave no timer behind. */
function stopOnClose(app: FastifyInstance, job: ScheduledJob): void {
  app.addHook('onClose', (_instance, done) => {
    job.stop();
    done();
  });
}

/**
 * The demo cleanup as a job: deletes the demo visitors whose day is over, with all their rows,
 * run by one instance per hourly tick (oncePerTick). Never throws: failures are logged.
 */
export function demoCleanup(
  db: Kysely<DB>,
  demo: DemoService,
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  },
  now: () => number = Date.now,
): () => Promise<boolean> {
  const run = () =>
    demo.removeExpired().then(
      (removed) => {
        if (removed > 0) log.info({ removed }, 'expired demo visitors removed');
      },
      (err: unknown) => log.error({ err }, 'demo cleanup failed'),
    );
  return oncePerTick(db, 'demo-cleanup', DEMO_CHECK_MS, run, log, now);
}

/**
 * Registers the periodic work on the app: the demo cleanup (when the demo is on), the rates refresh
 * and the posting of scheduled entries. Each runs once per tick across every instance on the
 * database (oncePerTick).
 */
export async function registerJobs(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Kysely<DB>;
    rates: RatesService;
    schedules?: SchedulesService;
    bankSync?: BankSyncService;
  },
): Promise<void> {
  const { config, db, rates } = deps;
  if (config.demo !== undefined) {
    // Demo visitors a day old are deleted with all their rows: at start, then hourly, by one
    // instance per tick.
    const cleanup = demoCleanup(db, new DemoService(db, config.demo, Date.now, app.log), app.log);
    await cleanup();
    stopOnClose(app, schedule(cleanup, DEMO_CHECK_MS, DEMO_CHECK_MS));
  }

  if (config.rates.refreshIntervalMs > 0) {
    const providers = configuredProviders(config.rates);
    // First refresh shortly after start, so a restart picks up days it missed.
    const interval = config.rates.refreshIntervalMs;
    const refresh = oncePerTick(db, 'rates-refresh', interval, () => refreshRates(rates, providers, app.log), app.log);
    stopOnClose(app, schedule(refresh, interval, 5_000));
  }

  // Idempotency keys older than the 7 days a replay may come in are deleted hourly (issue 36).
  const keys = new IdempotencyRepository(db);
  const prune = () =>
    keys.prune(Date.now() - IDEMPOTENCY_KEEP_MS).then(
      (pruned) => {
        if (pruned > 0) app.log.info({ pruned }, 'old idempotency keys deleted');
      },
      (err: unknown) => app.log.error({ err }, 'deleting old idempotency keys failed'),
    );
  stopOnClose(app, schedule(oncePerTick(db, 'idempotency-prune', HOUR_MS, prune, app.log), HOUR_MS, HOUR_MS));

  const bankMs = config.bankSync?.intervalMs ?? 0;
  if (deps.bankSync !== undefined && bankMs > 0) {
    const bankSync = deps.bankSync;
    // Each connection daily by default (BANK_SYNC_MINUTES); the tick is a tenth of that, at most
    // an hour, so a connection is never more than a tick late. One instance per tick reads; a
    // connection's own lease keeps a manual sync and this one apart.
    const tick = Math.min(bankMs / 10, 3_600_000);
    const run = () =>
      bankSync.syncDue(bankMs, app.log).then(
        (synced) => {
          if (synced > 0) app.log.info({ synced }, 'bank connections synced');
        },
        (err: unknown) => app.log.error({ err }, 'scheduled bank sync failed'),
      );
    stopOnClose(app, schedule(oncePerTick(db, 'bank-sync', tick, run, app.log), tick, tick));
  }

  const checkMs = config.schedulesCheckMs ?? 0;
  if (deps.schedules !== undefined && checkMs > 0) {
    const schedules = deps.schedules;
    // Every due occurrence of the schedules in post mode, days missed while no instance ran
    // included. Exactly-once does not rest on the tick: each occurrence's unique key makes a
    // second poster (another instance, a confirm, a run that overlaps) write nothing. The tick
    // only spares the other instances the reading. Hourly, so a new UTC day's occurrences post
    // within the hour and a failed run is tried again soon.
    const post = () =>
      schedules.postDue(app.log).then(
        (run) => {
          if (run.posted > 0 || run.failed > 0) app.log.info(run, 'scheduled entries posted');
        },
        (err: unknown) => app.log.error({ err }, 'posting scheduled entries failed'),
      );
    const postOnce = oncePerTick(db, 'schedules-post', checkMs, post, app.log);
    // Shortly after start too, unclaimed: a restart catches up at once on the days it missed.
    let started = false;
    const firstThenTicks = async () => {
      if (started) return postOnce();
      started = true;
      await post();
      return true;
    };
    stopOnClose(app, schedule(firstThenTicks, checkMs, Math.min(5_000, checkMs)));
  }
}

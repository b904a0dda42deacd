import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import { resetDemo } from '../modules/demo/seed.js';
import { configuredProviders } from '../modules/rates/providers/index.js';
import { refreshRates } from '../modules/rates/refresh.js';
import type { RatesService } from '../modules/rates/service.js';
import type { SchedulesService } from '../modules/schedules/service.js';
import { oncePerTick } from './once-per-tick.js';
import { schedule, type ScheduledJob } from './schedule.js';

const DAY_MS = 86_400_000;

/** How often an instance looks whether today's demo reset has run (by any instance). */
const DEMO_CHECK_MS = 3_600_000;

/** Stops the job when the app closes, so tests and shutdowns leave no timer behind. */
function stopOnClose(app: FastifyInstance, job: ScheduledJob): void {
  app.addHook('onClose', (_instance, done) => {
    job.stop();
    done();
  });
}

/**
 * Registers the periodic work on the app: the demo reset (when configured), the rates refresh
 * and the posting of scheduled entries. Each runs once per tick across every instance on the
 * database (oncePerTick).
 */
export async function registerJobs(
  app: FastifyInstance,
  deps: { config: Config; db: Kysely<DB>; rates: RatesService; schedules?: SchedulesService },
): Promise<void> {
  const { config, db, rates } = deps;
  const demo = config.demo;
  if (demo !== undefined) {
    // The demo is rebuilt once every UTC day, whatever visitors did to it: at the first start of
    // the day, else by the first hourly check after midnight of any instance. The key names the
    // demo's e-mail, so a changed DEMO_EMAIL gets its user at the next start.
    const job = `demo-reset:${demo.email}`;
    const reset = () =>
      resetDemo(db, demo, Date.now()).then(
        () => app.log.info('demo data reset'),
        (err: unknown) => app.log.error({ err }, 'demo reset failed'),
      );
    const resetOnce = oncePerTick(db, job, DAY_MS, reset, app.log);
    await resetOnce();
    stopOnClose(app, schedule(resetOnce, DEMO_CHECK_MS, DEMO_CHECK_MS));
  }

  if (config.rates.refreshIntervalMs > 0) {
    const providers = configuredProviders(config.rates);
    // First refresh shortly after start, so a restart picks up days it missed.
    const interval = config.rates.refreshIntervalMs;
    const refresh = oncePerTick(db, 'rates-refresh', interval, () => refreshRates(rates, providers, app.log), app.log);
    stopOnClose(app, schedule(refresh, interval, 5_000));
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

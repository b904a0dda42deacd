import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import { resetDemo } from '../modules/demo/seed.js';
import { configuredProviders } from '../modules/rates/providers/index.js';
import { refreshRates } from '../modules/rates/refresh.js';
import type { RatesService } from '../modules/rates/service.js';
import { schedule, type ScheduledJob } from './schedule.js';

const DAY_MS = 86_400_000;

/** Stops the job when the app closes, so tests and shutdowns leave no timer behind. */
function stopOnClose(app: FastifyInstance, job: ScheduledJob): void {
  app.addHook('onClose', (_instance, done) => {
    job.stop();
    done();
  });
}

/** Registers the periodic work on the app: the demo reset (when configured) and the rates refresh. */
export async function registerJobs(
  app: FastifyInstance,
  deps: { config: Config; db: Kysely<DB>; rates: RatesService },
): Promise<void> {
  const { config, db, rates } = deps;
  const demo = config.demo;
  if (demo !== undefined) {
    // The demo starts fresh with every start and every day, whatever visitors did to it.
    await resetDemo(db, demo, Date.now());
    const reset = () =>
      resetDemo(db, demo, Date.now()).then(
        () => app.log.info('demo data reset'),
        (err: unknown) => app.log.error({ err }, 'demo reset failed'),
      );
    stopOnClose(app, schedule(reset, DAY_MS, DAY_MS));
  }

  if (config.rates.refreshIntervalMs > 0) {
    const providers = configuredProviders(config.rates);
    // First refresh shortly after start, so a restart picks up days it missed.
    stopOnClose(
      app,
      schedule(() => refreshRates(rates, providers, app.log), config.rates.refreshIntervalMs, 5_000),
    );
  }
}

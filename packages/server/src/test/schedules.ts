import type { Category, Schedule, ScheduleBody } from '@kassa/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { TestClient } from './client.js';
import { okJson } from './ledger.js';
import { CategoriesService } from '../modules/categories/service.js';
import { ConversionsService } from '../modules/conversions/service.js';
import { LedgerReader } from '../modules/ledger/reader.js';
import { bundledRates } from '../modules/rates/bundle.js';
import { RatesRepository } from '../modules/rates/repository.js';
import { RatesService } from '../modules/rates/service.js';
import { TransactionsService } from '../modules/transactions/service.js';
import { SchedulesService } from '../modules/schedules/service.js';

// Helpers of the schedules' tests: a service on its own clock (the job's days without waiting
// for them), and short ways to make categories and schedules through the API.

/** A clock the tests move; starts at the instant given. */
export class TestClock {
  constructor(public ms: number) {}
  set(iso: string): void {
    this.ms = Date.parse(iso);
  }
  readonly now = (): number => this.ms;
}

/** The schedules service as app.ts builds it, on `db` (one instance's handle), reading `clock`. */
export async function schedulesAt(db: Kysely<DB>, clock: TestClock): Promise<SchedulesService> {
  const rates = new RatesService(new RatesRepository(db), bundledRates());
  await rates.load();
  const ledger = new LedgerReader(db, () => rates.fingerprint());
  const transactions = new TransactionsService(db, new CategoriesService(db), rates, ledger, clock.now);
  return new SchedulesService(db, transactions, new ConversionsService(db, clock.now), ledger, clock.now);
}

export async function category(client: TestClient, name: string, isIncome = false): Promise<Category> {
  return okJson<Category>(await client.post('/api/category/add', { name, type: 'real', isIncome }));
}

export async function addSchedule(client: TestClient, body: ScheduleBody): Promise<Schedule> {
  return okJson<Schedule>(await client.post('/api/schedule/add', body));
}

/** A silent log for the job. */
export const quiet = { warn: (): void => undefined };

/**
 * Runs the process in another time zone (Node reads TZ again when it changes) and returns what
 * puts the previous one back: schedule dates must not move with the zone.
 */
export function useTimeZone(zone: string): () => void {
  const before = process.env['TZ'];
  process.env['TZ'] = zone;
  return () => {
    if (before === undefined) delete process.env['TZ'];
    else process.env['TZ'] = before;
  };
}

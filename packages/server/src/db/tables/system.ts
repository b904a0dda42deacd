import type { Generated } from 'kysely';

// Instance-wide tables: exchange rates, job ticks, the readiness probe.

export interface ExchangeRatesTable {
  /** "YYYY-MM-DD" (UTC) the rate was published for. */
  day: string;
  currency: string;
  /** Units of currency per 1 EUR, exact decimal text. */
  rate: string;
  /** Where it came from: "ecb", "currency-api", "import:<file>". */
  source: string;
  stored_at: number;
  /** The rates_version of the store that wrote the row (0: before versions were kept). */
  version: Generated<number>;
}

/** A scheduled job's tick claimed by an instance (migration 0017, jobs/once-per-tick.ts). */
export interface JobRunsTable {
  job: string;
  tick: number;
  instance: string;
  started_at: number;
}

/** The single row (id 1) counting stores of exchange rates (migration 0015). */
export interface RatesVersionTable {
  id: number;
  version: number;
  /** When the last rates refresh ran (migration 0031); null before the first. */
  refresh_at: number | null;
  /** Why it stored nothing (every feed's failure); null when it stored rates. */
  refresh_error: string | null;
  /** When a refresh last stored rates; null before the first that did. */
  refresh_ok_at: number | null;
}

/** One row (id 1) the readiness check rewrites: proof that writes are stored. */
export interface HealthProbeTable {
  id: number;
  checked_at: number;
}

/** A write named by an Idempotency-Key (migration 0039): its book, the first request's hash and answer. */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  /** Null while the first request runs. */
  status: number | null;
  content_type: string | null;
  answer: string | null;
  created_at: number;
}

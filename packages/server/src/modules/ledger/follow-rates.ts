import type { RatesService } from '../rates/service.js';
import type { LedgerReader } from './reader.js';

/** Every month: the background revaluation rolls up the whole history. */
const ALL_MONTHS = [0, Number.MAX_SAFE_INTEGER] as const;

/** The ledger's side of the rates: wait for what it does in the background. */
export interface RateFollower {
  /** Resolves when the background revaluation has nothing left to do (tests, benchmarks, shutdown). */
  idle(): Promise<void>;
  /** Resolves once the stored values are known to follow the current rates (cleared where they did not). */
  checked(): Promise<void>;
}

/**
 * Main-currency values of the ledger follow the rates: whenever rates are stored (here or, seen
 * by RatesService.catchUp, by another process), the values from the first changed day are
 * cleared (once: the process that finds the new table already remembered leaves them) and
 * revalued. With `revalue` (the server), that happens in the background right away, user by
 * user and a few months per transaction, so the first report after a new rate bundle reads
 * valued totals (issue 33); a report that comes first values what it reads itself, as before.
 * The CLI's rate commands only clear: the server takes the change up within a second and revalues.
 */
export function followRates(
  rates: RatesService,
  ledger: LedgerReader,
  revalue?: { onError: (err: unknown) => void },
): RateFollower {
  let running: Promise<void> = Promise.resolve();
  const revalueAll = async () => {
    for (const { userId, mainCurrency } of await ledger.mainValues.usersWithDirtyMonths()) {
      const converter = rates.mainConverter(mainCurrency);
      if (converter === undefined) continue;
      // A missing rate is the user's reports' error to show; the others' values go on.
      await ledger.settle(userId, converter, ALL_MONTHS).catch(revalue?.onError);
    }
  };
  const schedule = () => {
    if (revalue === undefined) return;
    running = running.then(revalueAll).catch(revalue.onError);
  };
  rates.onChange(async (fromDay) => {
    const fingerprint = await rates.fingerprint();
    if (!(await ledger.mainValues.remembers(fingerprint))) {
      await ledger.mainValues.clearFrom(fromDay);
      await ledger.mainValues.rememberRates(fingerprint);
    }
    schedule();
  });
  // The rate table may differ from the one the values were computed with (rates stored while the
  // server was down): the first settle clears them, and the revaluation follows at once.
  const checked = revalue === undefined ? Promise.resolve() : ledger.checkRates().catch(revalue.onError);
  if (revalue !== undefined) running = checked.then(revalueAll).catch(revalue.onError);
  return { idle: () => running, checked: () => checked };
}

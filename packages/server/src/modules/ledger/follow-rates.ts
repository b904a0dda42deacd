import type { RatesService } from '../rates/service.js';
import type { LedgerReader } from './reader.js';

/**
 * Main-currency values of the ledger follow the rates: whenever rates are stored (here or, seen
 * by RatesService.catchUp, by another process), the values from the first changed day are
 * cleared and revalued at the next report. The server and the CLI's rate commands both wire it.
 */
export function followRates(rates: RatesService, ledger: LedgerReader): void {
  rates.onChange(async (fromDay) => {
    await ledger.mainValues.clearFrom(fromDay);
    await ledger.mainValues.rememberRates(await rates.fingerprint());
  });
}

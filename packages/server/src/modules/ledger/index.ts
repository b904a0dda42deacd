// The ledger's one public face (docs/ARCHITECTURE.md): the read side, the write side, the row
// types, and the day and value helpers reports share. Code outside ledger/ imports only this
// file (the lint's ledger zone); tests may reach inside.

export { LedgerReader } from './reader.js';
export { LedgerWriter, type BatchOptions, type LedgerBatch } from './writer.js';
export type { MainValuation } from './write-values.js';
export { type RestoredColumns, type RowSource } from './row-store.js';
export { CONVERSION_COPY_COLUMNS, TRANSACTION_COPY_COLUMNS } from './stored-columns.js';
export {
  conversionFromColumns,
  statedPerCurrency,
  sharesFromColumn,
  transactionFromColumns,
  type Share,
  type ConversionRow,
  type FixpointRow,
  type StateRow,
  type TransactionRow,
} from './rows.js';
export { firstDayOfMonth, monthOfDay, type MonthRange } from './daily-totals.js';
export { roundScaled, SCALE, scaledValue } from './main-values.js';
export type { DayMeasures, FlowTotal, PerCurrency } from './flows.js';
export { convertedSums, type MainSum, type MainSumOptions } from './main-sums.js';
export type { MainFilter } from './main-filter.js';
export { invalidateHistory, type HistoryPoint } from './history-points.js';
export { LedgerRepository } from './repository.js';
export { followRates } from './follow-rates.js';

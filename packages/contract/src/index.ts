// Request types: `XBody` = z.input, what a client may send (defaults absent, text untrimmed);
// `X` (z.infer) is what the server holds once the schema has parsed it.
export * from './errors.js';
export * from './auth.js';
export * from './account.js';
export * from './health.js';
export * from './paths.js';
export * from './rates.js';
export * from './common.js';
export * from './currency.js';
export * from './pocket.js';
export * from './category.js';
export * from './transaction.js';
export * from './conversion.js';
export * from './fixpoint.js';
export * from './summaries.js';
export * from './analytics.js';
export * from './backup.js';
export * from './export.js';

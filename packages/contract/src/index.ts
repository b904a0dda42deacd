export * from './errors.js';
export * from './auth.js';
export * from './account.js';
export * from './health.js';
export * from './paths.js';
export * from './rates.js';

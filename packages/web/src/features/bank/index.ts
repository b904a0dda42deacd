import { lazy } from 'react';

// What other features may use of Bank connections (issue 35).

/**
 * manage/bank: the book's bank connections. Loaded on first opening (wrap it in Suspense), so
 * Manage's other tabs do not carry it.
 */
export const BankConnectionsTab = lazy(async () => ({
  default: (await import('./BankConnectionsTab')).BankConnectionsTab,
}));

/**
 * The dashboard's notice of a bank consent that lapses within a week or has lapsed, with
 * Reconnect. The dashboard loads this index after the page, keeping its first load small.
 */
export { ConsentNotice } from './ConsentNotice';

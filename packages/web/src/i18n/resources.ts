import type admin from './locales/en/admin.json';
import type analytics from './locales/en/analytics.json';
import type budgets from './locales/en/budgets.json';
import type common from './locales/en/common.json';
import type dashboard from './locales/en/dashboard.json';
import type help from './locales/en/help.json';
import type manage from './locales/en/manage.json';
import type operations from './locales/en/operations.json';
import type publicPages from './locales/en/public.json';
import type user from './locales/en/user.json';
import type transactions from './locales/en/transactions.json';
import type registration from './locales/en/registration.json';
import type search from './locales/en/search.json';
import type settleUp from './locales/en/settle-up.json';

/**
 * The namespaces and their English texts: what `t` accepts (issue 36). A new namespace adds its
 * English file here, and its feature registers the texts with `namespace()` (see index.ts).
 */
export interface Resources {
  admin: typeof admin;
  analytics: typeof analytics;
  budgets: typeof budgets;
  common: typeof common;
  dashboard: typeof dashboard;
  help: typeof help;
  manage: typeof manage;
  operations: typeof operations;
  public: typeof publicPages;
  user: typeof user;
  transactions: typeof transactions;
  registration: typeof registration;
  search: typeof search;
  'settle-up': typeof settleUp;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}

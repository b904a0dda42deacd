import type { RouteObject } from 'react-router';

/**
 * private/transactions, add-transaction/*, the transaction and conversion editors and the outbox's
 * decisions; loaded when first opened.
 */
export const transactionRoutes: RouteObject[] = [
  {
    path: 'transactions',
    lazy: async () => ({ Component: (await import('./list/TransactionListPage')).TransactionListPage }),
  },
  // Issue 36: the changes made offline that wait for a decision, and a refused one's form.
  {
    path: 'transactions/decisions',
    lazy: async () => ({ Component: (await import('./outbox/DecisionsPage')).DecisionsPage }),
  },
  {
    path: 'transactions/decisions/:key',
    lazy: async () => ({ Component: (await import('./outbox/EditEntryPage')).EditEntryPage }),
  },
  {
    path: 'add-transaction/*',
    lazy: async () => ({ Component: (await import('./AddTransactionPage')).AddTransactionPage }),
  },
  {
    path: 'edit-transaction/:id',
    lazy: async () => ({ Component: (await import('./EditTransactionPage')).EditTransactionPage }),
  },
  {
    path: 'edit-conversion/:id',
    lazy: async () => ({ Component: (await import('./EditConversionPage')).EditConversionPage }),
  },
];

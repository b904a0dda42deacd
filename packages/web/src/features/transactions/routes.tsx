import type { RouteObject } from 'react-router';

/** private/transactions, add-transaction/* and the transaction and conversion editors; loaded when first opened. */
export const transactionRoutes: RouteObject[] = [
  {
    path: 'transactions',
    lazy: async () => ({ Component: (await import('./list/TransactionListPage')).TransactionListPage }),
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

import type { RouteObject } from 'react-router';
import { AddTransactionPage } from './AddTransactionPage';
import { EditConversionPage } from './EditConversionPage';
import { EditTransactionPage } from './EditTransactionPage';
import { TransactionListPage } from './list/TransactionListPage';

/** private/transactions, add-transaction/* and the transaction and conversion editors. */
export const transactionRoutes: RouteObject[] = [
  { path: 'transactions', element: <TransactionListPage /> },
  { path: 'add-transaction/*', element: <AddTransactionPage /> },
  { path: 'edit-transaction/:id', element: <EditTransactionPage /> },
  { path: 'edit-conversion/:id', element: <EditConversionPage /> },
];

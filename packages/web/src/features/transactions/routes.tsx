import type { RouteObject } from 'react-router';
import { Placeholder } from '../../components/Placeholder';

/** private/transactions, add-transaction/* and the transaction and conversion editors. */
export const transactionRoutes: RouteObject[] = [
  { path: 'transactions', element: <Placeholder title="Transactions" /> },
  { path: 'add-transaction/*', element: <Placeholder title="Add transaction" /> },
  { path: 'edit-transaction/:id', element: <Placeholder title="Edit transaction" /> },
  { path: 'edit-conversion/:id', element: <Placeholder title="Edit conversion" /> },
];

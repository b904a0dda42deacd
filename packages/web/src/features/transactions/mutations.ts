import type { Conversion, Transaction } from '@kassa/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost, apiRequest } from '../../lib/api';
import { LEDGER_KEY, useRefreshLedger } from '../../app/ledger-refresh';
import type { ConversionPayload } from './ConversionForm';
import type { TransactionPayload } from './TransactionForm';

/** Transaction and conversion writes; each refreshes every ledger-derived view when done. */
export function useLedgerMutations() {
  const refresh = useRefreshLedger();
  const onSuccess = () => refresh();
  return {
    addTransaction: useMutation({
      mutationFn: (p: TransactionPayload) => apiPost<Transaction>('transaction/add', p),
      onSuccess,
    }),
    updateTransaction: useMutation({
      mutationFn: (p: TransactionPayload & { id: number }) => apiPost<Transaction>('transaction/update', p),
      onSuccess,
    }),
    deleteTransaction: useMutation({
      mutationFn: (id: number) => apiRequest<undefined>('DELETE', `transaction/delete/${id}`),
      onSuccess: (_: unknown, id: number) => refresh([LEDGER_KEY, 'transaction', id]),
    }),
    addConversion: useMutation({
      mutationFn: (p: ConversionPayload) => apiPost<Conversion>('conversion/add', p),
      onSuccess,
    }),
    updateConversion: useMutation({
      mutationFn: (p: ConversionPayload & { id: number }) => apiPost<Conversion>('conversion/update', p),
      onSuccess,
    }),
    deleteConversion: useMutation({
      mutationFn: (id: number) => apiRequest<undefined>('DELETE', `conversion/delete/${id}`),
      onSuccess: (_: unknown, id: number) => refresh([LEDGER_KEY, 'conversion', id]),
    }),
  };
}

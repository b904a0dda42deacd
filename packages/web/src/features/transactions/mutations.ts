import type { Conversion, ConversionBody, Transaction, TransactionBody } from '@kassa/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost, apiRequest } from '../../lib/api';
import { LEDGER_KEY, useRefreshLedger } from '../../app/ledger-refresh';

/**
 * Add, update and delete of one ledger entity (its `{entity}/add`, `/update` and `/delete/{id}`);
 * each refreshes every ledger-derived view when done. A delete spares the deleted item's own
 * query ([LEDGER_KEY, entity, id]), which would only answer 404.
 */
function useLedgerWrites<Saved, Payload>(entity: 'transaction' | 'conversion') {
  const refresh = useRefreshLedger();
  return {
    add: useMutation({
      mutationFn: (p: Payload) => apiPost<Saved>(`${entity}/add`, p),
      onSuccess: () => refresh(),
    }),
    update: useMutation({
      mutationFn: (p: Payload & { id: number }) => apiPost<Saved>(`${entity}/update`, p),
      onSuccess: () => refresh(),
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest<undefined>('DELETE', `${entity}/delete/${id}`),
      onSuccess: (_: unknown, id: number) => refresh([LEDGER_KEY, entity, id]),
    }),
  };
}

export type LedgerWrites<Saved, Payload> = ReturnType<typeof useLedgerWrites<Saved, Payload>>;

export const useTransactionWrites = () => useLedgerWrites<Transaction, TransactionBody>('transaction');
export const useConversionWrites = () => useLedgerWrites<Conversion, ConversionBody>('conversion');

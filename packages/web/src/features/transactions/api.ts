import type {
  Category,
  Conversion,
  Fixpoint,
  IntervalInput,
  MoneyAmount,
  Transaction,
  TransactionFilterBody,
} from '@kassa/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { LEDGER_KEY } from '../../app/ledger-refresh';
import { apiGet, apiPost } from '../../lib/api';

/** Rows per page of the transaction list: keyset paging keeps 10,000+ rows cheap to browse. */
export const PAGE_SIZE = 100;

/** Transactions newest first, a page at a time (POST transaction/getfiltered with limit and after). */
export function useTransactionPages(filter: TransactionFilterBody) {
  return useInfiniteQuery({
    queryKey: [LEDGER_KEY, 'transactions', filter],
    queryFn: ({ pageParam }) =>
      apiPost<Transaction[]>('transaction/getfiltered', {
        ...filter,
        limit: PAGE_SIZE,
        ...(pageParam === undefined ? {} : { after: pageParam }),
      }),
    initialPageParam: undefined as TransactionFilterBody['after'],
    getNextPageParam: (last) => {
      const tail = last.at(-1);
      return last.length < PAGE_SIZE || tail === undefined ? undefined : { time: tail.time, id: tail.id };
    },
  });
}

/** The converted sum of the filtered transactions (shown when exactly one direction is filtered). */
export function useConvertedSum(filter: TransactionFilterBody, enabled: boolean) {
  return useQuery({
    queryKey: [LEDGER_KEY, 'sum', filter],
    queryFn: () => apiPost<MoneyAmount>('transaction/getconvertedsum', filter),
    enabled,
  });
}

export function useConversionsBetween(interval: IntervalInput, enabled = true) {
  return useQuery({
    queryKey: [LEDGER_KEY, 'conversions', interval],
    queryFn: () => apiPost<Conversion[]>('conversion/getbetween', interval),
    enabled,
  });
}

export function useFixpointsBetween(interval: IntervalInput, enabled = true) {
  return useQuery({
    queryKey: [LEDGER_KEY, 'fixpoints', interval],
    queryFn: () => apiPost<Fixpoint[]>('fixpoint/getbetween', interval),
    enabled,
  });
}

export function useTransaction(id: number) {
  return useQuery({
    queryKey: [LEDGER_KEY, 'transaction', id],
    queryFn: () => apiGet<Transaction>(`transaction/getbyid/${id}`),
    retry: false,
  });
}

export function useConversion(id: number) {
  return useQuery({
    queryKey: [LEDGER_KEY, 'conversion', id],
    queryFn: () => apiGet<Conversion>(`conversion/getbyid/${id}`),
    retry: false,
  });
}

/** External categories (system ones) for the external tab. */
export function useExternalCategories() {
  return useQuery({
    queryKey: ['category', 'external'],
    queryFn: () => apiGet<Category[]>('category/get-external'),
    staleTime: Infinity,
  });
}

import type {
  AfterBody,
  BulkRequestBody,
  Category,
  Conversion,
  ConversionBody,
  Fixpoint,
  IntervalInput,
  MoneyAmount,
  PagedIntervalBody,
  Transaction,
  TransactionBody,
  TransactionFilterBody,
  Undoable,
} from '@kassa/contract';
import { useInfiniteQuery, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { MAX_LIST_ROWS } from '@kassa/contract/constants';
import { queryKeys } from '../../shared/query-keys';
import { apiGet, apiPost } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { useRefreshLedger } from '../../shared/ledger-refresh';
import { isQueued, writeOrQueue, type LedgerRow } from '../../shared/outbox';

/** Rows per page of the transaction list: keyset paging keeps 10,000+ rows cheap to browse. */
export const PAGE_SIZE = 100;

/** Transactions newest first, a page at a time (POST transaction/getfiltered with limit and after). */
export function useTransactionPages(filter: TransactionFilterBody) {
  return useInfiniteQuery({
    queryKey: queryKeys.transactionPages(filter),
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
    queryKey: queryKeys.convertedSum(filter),
    queryFn: () => apiPost<MoneyAmount>('transaction/getconvertedsum', filter),
    enabled,
  });
}

// Module-level, so the combined list keeps its identity while no answer changes.
const allRows = <T>(results: readonly { data?: T[] | undefined }[]): T[] => results.flatMap((r) => r.data ?? []);

/**
 * Every row of `{entity}/getbetween` in one span, newest first. A span is what ~100 transactions
 * cover, so one request of MAX_LIST_ROWS nearly always holds it; should a span hold more (a
 * ledger of conversions and few transactions), the server answers its first page and this asks
 * on after the last row, each request bounded, so the merged list never misses a row.
 */
async function wholeSpan<T extends { time: string; id: number }>(
  entity: 'conversion' | 'fixpoint',
  span: IntervalInput,
): Promise<T[]> {
  const rows: T[] = [];
  for (let after: AfterBody | undefined; ;) {
    const page = await apiPost<T[]>(`${entity}/getbetween`, {
      ...span,
      limit: MAX_LIST_ROWS,
      ...(after === undefined ? {} : { after }),
    } satisfies PagedIntervalBody);
    rows.push(...page);
    const tail = page.at(-1);
    if (page.length < MAX_LIST_ROWS || tail === undefined) return rows;
    after = { time: tail.time, id: tail.id };
  }
}

/** POST conversion/getbetween for each span, as one list (the spans do not overlap). */
export function useConversionsOver(spans: readonly IntervalInput[], enabled: boolean) {
  return useQueries({
    queries: spans.map((span) => ({
      queryKey: queryKeys.conversionsBetween(span),
      queryFn: () => wholeSpan<Conversion>('conversion', span),
      enabled,
    })),
    combine: allRows<Conversion>,
  });
}

/** POST fixpoint/getbetween for each span, as one list (the spans do not overlap). */
export function useFixpointsOver(spans: readonly IntervalInput[], enabled: boolean) {
  return useQueries({
    queries: spans.map((span) => ({
      queryKey: queryKeys.fixpointsBetween(span),
      queryFn: () => wholeSpan<Fixpoint>('fixpoint', span),
      enabled,
    })),
    combine: allRows<Fixpoint>,
  });
}

export function useTransaction(id: number) {
  return useQuery({
    queryKey: queryKeys.transaction(id),
    queryFn: () => apiGet<Transaction>(`transaction/getbyid/${id}`),
    retry: false,
  });
}

export function useConversion(id: number) {
  return useQuery({
    queryKey: queryKeys.conversion(id),
    queryFn: () => apiGet<Conversion>(`conversion/getbyid/${id}`),
    retry: false,
  });
}

/** External categories (system ones) for the external tab. */
export function useExternalCategories() {
  return useQuery({
    queryKey: queryKeys.externalCategories,
    queryFn: () => apiGet<Category[]>('category/get-external'),
    staleTime: Infinity,
  });
}

/**
 * Add, update and delete of one ledger entity (its `{entity}/add`, `/update` and `/delete/{id}`);
 * each refreshes every ledger-derived view when done. A delete spares the deleted item's own
 * query (queryKeys[entity](id)), which would only answer 404. Each goes through the outbox (issue
 * 36): offline it is kept on this device and answers Queued; an edit or delete kept there names
 * the version of the row it was made on. Mutations run offline too (networkMode 'always').
 */
function useLedgerWrites<Saved extends LedgerRow, Payload>(entity: 'transaction' | 'conversion') {
  const refresh = useRefreshLedger();
  const after = (answer: unknown, except?: readonly unknown[]) => (isQueued(answer) ? undefined : refresh(except));
  return {
    add: useMutation({
      mutationFn: (p: Payload) =>
        writeOrQueue<Saved>({
          kind: `${entity}-add`,
          request: () => ({ method: 'POST', path: `${entity}/add`, body: p }),
        }),
      onSuccess: (answer) => after(answer),
      networkMode: 'always',
    }),
    update: useMutation({
      mutationFn: ({ payload, before }: { payload: Payload & { id: number }; before: Saved }) =>
        writeOrQueue<Saved>({
          kind: `${entity}-update`,
          before,
          request: (queued) => ({
            method: 'POST',
            path: `${entity}/update`,
            body: queued ? { ...payload, version: before.version } : payload,
          }),
        }),
      onSuccess: (answer) => after(answer),
      networkMode: 'always',
    }),
    // The answer holds the token that undoes the delete (issue 20).
    remove: useMutation({
      mutationFn: (row: Saved) =>
        writeOrQueue<Undoable>({
          kind: `${entity}-delete`,
          before: row,
          request: (queued) => ({
            method: 'DELETE',
            path: `${entity}/delete/${row.id}${queued ? `?version=${row.version}` : ''}`,
          }),
        }),
      onSuccess: (answer, row) => after(answer, queryKeys[entity](row.id)),
      networkMode: 'always',
    }),
  };
}

export type LedgerWrites<Saved extends LedgerRow, Payload> = ReturnType<typeof useLedgerWrites<Saved, Payload>>;

export const useTransactionWrites = () => useLedgerWrites<Transaction, TransactionBody>('transaction');
export const useConversionWrites = () => useLedgerWrites<Conversion, ConversionBody>('conversion');

/** GET export/csv saved as a file: the rows the list's filter selects (`query` from toExportQuery). */
export function useExportCsv() {
  return useMutation({
    mutationFn: (query: string) =>
      downloadFile(
        `export/csv${query === '' ? '' : `?${query}`}`,
        `kassa-${new Date().toLocaleDateString('sv-SE')}.csv`,
      ),
  });
}

/** POST transaction/bulk: many transactions deleted or changed at once; refreshes every ledger view. */
export function useBulkEdit() {
  const refresh = useRefreshLedger();
  return useMutation({
    mutationFn: (body: BulkRequestBody) => apiPost<Undoable>('transaction/bulk', body),
    onSuccess: () => refresh(),
  });
}

/**
 * Every transaction matching the list's filter, newest first, read a bounded page at a time with
 * the same getfiltered paging the list uses ("select all N matching the filter").
 */
export async function allMatching(filter: TransactionFilterBody): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  for (let after: AfterBody | undefined; ;) {
    const page = await apiPost<Transaction[]>('transaction/getfiltered', {
      ...filter,
      limit: MAX_LIST_ROWS,
      ...(after === undefined ? {} : { after }),
    } satisfies TransactionFilterBody);
    rows.push(...page);
    const tail = page.at(-1);
    if (page.length < MAX_LIST_ROWS || tail === undefined) return rows;
    after = { time: tail.time, id: tail.id };
  }
}

/** "Select all matching the filter": collects every matching transaction (allMatching). */
export function useCollectMatching() {
  return useMutation({ mutationFn: (filter: TransactionFilterBody) => allMatching(filter) });
}

import type { Pocket } from '@kassa/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api';
import { queryKeys } from './query-keys';

/**
 * GET pocket/getall: every pocket, flat, for the pickers that offer them by currency (a statement's
 * pocket on the import screen, a bank account's on the bank screen); one cached list for both.
 */
export function usePocketList() {
  return useQuery({ queryKey: queryKeys.pocketList, queryFn: () => apiGet<Pocket[]>('pocket/getall') });
}

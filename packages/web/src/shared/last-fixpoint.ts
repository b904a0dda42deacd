import type { Fixpoint } from '@kassa/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api';
import { queryKeys } from './query-keys';

/** Spec §9: with no fixpoint at all (or before it loads, where a date is needed), the last one counts as 2020-01-01. */
export const DEFAULT_LAST_FIXPOINT = new Date(2020, 0, 1);

/** GET fixpoint/getlast: null when the user has no fixpoint. One cache entry for every screen that asks. */
export function useLastFixpoint() {
  return useQuery({
    queryKey: queryKeys.lastFixpoint,
    queryFn: () => apiGet<Fixpoint | null>('fixpoint/getlast'),
  });
}

/** The last fixpoint's time, DEFAULT_LAST_FIXPOINT until it loads or when there is none. */
export function useLastFixpointTime(): Date {
  const last = useLastFixpoint().data;
  return last ? new Date(last.time) : DEFAULT_LAST_FIXPOINT;
}

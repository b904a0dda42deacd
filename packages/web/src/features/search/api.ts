import type { SearchQueryBody, SearchResult } from '@kassa/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { queryKeys } from '../../shared/query-keys';

/** Results per "Load more". */
export const SEARCH_PAGE_SIZE = 50;

/** Matches of a search line, newest first, a page at a time (POST transaction/search with limit and after). */
export function useSearchPages(q: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.search(q),
    queryFn: ({ pageParam }) =>
      apiPost<SearchResult[]>('transaction/search', {
        q,
        limit: SEARCH_PAGE_SIZE,
        ...(pageParam === undefined ? {} : { after: pageParam }),
      } satisfies SearchQueryBody),
    initialPageParam: undefined as SearchQueryBody['after'],
    getNextPageParam: (last) => {
      const tail = last.at(-1);
      return last.length < SEARCH_PAGE_SIZE || tail === undefined
        ? undefined
        : { time: tail.time, id: tail.id, kind: tail.kind };
    },
    enabled: q.trim() !== '',
  });
}

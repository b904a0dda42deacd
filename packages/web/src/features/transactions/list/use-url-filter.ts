import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { quickRange } from '../../../components/interval';
import { fromSearch, toSearch, type FilterState } from './filter';

/**
 * The list's filter, kept in the URL's query (replaced, not pushed, on each change): the state and
 * its setter.
 */
export function useUrlFilter(): [FilterState, (next: FilterState) => void] {
  // Turning filters on starts with the last year.
  const [fallback] = useState(() => quickRange('1 Y'));
  const [search, setSearch] = useSearchParams();
  const query = search.toString();
  // The panel answers at once from its own state; the URL follows, and a URL changed from outside
  // (history back or forward, a link) replaces the state during render.
  const [filterState, setState] = useState(() => fromSearch(new URLSearchParams(query), fallback));
  const [previousQuery, setPreviousQuery] = useState(query);
  if (query !== previousQuery) {
    setPreviousQuery(query);
    if (query !== toSearch(filterState).toString()) setState(fromSearch(new URLSearchParams(query), fallback));
  }
  const setFilterState = (next: FilterState) => {
    const nextQuery = toSearch(next);
    setState(next);
    setSearch(nextQuery, { replace: true, preventScrollReset: true });
  };
  return [filterState, setFilterState];
}

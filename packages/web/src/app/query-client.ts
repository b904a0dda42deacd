import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { reportFailure } from '../shared/session';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** A query client whose failures all go through the spec §8 error catalogue. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (err, query) => reportFailure(err, { silent: query.meta?.silent }) }),
    mutationCache: new MutationCache({
      onError: (err, _vars, _ctx, mutation) => reportFailure(err, { silent: mutation.meta?.silent }),
    }),
    defaultOptions: {
      queries: {
        // A 4xx will answer the same again; only network trouble and 5xx earn one retry.
        retry: (failures, err) => failures < 1 && !(err instanceof ApiError && err.status < 500),
        refetchOnWindowFocus: false,
        // Offline a query still asks once: the service worker answers with the last answer it
        // kept (docs/DECISIONS.md, Installable app); 'online' would pause it with nothing shown.
        networkMode: 'offlineFirst',
      },
    },
  });
}

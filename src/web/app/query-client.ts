import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryFn, isUnauthorized } from '../lib/request';
import { AUTH_USER_KEY } from '../features/auth/api';

/**
 * Nothing is considered fresh or kept, no retries, no refetch on focus, no polling,
 * always refetch on mount and reconnect, and requests go out whatever the browser thinks of
 * its connection. Pages that need other caching (the article list) set it per query.
 */
export function createQueryClient() {
  // A 401 from any call means the session has ended (expired, or signed out elsewhere):
  // check again so the navigation and the route table follow.
  const onError = (err: unknown) => {
    if (isUnauthorized(err)) void client.invalidateQueries({ queryKey: AUTH_USER_KEY });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 0,
        gcTime: 0,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        refetchOnMount: 'always',
        refetchOnReconnect: 'always',
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  return client;
}

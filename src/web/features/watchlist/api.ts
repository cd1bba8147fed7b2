import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { nameKey } from '#shared/name-key';
import type { StarHorseBody, StarHorseResponse, WatchedHorse, WatchlistResponse } from '#shared/schemas/watchlist';
import { toast } from '#web/components/ui/use-toast';
import { apiJson, errorMessage, getJson } from '#web/lib/request';
import { AUTH_USER_KEY } from '../auth/api';

const WATCHLIST_KEY = ['/api/watchlist'] as const;

/**
 * The member's starred horses with their next runs; one read shared by every star on a page, never
 * in server-rendered HTML. Once signed out (or the account deleted) there is nothing to read: the
 * refetch that follows asks nothing of the server.
 */
export function useWatchlist() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: WATCHLIST_KEY,
    queryFn: () => (queryClient.getQueryData(AUTH_USER_KEY) ? getJson<WatchlistResponse>('/api/watchlist') : null),
    meta: { ssr: false },
  });
}

/** The watched row of a horse (names compared like the server does), if it is starred. */
export function watchedRow(list: WatchlistResponse | null | undefined, horseName: string): WatchedHorse | undefined {
  const key = nameKey(horseName);
  return list?.horses.find((h) => nameKey(h.horseName) === key);
}

/** A row shown at once while the star is saved; a negative id until the server's row replaces it. */
let pendingId = 0;

/**
 * Star or unstar with the change shown at once (optimistic): the list is updated before the
 * request, put back as it was if the request fails (with the server's message as a toast), and
 * read again once it settles.
 */
export function useToggleWatch() {
  const queryClient = useQueryClient();
  const change = (apply: (list: WatchlistResponse) => WatchlistResponse) => async () => {
    await queryClient.cancelQueries({ queryKey: WATCHLIST_KEY });
    const before = queryClient.getQueryData<WatchlistResponse | null>(WATCHLIST_KEY);
    if (before) queryClient.setQueryData<WatchlistResponse>(WATCHLIST_KEY, apply(before));
    return { before };
  };
  const settle = {
    onError: (err: unknown, _vars: unknown, context: { before: WatchlistResponse | null | undefined } | undefined) => {
      if (context?.before) queryClient.setQueryData(WATCHLIST_KEY, context.before);
      toast({
        title: 'Watch list not changed',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY }),
  };
  const star = useMutation({
    mutationFn: (horseName: string) =>
      apiJson<StarHorseResponse>('POST', '/api/watchlist', { horseName } satisfies StarHorseBody),
    onMutate: (horseName: string) =>
      change((list) => ({
        ...list,
        horses: [{ id: --pendingId, horseName, createdAt: new Date().toISOString(), nextRun: null }, ...list.horses],
      }))(),
    ...settle,
  });
  const unstar = useMutation({
    mutationFn: (row: WatchedHorse) => apiJson<{ message: string }>('DELETE', `/api/watchlist/${row.id}`),
    onMutate: (row: WatchedHorse) =>
      change((list) => ({ ...list, horses: list.horses.filter((h) => h.id !== row.id) }))(),
    ...settle,
  });
  return { star, unstar };
}

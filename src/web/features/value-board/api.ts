import { useQuery } from '@tanstack/react-query';
import type { ValueBoard } from '#shared/schemas/value-board';
import { VALUE_NOW_KEY } from '#web/lib/query-keys';
import { getJson } from '#web/lib/request';

/** Races go off with no event to say so: the board is read again this often to move them down. */
const OFF_CHECK_MS = 60_000;

/** Today's value board (members); reloaded by the race-card event stream. */
export function useValueBoard() {
  return useQuery({
    queryKey: VALUE_NOW_KEY,
    queryFn: () => getJson<ValueBoard>('/api/value-now'),
    refetchInterval: OFF_CHECK_MS,
  });
}

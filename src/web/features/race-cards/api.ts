import { useQuery } from '@tanstack/react-query';
import type { Weekday } from '#shared/london-time';
import type { RaceCard, RaceCardsByDay, RaceCardsMetadata } from '#shared/schemas/race-cards';
import { ApiError, getJson } from '#web/lib/request';

export const RACE_CARDS_METADATA_KEY = ['race-cards', 'metadata'] as const;
export const RACE_CARDS_SELECTED_KEY = ['race-cards', 'selected'] as const;
export const DEFAULT_WEEKDAY_KEY = ['race-cards', 'default-weekday'] as const;
export const RACE_LISTS_KEY = ['race-cards', 'by-day'] as const;
/** One race's card read on its own (the tips' prices): ['race-cards', 'race', id]. */
export const RACE_CARD_KEY = ['race-cards', 'race'] as const;
const WORKING_WEEKDAY_KEY = ['race-cards', 'working-weekday'] as const;

/** GET /api/vbg-race-cards: the lists offered to the tool pages, fresh for 30 s. */
export function useRaceLists() {
  return useQuery({
    queryKey: RACE_LISTS_KEY,
    queryFn: () => getJson<RaceCardsByDay>('/api/vbg-race-cards'),
    staleTime: 30_000,
  });
}

/** The admin view re-reads the metadata every 10 minutes. */
export const ADMIN_METADATA_REFRESH_MS = 600_000;

function fetchMetadata(): Promise<RaceCardsMetadata> {
  const t = Date.now();
  return getJson<RaceCardsMetadata>(`/api/vbg-race-cards-metadata?t=${t}`);
}

/** Metadata of every weekday, re-read when the window regains focus. */
export function useRaceCardsMetadata(options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: RACE_CARDS_METADATA_KEY,
    queryFn: fetchMetadata,
    refetchOnWindowFocus: true,
    refetchInterval: options.refetchInterval ?? false,
  });
}

/** The administrator's default weekday, or null when none is set (or the call is not there yet). */
export function useDefaultWeekday() {
  return useQuery({
    queryKey: DEFAULT_WEEKDAY_KEY,
    queryFn: async () => {
      try {
        const body = await getJson<{ value?: unknown }>('/api/admin-settings/default-weekday');
        return typeof body?.value === 'string' ? body.value : null;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

/** Admin: the weekday tab the morning stages start on (the last workbook's, while ahead; else today's). */
export function useWorkingWeekday() {
  return useQuery({
    queryKey: WORKING_WEEKDAY_KEY,
    queryFn: async () => (await getJson<{ weekday: Weekday }>('/api/vbg-race-cards/working-weekday')).weekday,
    staleTime: Infinity,
  });
}

export function fetchRace(id: number): Promise<RaceCard> {
  const t = Date.now();
  return getJson<RaceCard>(`/api/vbg-race-cards/race/${id}?v=${t}&t=${t}`);
}

/** The selected races, fetched in parallel; any one failure empties the list (logged only). */
export function useSelectedRaces(ids: readonly number[]) {
  return useQuery({
    queryKey: [...RACE_CARDS_SELECTED_KEY, ...ids],
    enabled: ids.length > 0,
    queryFn: async (): Promise<RaceCard[]> => {
      try {
        return await Promise.all(ids.map(fetchRace));
      } catch (err) {
        console.error('Failed to fetch race', err);
        return [];
      }
    },
  });
}

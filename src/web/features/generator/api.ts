import { useQuery } from '@tanstack/react-query';
import type { RaceCardsByDay } from '../../../shared/schemas/race-cards';
import { getJson } from '../../lib/request';

export const GENERATOR_RACES_KEY = ['race-cards', 'by-day'] as const;

/** GET /api/vbg-race-cards: the lists offered to the tool pages, fresh for 30 s (spec 02 §7, §9). */
export function useRaceLists() {
  return useQuery({
    queryKey: GENERATOR_RACES_KEY,
    queryFn: () => getJson<RaceCardsByDay>('/api/vbg-race-cards') as Promise<RaceCardsByDay>,
    staleTime: 30_000,
  });
}

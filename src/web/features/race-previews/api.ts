import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminActionResult } from '#shared/schemas/tips';
import { apiJson, getJson } from '#web/lib/request';
import { DAILY_TIPS_KEY } from '#web/lib/query-keys';

/** One race's preview PDF of today (GET /api/race-previews). */
export interface RacePreview {
  id: number;
  raceTime: string;
  course: string;
  isFeature: boolean;
  url: string;
}

/** What splitting, clearing or refreshing the day's previews did. */
export interface PreviewsResult {
  message: string;
  count: number;
}

export interface MasterCheck {
  found: boolean;
  message: string;
}

const RACE_PREVIEWS_KEY = ['/api/race-previews'] as const;
const ADMIN_RACE_PREVIEWS_KEY = ['/api/race-previews', 'admin'] as const;

export function useRacePreviews() {
  return useQuery({
    queryKey: RACE_PREVIEWS_KEY,
    queryFn: async () => (await getJson<RacePreview[]>('/api/race-previews')) ?? [],
  });
}

/** Admin: every preview of today, marked when no race on today's cards matches it (members never see those). */
export function useAdminRacePreviews() {
  return useQuery({
    queryKey: ADMIN_RACE_PREVIEWS_KEY,
    queryFn: async () =>
      (await getJson<Array<RacePreview & { matchesRace: boolean }>>('/api/admin/race-previews')) ?? [],
  });
}

function useRefreshing<TArg, TResult>(fn: (arg: TArg) => Promise<TResult>, alsoTips = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: RACE_PREVIEWS_KEY });
      if (alsoTips) await queryClient.invalidateQueries({ queryKey: DAILY_TIPS_KEY });
    },
  });
}

export function useUploadMasterPdf() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('pdf', file, file.name);
      return apiJson<AdminActionResult>('POST', '/api/admin/upload-master-pdf', form);
    },
  });
}

/** A button press, not a cached query: the answer is shown once, as the server gave it. */
export function useCheckMasterPdf() {
  return useMutation({ mutationFn: () => getJson<MasterCheck>('/api/check-master-pdf') });
}

/** Splits the waiting master PDF into one preview per race. */
export const useSplitMasterPdf = () => useRefreshing(() => apiJson<PreviewsResult>('POST', '/api/process-master-pdf'));
export const useClearPdfs = () => useRefreshing(() => apiJson<PreviewsResult>('POST', '/api/clear-pdfs'));
/** Splits a waiting master PDF, or says which previews are live; the daily tips are read again too. */
export const useRefreshDailyContent = () =>
  useRefreshing(() => apiJson<PreviewsResult>('POST', '/api/process-daily-content'), true);

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentUploadBody, DailyTips, HistoricalTips, PublishTipsResult } from '#shared/schemas/tips';
import { DAILY_TIPS_KEY } from '#web/lib/query-keys';
import { ApiError, apiJson, getJson } from '#web/lib/request';

export function useDailyTips() {
  return useQuery({ queryKey: DAILY_TIPS_KEY, queryFn: () => getJson<DailyTips>('/api/daily-tips') });
}

/**
 * null when there are no tips for that day (404), so the page can say so. `membersOnly` (today's
 * and later days, DESIGN decision 10): never read by the server render, so never in HTML.
 */
export function useHistoricalTips(date: string, { membersOnly = false } = {}) {
  return useQuery({
    queryKey: ['/api/historical-tips', date],
    meta: membersOnly ? { ssr: false } : undefined,
    queryFn: async () => {
      try {
        return await getJson<HistoricalTips>(`/api/historical-tips/${encodeURIComponent(date)}`);
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
        throw err;
      }
    },
  });
}

export function usePublishTips() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContentUploadBody) => apiJson<PublishTipsResult>('POST', '/api/secure-content-upload', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DAILY_TIPS_KEY }),
  });
}

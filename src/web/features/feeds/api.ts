import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedProvider } from '#shared/racing-feeds';
import type { BspUploadAnswer, FeedRunAnswer, FeedsAnswer } from '#shared/schemas/feeds';
import { apiJson, getJson } from '#web/lib/request';

const FEEDS_KEY = ['/api/admin/feeds'] as const;
/** The poller runs on its own: the panel re-reads its status while open. */
const FEEDS_REFRESH_MS = 15_000;

/** Admin: each feed's state, last success, next attempt, message and unmatched names. */
export function useFeeds() {
  return useQuery({
    queryKey: FEEDS_KEY,
    queryFn: () => getJson<FeedsAnswer>('/api/admin/feeds'),
    refetchInterval: FEEDS_REFRESH_MS,
  });
}

/** Admin: one poll of a feed now. A failed feed rejects with its message (502); its status is re-read either way. */
export function useRunFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: FeedProvider) => apiJson<FeedRunAnswer>('POST', `/api/admin/feeds/${provider}/run`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FEEDS_KEY }),
  });
}

/** Admin: a day's BSP win file and, optionally, its place file. */
export function useUploadBsp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ win, place }: { win: File; place: File | null }) => {
      const form = new FormData();
      form.append('winFile', win, win.name);
      if (place) form.append('placeFile', place, place.name);
      return apiJson<BspUploadAnswer>('POST', '/api/admin/feeds/bsp', form);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FEEDS_KEY }),
  });
}

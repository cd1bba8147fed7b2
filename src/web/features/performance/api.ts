import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PerformanceActionResult,
  ResultsResponse,
  SettleBody,
  TipEditBody,
  TipRecord,
  TipRecordBody,
} from '#shared/schemas/performance';
import type { RecordDays } from '#shared/proofing/record-json';
import { apiJson, getJson } from '#web/lib/request';

const HISTORY_KEY = ['/api/daily-performance-history'] as const;
const RESULTS_KEY = ['/api/results'] as const;

/** Admin: every tip record, newest day first. */
export function usePerformanceHistory() {
  return useQuery({
    queryKey: HISTORY_KEY,
    queryFn: async () => (await getJson<TipRecord[]>('/api/daily-performance-history')) ?? [],
  });
}

/** Public: the settled record and its stats. */
export function useResults() {
  return useQuery({
    queryKey: RESULTS_KEY,
    queryFn: () => getJson<ResultsResponse>('/api/results'),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
      queryClient.invalidateQueries({ queryKey: RESULTS_KEY }),
    ]);
}

export interface RecordOutcome {
  /** Each saved entry with the server's message (it says when a pending tip was replaced). */
  saved: Array<{ entry: TipRecordBody; message: string }>;
  failures: Array<{ entry: TipRecordBody; error: unknown }>;
}

/**
 * One call per filled selection. Every entry is tried, so one refusal (say a
 * duplicate) does not stop the others; the history refreshes once all have answered.
 */
export function useRecordTips() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (entries: TipRecordBody[]): Promise<RecordOutcome> => {
      const outcome: RecordOutcome = { saved: [], failures: [] };
      for (const entry of entries) {
        try {
          const result = await apiJson<PerformanceActionResult>('POST', '/api/admin/back-catalogue-entry', entry);
          outcome.saved.push({ entry, message: result.message });
        } catch (error) {
          outcome.failures.push({ entry, error });
        }
      }
      return outcome;
    },
    onSettled: refresh,
  });
}

export function useAutoPopulate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (date: string) =>
      apiJson<PerformanceActionResult>('POST', '/api/admin/auto-populate-performance', { date }),
    onSettled: refresh,
  });
}

export function useSettleTip() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: SettleBody & { id: number }) =>
      apiJson<PerformanceActionResult>('POST', `/api/admin/tip-records/${id}/settle`, body),
    onSettled: refresh,
  });
}

/** PUT /api/admin/tip-records/{id}: a pending tip's race, horse and odds. */
export function useEditTip() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: TipEditBody & { id: number }) =>
      apiJson<PerformanceActionResult>('PUT', `/api/admin/tip-records/${id}`, body),
    onSettled: refresh,
  });
}

/** DELETE /api/admin/tip-records/{id}: a pending tip (a settled one stays on the record: 409). */
export function useDeleteTip() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiJson<PerformanceActionResult>('DELETE', `/api/admin/tip-records/${id}`),
    onSettled: refresh,
  });
}

/**
 * Public: the days with receipts, each with the state of its time-stamp (the /record page). Kept
 * here with the record's other public read, not beside the admin's proofing status: a module shared
 * by a public page and an admin panel made the bundler split the query client out of the entry
 * (1.3 KB more on every public page).
 */
export function useRecordDays() {
  return useQuery({ queryKey: ['/api/record'], queryFn: () => getJson<RecordDays>('/api/record') });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalibrationResponse, RaceResultsAnswer, RaceResultsBody, RaceResultsRefusal } from '#shared/schemas/race-results';
import { ApiError, apiJson, errorMessage, getJson } from '#web/lib/request';

const CALIBRATION_KEY = ['/api/value-calibration'] as const;

/** Public: the calibration of past days' results (issue 20). */
export function useCalibration() {
  return useQuery({
    queryKey: CALIBRATION_KEY,
    queryFn: () => getJson<CalibrationResponse>('/api/value-calibration'),
  });
}

export type EnterOutcome = { ok: true; answer: RaceResultsAnswer } | { ok: false; refusal: RaceResultsRefusal };

/**
 * Admin: the day's results. A refusal (unreadable lines, unknown horses) is an outcome to show
 * line by line, not an error; only a network or server failure rejects.
 */
export function useEnterResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RaceResultsBody): Promise<EnterOutcome> => {
      try {
        return { ok: true, answer: await apiJson<RaceResultsAnswer>('POST', '/api/admin/race-results', body) };
      } catch (err) {
        if (!(err instanceof ApiError) || err.status >= 500) throw err;
        let unmatched: RaceResultsRefusal['unmatched'] = [];
        try {
          unmatched = (JSON.parse(err.bodyText) as Partial<RaceResultsRefusal>).unmatched ?? [];
        } catch {
          // not JSON: the message alone
        }
        return { ok: false, refusal: { message: errorMessage(err, 'The results were not saved'), unmatched } };
      }
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CALIBRATION_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/daily-performance-history'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/results'] }),
      ]),
  });
}

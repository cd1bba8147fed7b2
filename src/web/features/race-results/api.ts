import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CalibrationResponse,
  RaceResultsAnswer,
  RaceResultsBody,
  RescoreAnswer,
} from '#shared/schemas/race-results';
import { sendPaste } from '#web/lib/paste';
import { apiJson, getJson } from '#web/lib/request';

const CALIBRATION_KEY = ['/api/value-calibration'] as const;

/** Public: the calibration of past days' results. */
export function useCalibration() {
  return useQuery({
    queryKey: CALIBRATION_KEY,
    queryFn: () => getJson<CalibrationResponse>('/api/value-calibration'),
  });
}

/** Admin: the day's results; a refusal lists each line's problem. */
export function useEnterResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RaceResultsBody) =>
      sendPaste<RaceResultsAnswer>('/api/admin/race-results', body, 'The results were not saved'),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CALIBRATION_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/daily-performance-history'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/results'] }),
      ]),
  });
}

/** Admin: the nightly scoring of the tissue against the market, now. */
export function useRescoreTissue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<RescoreAnswer>('POST', '/api/admin/value-calibration/rescore', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALIBRATION_KEY }),
  });
}

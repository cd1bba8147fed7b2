import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EachWayChange } from '#shared/my-bets';
import type { MyBet, MyBetsResponse, NewBetBody } from '#shared/schemas/my-bets';
import { apiJson, getJson } from '#web/lib/request';

const MY_BETS_KEY = ['/api/my-bets'] as const;

/** The member's own bets, settled from the results (decision 0031); never in server-rendered HTML. */
export function useMyBets() {
  return useQuery({
    queryKey: MY_BETS_KEY,
    queryFn: () => getJson<MyBetsResponse>('/api/my-bets'),
    meta: { ssr: false },
  });
}

export function useLogBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewBetBody) => apiJson<{ message: string; bet: MyBet }>('POST', '/api/my-bets', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_BETS_KEY }),
  });
}

export function useDeleteBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<{ message: string }>('DELETE', `/api/my-bets/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_BETS_KEY }),
  });
}

const EACH_WAY_NOTICE_KEY = ['/api/my-bets/each-way-notice'] as const;

/** The one-off notice of how the each-way reading changed the member's record (null: nothing to tell). */
export function useEachWayNotice() {
  return useQuery({
    queryKey: EACH_WAY_NOTICE_KEY,
    queryFn: () => getJson<{ notice: EachWayChange | null }>('/api/my-bets/each-way-notice'),
    meta: { ssr: false },
  });
}

export function useDismissEachWayNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ message: string }>('POST', '/api/my-bets/each-way-notice/dismiss'),
    onSuccess: () => queryClient.setQueryData(EACH_WAY_NOTICE_KEY, { notice: null }),
  });
}

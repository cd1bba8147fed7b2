import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PricesAnswer, PricesBody } from '#shared/schemas/prices';
import { VALUE_NOW_KEY } from '#web/lib/query-keys';
import { sendPaste } from '#web/lib/paste';

/** Admin: price changes through the day; a refusal lists each line's problem. */
export function useSavePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PricesBody) => sendPaste<PricesAnswer>('/api/admin/prices', body, 'The prices were not saved'),
    // Every open page hears of it through the race-card events; the admin's own tab reloads here too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VALUE_NOW_KEY }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PricesAnswer, PricesBody, PricesRefusal } from '#shared/schemas/prices';
import { VALUE_NOW_KEY } from '#web/lib/query-keys';
import { ApiError, apiJson, errorMessage } from '#web/lib/request';

export type PricesOutcome = { ok: true; answer: PricesAnswer } | { ok: false; refusal: PricesRefusal };

/**
 * Admin: price changes through the day. A refusal (unreadable lines, unknown horses) is an outcome
 * to show line by line, not an error; only a network or server failure rejects.
 */
export function useSavePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PricesBody): Promise<PricesOutcome> => {
      try {
        return { ok: true, answer: await apiJson<PricesAnswer>('POST', '/api/admin/prices', body) };
      } catch (err) {
        if (!(err instanceof ApiError) || err.status >= 500) throw err;
        let unmatched: PricesRefusal['unmatched'] = [];
        try {
          unmatched = (JSON.parse(err.bodyText) as Partial<PricesRefusal>).unmatched ?? [];
        } catch {
          // not JSON: the message alone
        }
        return { ok: false, refusal: { message: errorMessage(err, 'The prices were not saved'), unmatched } };
      }
    },
    // Every open page hears of it through the race-card events; the admin's own tab reloads here too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VALUE_NOW_KEY }),
  });
}

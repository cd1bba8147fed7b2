import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatOdds, type OddsFormat } from '#shared/odds-format';
import type { CurrentUser } from '#shared/schemas/auth';
import { apiJson } from '#web/lib/request';
import { AUTH_USER_KEY, useCurrentUser } from '../auth/api';

/**
 * The signed-in member's odds format (decision 0030); fractional for visitors. Read from the user
 * already known: a part drawn when a live event arrives must not send each open page to the server.
 */
export function useOddsFormat(): OddsFormat {
  return useCurrentUser({ refetchOnMount: false }).data?.oddsFormat ?? 'fractional';
}

/** Odds as text in the member's format. */
export function useFormatOdds(): (odds: string | number | null | undefined) => string {
  const format = useOddsFormat();
  return (odds) => formatOdds(odds, format);
}

export function useSetOddsFormat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (oddsFormat: OddsFormat) =>
      apiJson<{ message: string; oddsFormat: OddsFormat }>('PUT', '/api/odds-format', { oddsFormat }),
    onSuccess: (result) => {
      queryClient.setQueryData<CurrentUser | null>(AUTH_USER_KEY, (u) =>
        u ? { ...u, oddsFormat: result.oddsFormat } : u,
      );
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertSettings, AlertSettingsAnswer, PushPublicKeyAnswer } from '#shared/schemas/alerts';
import type { CurrentUser } from '#shared/schemas/auth';
import { apiJson, getJson } from '#web/lib/request';
import { AUTH_USER_KEY } from '../auth/api';

const ALERT_SETTINGS_KEY = ['/api/alert-settings'] as const;

/**
 * The member's alert choices and how many devices take push; never in server-rendered HTML. Asked
 * only while a member is signed in, judged when it would be fetched: signing out or deleting the
 * account refetches every query, and this one must not ask again as nobody.
 */
export function useAlertSettings() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ALERT_SETTINGS_KEY,
    queryFn: () => getJson<AlertSettingsAnswer>('/api/alert-settings'),
    enabled: () => {
      const user = queryClient.getQueryData<CurrentUser | null>(AUTH_USER_KEY);
      return Boolean(user && (user.role === 'admin' || user.hasMemberAccess));
    },
    meta: { ssr: false },
  });
}

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AlertSettings) =>
      apiJson<{ message: string; settings: AlertSettingsAnswer }>('PUT', '/api/alert-settings', settings),
    onSuccess: (result) => queryClient.setQueryData(ALERT_SETTINGS_KEY, result.settings),
  });
}

export const pushPublicKey = () => apiJson<PushPublicKeyAnswer>('GET', '/api/push/public-key');

/** Adds or removes this browser's push subscription; the device count is read again. */
export function useDevicePush() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ALERT_SETTINGS_KEY });
  return {
    subscribe: (subscription: PushSubscriptionJSON) =>
      apiJson<{ message: string }>('POST', '/api/push/subscriptions', subscription).finally(refresh),
    unsubscribe: (endpoint: string) =>
      apiJson<{ message: string }>('DELETE', '/api/push/subscriptions', { endpoint }).finally(refresh),
  };
}

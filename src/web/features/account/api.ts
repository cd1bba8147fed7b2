import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelReason } from '#shared/cancel-reasons';
import type { EmailPauseResponse } from '#shared/schemas/account';
import { apiJson } from '#web/lib/request';
import { clearBrowserStorage } from '#web/lib/storage';
import { AUTH_USER_KEY } from '../auth/api';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiJson<{ message: string }>('POST', '/api/change-password', input),
  });
}

/** Cancels at the end of the period, with the member's reason if they gave one; the user is refetched afterwards so the tab shows the end date. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (why: { reason?: CancelReason; comment?: string }) =>
      apiJson<{ message?: string }>('POST', '/api/cancel-subscription', why),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
  });
}

/** Undoes a cancellation before the end date (decision 0018); the user is refetched afterwards. */
export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ message: string }>('POST', '/api/resume-subscription'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
  });
}

/** Deletes the signed-in account; afterwards nothing cached as that person is kept. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiJson<{ message: string }>('DELETE', '/api/my-account', { password }),
    onSuccess: async () => {
      clearBrowserStorage();
      queryClient.setQueryData(AUTH_USER_KEY, null);
      await queryClient.invalidateQueries();
    },
  });
}

/** Pauses member e-mails (days or until a date), or ends the pause (null); the user is read again. */
export function useEmailPause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: { days: number } | { until: string } | null) =>
      choice
        ? apiJson<EmailPauseResponse>('POST', '/api/my-email-pause', choice)
        : apiJson<EmailPauseResponse>('DELETE', '/api/my-email-pause'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
  });
}

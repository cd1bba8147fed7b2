import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '#web/lib/request';
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

/** Cancels at the end of the period; the user is refetched afterwards (spec 01 §7). */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ message?: string }>('POST', '/api/cancel-subscription'),
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

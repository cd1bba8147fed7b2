import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutResponse, CheckoutSessionLookup, GrantableType, MemberRow, MembersResponse, UrlResponse } from '#shared/schemas/billing';
import type { CurrentUser } from '#shared/schemas/auth';
import type { BusinessFigures } from '#shared/business-figures';
import { ApiError, apiJson, errorMessage, getJson } from '#web/lib/request';

/**
 * Spec 01 §8: a non-OK answer is a checkout failure (the ApiError carries the server's message),
 * an answer without a url is "No checkout URL received".
 */
export async function createCheckoutSession(email: string): Promise<string> {
  const body = await apiJson<CheckoutResponse>('POST', '/api/create-checkout-session', { email });
  if (!body?.url) throw new Error('No checkout URL received');
  return body.url;
}

/** The Subscription Failed toast's text for an error of createCheckoutSession. */
export function checkoutErrorText(err: unknown): string {
  if (err instanceof ApiError) return errorMessage(err, 'Failed to create checkout session');
  if (err instanceof Error && err.message && !(err instanceof TypeError)) return err.message;
  return 'Something went wrong. Please try again.';
}

/** Where a buyer with an account goes after paying: the subscription tab of My Account. */
export const ACCOUNT_SUBSCRIPTION_PATH = '/my-account?tab=subscription';

export function useCheckoutSession(sessionId: string | null) {
  return useQuery({
    queryKey: ['/api/checkout-session', sessionId],
    queryFn: () => getJson<CheckoutSessionLookup>(`/api/checkout-session/${encodeURIComponent(sessionId!)}`),
    enabled: !!sessionId,
    // Stripe's redirect can beat its own webhook by a moment; the server re-reads, then we retry briefly.
    retry: (count, err) => count < 2 && err instanceof ApiError && err.status === 404,
    retryDelay: 1500,
  });
}

export interface SetPasswordResult {
  success: boolean;
  message: string;
  user: CurrentUser;
}

export function useSetPassword() {
  return useMutation({
    mutationFn: (input: { session_id: string; password: string }) => apiJson<SetPasswordResult>('POST', '/api/set-password', input),
  });
}

export function useBillingPortal() {
  return useMutation({ mutationFn: () => apiJson<UrlResponse>('POST', '/api/billing-portal') });
}

// ---- admin: members ----
export interface MembersFilter {
  search: string;
  status: string;
  type: string;
}

const MEMBERS_KEY = '/api/admin/members';

export function useMembers(filter: MembersFilter) {
  const params = new URLSearchParams();
  if (filter.search.trim()) params.set('search', filter.search.trim());
  if (filter.status) params.set('status', filter.status);
  if (filter.type) params.set('type', filter.type);
  const qs = params.toString();
  return useQuery({
    queryKey: [MEMBERS_KEY, qs],
    queryFn: () => getJson<MembersResponse>(`${MEMBERS_KEY}${qs ? `?${qs}` : ''}`),
    placeholderData: (previous) => previous,
  });
}

interface MemberChange {
  success: boolean;
  message: string;
  member: MemberRow;
}

export function useGrantMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; type: GrantableType; endDate?: string }) =>
      apiJson<MemberChange>('POST', `${MEMBERS_KEY}/${input.id}/grant`, { type: input.type, ...(input.endDate ? { endDate: input.endDate } : {}) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [MEMBERS_KEY] }),
  });
}

export function useRevokeMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<MemberChange>('POST', `${MEMBERS_KEY}/${id}/revoke`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [MEMBERS_KEY] }),
  });
}

/** The owner's numbers (admin only; read fresh each time the tab opens). */
export function useBusinessFigures() {
  return useQuery<BusinessFigures | null>({ queryKey: ['/api/admin/business'], staleTime: 0 });
}

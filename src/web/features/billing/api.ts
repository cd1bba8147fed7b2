import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckoutResponse,
  CheckoutSessionLookup,
  GrantableType,
  MemberRow,
  MembersResponse,
  PriceChangeBody,
  PriceChangeResponse,
  PriceChangesResponse,
  RefundablePaymentsResponse,
  RefundInput,
  RefundResponse,
  RefundsResponse,
  UrlResponse,
} from '#shared/schemas/billing';
import type { ConsentField, Plan } from '#shared/consent';
import type { CurrentUser } from '#shared/schemas/auth';
import type { BusinessFigures } from '#shared/business-figures';
import { ApiError, apiJson, errorMessage, getJson } from '#web/lib/request';

/** What the subscribe form sends: the e-mail (ignored when signed in), the plan and the three boxes. */
type CheckoutInput = { email: string; plan: Plan } & Record<ConsentField, boolean>;

/**
 * A non-OK answer is a checkout failure (the ApiError carries the server's message),
 * an answer without a url is "No checkout URL received".
 */
export async function createCheckoutSession(input: CheckoutInput): Promise<string> {
  const body = await apiJson<CheckoutResponse>('POST', '/api/create-checkout-session', input);
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
    // Stripe's redirect can beat its own webhook by a moment; the server re-reads, then the browser
    // retries briefly (a server render answers at once: it has re-read the provider already).
    retry: (count, err) => typeof window !== 'undefined' && count < 2 && err instanceof ApiError && err.status === 404,
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
    mutationFn: (input: { session_id: string; password: string }) =>
      apiJson<SetPasswordResult>('POST', '/api/set-password', input),
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
      apiJson<MemberChange>('POST', `${MEMBERS_KEY}/${input.id}/grant`, {
        type: input.type,
        ...(input.endDate ? { endDate: input.endDate } : {}),
      }),
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

// ---- admin: refunds and price changes ----
const REFUNDS_KEY = '/api/admin/refunds';
const PRICE_CHANGES_KEY = '/api/admin/price-changes';

/** What can be refunded for a member (read from the provider when the refund form opens). */
export function useRefundablePayments(memberId: number | null) {
  return useQuery({
    queryKey: [MEMBERS_KEY, memberId, 'payments'],
    queryFn: () => getJson<RefundablePaymentsResponse>(`${MEMBERS_KEY}/${memberId}/payments`),
    enabled: memberId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** A refund; `idempotencyKey` names the admin's action, so sending it again never refunds twice. */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { memberId: number; idempotencyKey: string; body: RefundInput }) =>
      apiJson<RefundResponse>('POST', `${MEMBERS_KEY}/${input.memberId}/refund`, input.body, {
        'Idempotency-Key': input.idempotencyKey,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [MEMBERS_KEY] }),
        queryClient.invalidateQueries({ queryKey: [REFUNDS_KEY] }),
      ]),
  });
}

export function useRefunds() {
  return useQuery({ queryKey: [REFUNDS_KEY], queryFn: () => getJson<RefundsResponse>(REFUNDS_KEY) });
}

export function usePriceChanges() {
  return useQuery({ queryKey: [PRICE_CHANGES_KEY], queryFn: () => getJson<PriceChangesResponse>(PRICE_CHANGES_KEY) });
}

export function useAnnouncePriceChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PriceChangeBody) => apiJson<PriceChangeResponse>('POST', PRICE_CHANGES_KEY, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [PRICE_CHANGES_KEY] }),
  });
}

/** The owner's numbers (admin only; read fresh each time the tab opens). */
export function useBusinessFigures() {
  return useQuery<BusinessFigures | null>({ queryKey: ['/api/admin/business'], staleTime: 0 });
}

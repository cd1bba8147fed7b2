import { isLiveStatus } from './subscription';

/**
 * What a provider's fresh subscription status means for a member's payments, compared with what
 * the account held before. Pure: the webhook handling records the event and sends the e-mail.
 *   failed    — a renewal payment failed (past_due) and no failure run was open: the grace period starts
 *   recovered — a failure run was open and the subscription is paid up again (active or trialing)
 *   ended     — the account's live subscription has ended (cancelled, unpaid after the retries, expired)
 */
export type PaymentChange = 'failed' | 'recovered' | 'ended' | null;

/** Statuses after which the provider no longer collects and the member has no access from this subscription. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'unpaid', 'incomplete_expired']);

export interface PaymentStateBefore {
  subscriptionStatus: string;
  paymentFailedAt: Date | null;
  cancelAtPeriodEnd: boolean;
}

export function paymentChange(before: PaymentStateBefore, providerStatus: string): PaymentChange {
  if (ENDED_STATUSES.has(providerStatus)) return isLiveStatus(before.subscriptionStatus) ? 'ended' : null;
  if (providerStatus === 'past_due') return before.paymentFailedAt ? null : 'failed';
  if (isLiveStatus(providerStatus)) return before.paymentFailedAt ? 'recovered' : null;
  return null;
}

/** Why a subscription ended: the provider gave up collecting, the member had cancelled, or something else (ended elsewhere). */
export type EndReason = 'payment_failed' | 'cancelled' | 'ended';

export function endReason(before: PaymentStateBefore, providerStatus: string): EndReason {
  if (before.paymentFailedAt || providerStatus === 'unpaid' || before.subscriptionStatus === 'past_due')
    return 'payment_failed';
  if (before.cancelAtPeriodEnd) return 'cancelled';
  return 'ended';
}

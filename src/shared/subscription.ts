/**
 * Who counts as a member. Pure so that the server (which decides) and tests share one rule.
 */
export interface SubscriptionState {
  role: string;
  subscriptionStatus: string;
  subscriptionType: string | null;
  subscriptionEndDate: Date | null;
  /** The first failed renewal payment of the current run of failures; null (or absent) when paid up. */
  paymentFailedAt?: Date | null;
}

/** Days a member keeps access after a renewal payment fails, while the provider retries the card (PAYMENT_GRACE_DAYS). */
export const DEFAULT_PAYMENT_GRACE_DAYS = 7;
const DAY_MS = 86_400_000;

/** The end of the grace period that began with a failed payment. */
export function paymentGraceEnd(paymentFailedAt: Date, graceDays: number): Date {
  return new Date(paymentFailedAt.getTime() + graceDays * DAY_MS);
}

/** In grace: a renewal payment failed, the provider is still retrying, and the grace period has not run out. */
function inPaymentGrace(
  s: Pick<SubscriptionState, 'subscriptionStatus' | 'paymentFailedAt'>,
  now: Date,
  graceDays: number,
): boolean {
  return (
    s.subscriptionStatus === 'past_due' &&
    !!s.paymentFailedAt &&
    now.getTime() < paymentGraceEnd(s.paymentFailedAt, graceDays).getTime()
  );
}

/** The statuses of a subscription that is still running (it gives access and may renew). */
const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);
export const isLiveStatus = (status: string): boolean => LIVE_STATUSES.has(status);

/** A renewal payment that failed and is still being retried (past_due): when, and the end of its grace period, as ISO strings. */
export function paymentFailureOf(
  s: Pick<SubscriptionState, 'subscriptionStatus' | 'paymentFailedAt'>,
  graceDays: number,
): { paymentFailedAt: string | null; graceUntil: string | null } {
  const failedAt = s.subscriptionStatus === 'past_due' ? s.paymentFailedAt : null;
  if (!failedAt) return { paymentFailedAt: null, graceUntil: null };
  return { paymentFailedAt: failedAt.toISOString(), graceUntil: paymentGraceEnd(failedAt, graceDays).toISOString() };
}

/**
 * Active now: a live status and, when the subscription has an end, not past it. A renewal whose
 * payment failed (past_due since paymentFailedAt) gives access until the grace period ends,
 * however far its paid-up date reaches; past_due with no recorded failure keeps the date rule.
 */
export function hasActiveSubscription(
  s: SubscriptionState,
  now: Date,
  graceDays = DEFAULT_PAYMENT_GRACE_DAYS,
): boolean {
  if (s.subscriptionType === 'family' && s.subscriptionStatus === 'active') return true; // lifetime
  if (!LIVE_STATUSES.has(s.subscriptionStatus) && s.subscriptionStatus !== 'canceled') return false;
  if (s.subscriptionStatus === 'past_due' && s.paymentFailedAt) return inPaymentGrace(s, now, graceDays);
  if (!s.subscriptionEndDate) return s.subscriptionStatus !== 'canceled';
  // A cancelled subscription keeps access until the end of the period already paid for.
  return s.subscriptionEndDate.getTime() > now.getTime();
}

/** The status the admin's member list shows: the stored one, with a lapsed live status shown as expired. */
export function memberStatus(s: SubscriptionState, now: Date, graceDays?: number): string {
  const status = s.subscriptionStatus;
  if (status === 'none') return 'none';
  if (hasActiveSubscription(s, now, graceDays)) return status === 'canceled' ? 'active' : status;
  if (isLiveStatus(status)) return 'expired';
  return status;
}

/**
 * The types a paid, renewing subscription at the payments provider has: `premium` monthly (the
 * spec's name), `annual` yearly. Both renew, can be cancelled to end at the period end and resumed
 * before then. `annual_special` (an admin's grant with an expiry) and `family` are not paid plans.
 */
export const MONTHLY_TYPE = 'premium';
export const ANNUAL_TYPE = 'annual';
export const isPaidPlanType = (type: string | null | undefined): boolean =>
  type === MONTHLY_TYPE || type === ANNUAL_TYPE;

/** How each subscription type is named to members ("Monthly Premium", "Annual (Special)", "Lifetime Family Access"), plus the renewing annual plan. */
export function subscriptionTypeLabel(type: string | null | undefined): string {
  if (!type) return 'Premium';
  if (type === 'annual_special') return 'Annual (Special)';
  if (type === 'family') return 'Lifetime Family Access';
  if (type === MONTHLY_TYPE) return 'Monthly Premium';
  if (type === ANNUAL_TYPE) return 'Annual Premium';
  return type;
}

/** annual_special shows an "Expires" date; every other type a "Next Renewal" date. */
export function subscriptionDateLabel(
  type: string | null | undefined,
  cancelAtPeriodEnd = false,
): 'Expires' | 'Next Renewal' {
  return type === 'annual_special' || cancelAtPeriodEnd ? 'Expires' : 'Next Renewal';
}

/**
 * "Account type" as shown to the person: the stored role says "member" for
 * every registered account, so it is never shown as it is. Someone who has not paid has a free
 * account and is offered the subscription.
 */
export function accountTypeLabel(user: { role: string; isSubscribed: boolean }): {
  label: string;
  offerSubscription: boolean;
} {
  if (user.role === 'admin') return { label: 'Administrator', offerSubscription: false };
  if (user.isSubscribed) return { label: 'Member', offerSubscription: false };
  return { label: 'Free account', offerSubscription: true };
}

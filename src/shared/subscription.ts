/**
 * Who counts as a member. Pure so that the server (which decides) and tests share one rule.
 */
export interface SubscriptionState {
  role: string;
  subscriptionStatus: string;
  subscriptionType: string | null;
  subscriptionEndDate: Date | null;
}

/** The statuses of a subscription that is still running (it gives access and may renew). */
const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);
export const isLiveStatus = (status: string): boolean => LIVE_STATUSES.has(status);

/** Active now: a live status and, when the subscription has an end, not past it. */
export function hasActiveSubscription(s: SubscriptionState, now: Date): boolean {
  if (s.subscriptionType === 'family' && s.subscriptionStatus === 'active') return true; // lifetime
  if (!LIVE_STATUSES.has(s.subscriptionStatus) && s.subscriptionStatus !== 'canceled') return false;
  if (!s.subscriptionEndDate) return s.subscriptionStatus !== 'canceled';
  // A cancelled subscription keeps access until the end of the period already paid for.
  return s.subscriptionEndDate.getTime() > now.getTime();
}

/**
 * The types a paid, renewing subscription at the payments provider has: `premium` monthly (the
 * spec's name), `annual` yearly. Both renew, can be cancelled to end at the period end and resumed
 * before then. `annual_special` (an admin's grant with an expiry) and `family` are not paid plans.
 */
export const MONTHLY_TYPE = 'premium';
export const ANNUAL_TYPE = 'annual';
export const isPaidPlanType = (type: string | null | undefined): boolean => type === MONTHLY_TYPE || type === ANNUAL_TYPE;

/** Display names of spec 01 §9, plus the renewing annual plan. */
export function subscriptionTypeLabel(type: string | null | undefined): string {
  if (!type) return 'Premium';
  if (type === 'annual_special') return 'Annual (Special)';
  if (type === 'family') return 'Lifetime Family Access';
  if (type === MONTHLY_TYPE) return 'Monthly Premium';
  if (type === ANNUAL_TYPE) return 'Annual Premium';
  return type;
}

/** annual_special shows an "Expires" date; every other type a "Next Renewal" date. */
export function subscriptionDateLabel(type: string | null | undefined, cancelAtPeriodEnd = false): 'Expires' | 'Next Renewal' {
  return type === 'annual_special' || cancelAtPeriodEnd ? 'Expires' : 'Next Renewal';
}

/**
 * "Account type" as shown to the person (issue 16 item 6): the stored role says "member" for
 * every registered account, so it is never shown as it is. Someone who has not paid has a free
 * account and is offered the subscription.
 */
export function accountTypeLabel(user: { role: string; isSubscribed: boolean }): { label: string; offerSubscription: boolean } {
  if (user.role === 'admin') return { label: 'Administrator', offerSubscription: false };
  if (user.isSubscribed) return { label: 'Member', offerSubscription: false };
  return { label: 'Free account', offerSubscription: true };
}

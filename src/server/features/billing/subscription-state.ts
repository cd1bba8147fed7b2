import type { Plan } from '#shared/consent';
import { ANNUAL_TYPE, MONTHLY_TYPE, hasActiveSubscription, isLiveStatus, isPaidPlanType } from '#shared/subscription';
import type { users } from '#server/db/schema';
import type { SubscriptionInfo } from '#server/providers/payments';
import type { UserRow } from '#server/db/schema';

type UserUpdate = Partial<typeof users.$inferInsert>;

const ENDED = new Set(['canceled', 'incomplete_expired']);

/** A provider subscription that still gives access and may renew (even if set to end at its period end). */
export function isLive(sub: SubscriptionInfo): boolean {
  return isLiveStatus(sub.status) && !sub.endedAt;
}

/** The plan of a provider subscription: one billed yearly is the annual plan, any other the monthly. */
export const planOf = (sub: Pick<SubscriptionInfo, 'interval'>): Plan =>
  sub.interval === 'year' ? 'annual' : 'monthly';

/** The account holds a paid subscription (monthly or annual) that is still running (the one to keep, decision 0018). */
export function hasLiveSubscription(user: UserRow, now: Date): boolean {
  return (
    isPaidPlanType(user.subscriptionType) &&
    Boolean(user.stripeSubscriptionId) &&
    isLiveStatus(user.subscriptionStatus) &&
    hasActiveSubscription(user, now)
  );
}

/**
 * The user columns that mirror a provider subscription. The end date is the renewal date while
 * it renews, the last day of access once cancellation is scheduled, and the moment it ended once
 * it has ended (so access stops then: see hasActiveSubscription).
 */
export function userFieldsFromSubscription(sub: SubscriptionInfo): UserUpdate {
  const ended = ENDED.has(sub.status);
  const scheduledEnd =
    [sub.cancelAt, sub.currentPeriodEnd]
      .filter((d): d is Date => d !== null)
      .sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  return {
    subscriptionStatus: ended ? 'canceled' : sub.status,
    subscriptionType: planOf(sub) === 'annual' ? ANNUAL_TYPE : MONTHLY_TYPE,
    subscriptionStartDate: sub.startDate,
    subscriptionEndDate: ended ? (sub.endedAt ?? scheduledEnd) : sub.cancelAt ? scheduledEnd : sub.currentPeriodEnd,
    cancelAtPeriodEnd: !ended && (sub.cancelAtPeriodEnd || sub.cancelAt !== null),
    stripeSubscriptionId: sub.id,
    ...(sub.customerId ? { stripeCustomerId: sub.customerId } : {}),
  };
}

/** An admin grant (lifetime family, or an annual special still running) is never overwritten by provider events. */
function hasActiveGrant(user: UserRow, now: Date): boolean {
  return (
    (user.subscriptionType === 'family' || user.subscriptionType === 'annual_special') &&
    hasActiveSubscription(user, now)
  );
}

/** What a provider subscription changes on this user (only the ids while a grant is running). */
export function subscriptionUpdateFor(user: UserRow, sub: SubscriptionInfo, now: Date): UserUpdate {
  const fields = userFieldsFromSubscription(sub);
  if (!hasActiveGrant(user, now)) return { ...fields, updatedAt: now };
  return {
    stripeSubscriptionId: fields.stripeSubscriptionId,
    stripeCustomerId: fields.stripeCustomerId ?? user.stripeCustomerId,
    updatedAt: now,
  };
}

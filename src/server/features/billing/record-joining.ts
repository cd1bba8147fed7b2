import { eq } from 'drizzle-orm';
import { TERMS_VERSION, type Plan } from '#shared/consent';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import { checkoutSessions, users, type UserRow } from '#server/db/schema';
import type { SubscriptionInfo } from '#server/providers/payments';
import { queueWelcomeEmail } from '../mail/transactional';
import { recordSubscriptionEvent } from './subscription-events';
import { planOf } from './subscription-state';

type CheckoutRow = typeof checkoutSessions.$inferSelect;

/**
 * What happens once when a checkout's payment makes someone a member, in the payment's own
 * transaction: the consent given at checkout (18 or over, the terms, starting now) moves onto the
 * account, a `joined` event enters their history, and the welcome e-mail confirms the contract on
 * a durable medium. A failure rolls the payment's record back, so the provider retries it and
 * nobody becomes a member without their confirmation.
 */
export async function recordJoining(
  ctx: AppContext,
  db: DbOrTx,
  joining: {
    user: UserRow;
    checkoutId: string;
    checkout: CheckoutRow | undefined;
    amountPence: number | null;
    subscription: SubscriptionInfo | null;
  },
) {
  const now = ctx.clock.now();
  const { user, checkout, subscription } = joining;
  const plan: Plan = subscription ? planOf(subscription) : checkout?.plan === 'annual' ? 'annual' : 'monthly';
  const consent = consentOf(checkout);
  if (consent.ageConfirmedAt || consent.termsAcceptedAt) {
    await db
      .update(users)
      .set({
        ...(consent.ageConfirmedAt ? { ageConfirmedAt: consent.ageConfirmedAt } : {}),
        ...(consent.termsAcceptedAt ? { termsAcceptedAt: consent.termsAcceptedAt, termsVersion: TERMS_VERSION } : {}),
      })
      .where(eq(users.id, user.id));
  }
  await recordSubscriptionEvent(db, {
    userId: user.id,
    type: 'joined',
    amountPence: joining.amountPence,
    providerRef: joining.checkoutId,
    detail: {
      plan,
      subscriptionId: subscription?.id ?? null,
      startNowAcknowledgedAt: consent.startNowAcknowledgedAt?.toISOString() ?? null,
    },
    occurredAt: now,
  });
  await queueWelcomeEmail(
    ctx,
    {
      checkoutId: joining.checkoutId,
      email: user.email,
      plan,
      paidPence: joining.amountPence,
      paidAt: now,
      renewsAt: subscription && !subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : null,
      consent: { ...consent, termsVersion: TERMS_VERSION },
      hasPassword: user.passwordHash !== null,
    },
    db,
  );
}

function consentOf(checkout: CheckoutRow | undefined) {
  return {
    ageConfirmedAt: checkout?.ageConfirmedAt ?? null,
    termsAcceptedAt: checkout?.termsAcceptedAt ?? null,
    startNowAcknowledgedAt: checkout?.startNowAcknowledgedAt ?? null,
  };
}

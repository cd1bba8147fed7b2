import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { checkoutSessions, users } from '../../db/schema';
import type { CheckoutSessionInfo, PaymentsProvider, SubscriptionInfo } from '../../providers/payments';
import { createUser } from '../auth/users';
import { subscriptionUpdateFor } from './subscription-state';

export interface PaidCheckout {
  session: CheckoutSessionInfo & { email: string };
  subscription: SubscriptionInfo | null;
}

/** "VBG Premium — £12.00/month": the price actually paid. */
export function displayText(siteName: string, amountPence: number | null, interval: string | null): string {
  const pounds = ((amountPence ?? 0) / 100).toFixed(2);
  return `${siteName} Premium — £${pounds}/${interval ?? 'month'}`;
}

/**
 * Reads a checkout and its subscription from the provider (never from the event that announced
 * it). null unless it is a paid subscription checkout with an e-mail.
 */
export async function loadPaidCheckout(payments: PaymentsProvider, sessionId: string): Promise<PaidCheckout | null> {
  const session = await payments.retrieveCheckoutSession(sessionId);
  if (!session?.paid || session.mode !== 'subscription' || !session.email) return null;
  const subscription = session.subscriptionId ? await payments.retrieveSubscription(session.subscriptionId) : null;
  return { session: { ...session, email: session.email.trim().toLowerCase() }, subscription };
}

/**
 * Records a paid checkout: the account of that e-mail (created without a password when new)
 * becomes a premium member, and the checkout is marked complete with what was paid. Safe to run
 * any number of times for the same checkout.
 */
export async function recordPaidCheckout(ctx: AppContext, kind: PaymentsProvider['kind'], paid: PaidCheckout, db: DbOrTx) {
  const now = ctx.clock.now();
  const { session, subscription } = paid;
  const { user } = await createUser(ctx, { email: session.email }, db);
  const update = subscription
    ? subscriptionUpdateFor(user, subscription, now)
    : { stripeCustomerId: session.customerId ?? user.stripeCustomerId, updatedAt: now };
  await db.update(users).set(update).where(eq(users.id, user.id));
  const text = displayText(ctx.config.SITE_NAME, session.amountTotal, subscription?.interval ?? 'month');
  await db
    .insert(checkoutSessions)
    .values({
      id: session.id,
      provider: kind,
      email: session.email,
      status: 'complete',
      amountPence: session.amountTotal,
      displayText: text,
      stripeSubscriptionId: session.subscriptionId,
      createdAt: now,
      completedAt: now,
    })
    .onConflictDoUpdate({
      target: checkoutSessions.id,
      set: {
        email: session.email,
        status: 'complete',
        amountPence: session.amountTotal,
        displayText: text,
        stripeSubscriptionId: session.subscriptionId,
        completedAt: sql`coalesce(${checkoutSessions.completedAt}, ${now.toISOString()}::timestamptz)`,
      },
    });
  return user.id;
}

/** The shared "a subscription was paid for" use case: Stripe's webhook and the local checkout both end here. */
export async function subscriptionPaid(ctx: AppContext, payments: PaymentsProvider, sessionId: string): Promise<boolean> {
  const paid = await loadPaidCheckout(payments, sessionId);
  if (!paid) return false;
  await ctx.db.transaction((tx) => recordPaidCheckout(ctx, payments.kind, paid, tx));
  return true;
}

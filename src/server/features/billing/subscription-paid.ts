import { eq, sql } from 'drizzle-orm';
import { isPaidPlanType } from '#shared/subscription';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import { checkoutSessions, users } from '#server/db/schema';
import type { CheckoutSessionInfo, PaymentsProvider, SubscriptionInfo } from '#server/providers/payments';
import { createUser, findUserByEmail } from '../auth/users';
import { wakeMailWorkers } from '../mail/outbox';
import { queueDuplicatePaymentEmail } from '../mail/transactional';
import { recordJoining } from './record-joining';
import { isLive, subscriptionUpdateFor } from './subscription-state';

export interface PaidCheckout {
  session: CheckoutSessionInfo & { email: string };
  subscription: SubscriptionInfo | null;
  /** The account's subscription id when this was read: the record step refuses to act on a changed account. */
  accountSubscriptionId: string | null;
  /** The account's own live subscription when this payment made a second one (decision 0018). */
  duplicateOf: SubscriptionInfo | null;
}

/** The account changed between reading the provider and recording: read again. */
class StalePaymentPlan extends Error {}

/** "VBG Premium — £12.00/month": the price actually paid. */
export function displayText(siteName: string, amountPence: number | null, interval: string | null): string {
  const pounds = ((amountPence ?? 0) / 100).toFixed(2);
  return `${siteName} Premium — £${pounds}/${interval ?? 'month'}`;
}

/**
 * Reads a checkout and its subscription from the provider (never from the event that announced
 * it). null unless it is a paid subscription checkout with an e-mail. When the account already
 * has another live subscription, this payment is a duplicate: its subscription is ended here at
 * once, before anything is recorded, so two renewing subscriptions never exist past this call.
 */
export async function loadPaidCheckout(
  ctx: AppContext,
  payments: PaymentsProvider,
  sessionId: string,
): Promise<PaidCheckout | null> {
  const session = await payments.retrieveCheckoutSession(sessionId);
  if (!session?.paid || session.mode !== 'subscription' || !session.email) return null;
  const email = session.email.trim().toLowerCase();
  let subscription = session.subscriptionId ? await payments.retrieveSubscription(session.subscriptionId) : null;
  const account = await findUserByEmail(ctx, email);
  const accountSubscriptionId = account?.stripeSubscriptionId ?? null;
  let duplicateOf: SubscriptionInfo | null = null;
  // Only a subscription still running can be a second one: the checkout of an old, ended
  // subscription (its completion delivered late, or again) is history, not a duplicate payment.
  if (
    subscription &&
    isLive(subscription) &&
    isPaidPlanType(account?.subscriptionType) &&
    accountSubscriptionId &&
    accountSubscriptionId !== subscription.id
  ) {
    // The stored state may lag the provider (an end not yet announced): ask the provider.
    const current = await payments.retrieveSubscription(accountSubscriptionId);
    if (current && isLive(current)) duplicateOf = current;
  }
  if (duplicateOf && subscription && isLive(subscription)) subscription = await payments.cancelNow(subscription.id);
  return { session: { ...session, email }, subscription, accountSubscriptionId, duplicateOf };
}

/**
 * Records a paid checkout: the account of that e-mail (created without a password when new)
 * becomes a premium member, and the checkout is marked complete with what was paid. A duplicate
 * leaves the account as it was and is recorded for refund, and the member is told. The checkout
 * of an old subscription that has ended never takes over an account that has moved on to another
 * subscription (the same rule as a late subscription event, payment-events.ts). The first time a
 * checkout is recorded as taking effect, the joining is recorded too (record-joining.ts). Safe to run any
 * number of times for the same checkout: a checkout once recorded as a duplicate stays one.
 */
export async function recordPaidCheckout(
  ctx: AppContext,
  kind: PaymentsProvider['kind'],
  paid: PaidCheckout,
  db: DbOrTx,
) {
  const now = ctx.clock.now();
  const { session, subscription, duplicateOf } = paid;
  const { user: found, created } = await createUser(ctx, { email: session.email }, db);
  // Serialises completions for one account: two paid at once must not both become "the" subscription.
  const [user] = await db.select().from(users).where(eq(users.id, found.id)).for('update');
  if (!created && user.stripeSubscriptionId !== paid.accountSubscriptionId) throw new StalePaymentPlan();
  const oldSubscription =
    subscription !== null &&
    !isLive(subscription) &&
    user.stripeSubscriptionId !== null &&
    user.stripeSubscriptionId !== subscription.id;
  // Read after the account's lock: a completion of the same checkout running alongside has committed by now.
  const [before] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
  const joins = !duplicateOf && !oldSubscription && !before?.completedAt;
  if (!duplicateOf && !oldSubscription) {
    const update = subscription
      ? subscriptionUpdateFor(user, subscription, now)
      : { stripeCustomerId: session.customerId ?? user.stripeCustomerId, updatedAt: now };
    await db.update(users).set(update).where(eq(users.id, user.id));
  }
  const text = displayText(ctx.config.SITE_NAME, session.amountTotal, subscription?.interval ?? 'month');
  const paidFields = {
    email: session.email,
    status: 'complete',
    amountPence: session.amountTotal,
    displayText: text,
    stripeSubscriptionId: session.subscriptionId,
    duplicateOfSubscriptionId: duplicateOf?.id ?? null,
  };
  await db
    .insert(checkoutSessions)
    .values({
      id: session.id,
      provider: kind,
      ...paidFields,
      createdAccount: created,
      createdAt: now,
      completedAt: now,
    })
    .onConflictDoUpdate({
      target: checkoutSessions.id,
      set: {
        ...paidFields,
        duplicateOfSubscriptionId: sql`coalesce(${checkoutSessions.duplicateOfSubscriptionId}, ${paidFields.duplicateOfSubscriptionId})`,
        // Only the completion that made the account says so; a later re-run never unsays it.
        ...(created ? { createdAccount: true } : {}),
        completedAt: sql`coalesce(${checkoutSessions.completedAt}, ${now.toISOString()}::timestamptz)`,
      },
    });
  if (joins)
    await recordJoining(ctx, db, {
      user,
      checkoutId: session.id,
      checkout: before,
      amountPence: session.amountTotal,
      subscription,
    });
  if (duplicateOf)
    await queueDuplicatePaymentEmail(
      ctx,
      { sessionId: session.id, email: user.email, amountPence: session.amountTotal, kept: duplicateOf },
      db,
    );
  return user.id;
}

/**
 * Runs a read-then-record payment step, reading again when the account changed in between
 * (another completion for the same account won the race). A few rounds always settle it.
 */
export async function withFreshPlan<T>(attempt: () => Promise<T>): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof StalePaymentPlan) || round >= 3) throw err;
    }
  }
}

/** The shared "a subscription was paid for" use case: Stripe's webhook and the local checkout both end here. */
export async function subscriptionPaid(
  ctx: AppContext,
  payments: PaymentsProvider,
  sessionId: string,
): Promise<boolean> {
  return withFreshPlan(async () => {
    const paid = await loadPaidCheckout(ctx, payments, sessionId);
    if (!paid) return false;
    await ctx.db.transaction((tx) => recordPaidCheckout(ctx, payments.kind, paid, tx));
    await wakeMailWorkers(ctx); // the welcome (or duplicate-payment) e-mail queued with it
    return true;
  });
}

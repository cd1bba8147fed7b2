import { eq, or } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import { processedEvents, users } from '#server/db/schema';
import type { UserRow } from '#server/db/schema';
import type { PaymentEvent, PaymentsProvider, SubscriptionInfo } from '#server/providers/payments';
import { recordPaymentChanges } from './payment-lifecycle';
import { wakeMailWorkers } from '../mail/outbox';
import { loadPaidCheckout, recordPaidCheckout, withFreshPlan } from './subscription-paid';
import { hasLiveSubscription, isLive, subscriptionUpdateFor } from './subscription-state';

const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/**
 * Mirrors a subscription onto the account that owns it (by subscription id, else by customer id).
 * Returns the account as it was before, and whether it now mirrors this subscription (a running
 * admin grant keeps its own state); null when no account owns it.
 */
async function applySubscription(
  ctx: AppContext,
  sub: SubscriptionInfo,
  db: DbOrTx,
): Promise<{ before: UserRow; mirrored: boolean } | null> {
  const match = sub.customerId
    ? or(eq(users.stripeSubscriptionId, sub.id), eq(users.stripeCustomerId, sub.customerId))
    : eq(users.stripeSubscriptionId, sub.id);
  const candidates = await db.select().from(users).where(match);
  // Its own account; else the customer's account when it has no subscription yet, or when this
  // one is live and the account's is not (a returning subscriber). A late event of an old
  // subscription never takes over, nor does a second live one (a duplicate: its checkout's
  // completion cancels it, decision 0018).
  const now = ctx.clock.now();
  const user =
    candidates.find((u) => u.stripeSubscriptionId === sub.id) ??
    candidates.find(
      (u) =>
        u.stripeCustomerId === sub.customerId &&
        (!u.stripeSubscriptionId || (isLive(sub) && !hasLiveSubscription(u, now))),
    );
  if (!user) return null;
  const update = subscriptionUpdateFor(user, sub, now);
  await db.update(users).set(update).where(eq(users.id, user.id));
  return { before: user, mirrored: 'subscriptionStatus' in update };
}

type Apply = (db: DbOrTx) => Promise<unknown>;

/** Reads what the event is about from the provider now (events arrive out of order and may be stale). */
async function planFor(ctx: AppContext, payments: PaymentsProvider, event: PaymentEvent): Promise<Apply | null> {
  if (!HANDLED_EVENTS.has(event.type)) return null;
  if (event.checkoutSessionId) {
    const paid = await loadPaidCheckout(ctx, payments, event.checkoutSessionId);
    return paid ? (db) => recordPaidCheckout(ctx, payments.kind, paid, db) : null;
  }
  if (event.subscriptionId) {
    const sub = await payments.retrieveSubscription(event.subscriptionId);
    if (!sub) return null;
    // An invoice event's payment as it stands now (renewed, failed): read like the subscription.
    const invoice = event.invoiceId ? await payments.retrieveInvoice(event.invoiceId) : null;
    return async (db) => {
      const applied = await applySubscription(ctx, sub, db);
      if (!applied) {
        ctx.log.info(
          { event: event.id, subscription: sub.id },
          'subscription event for no known account yet; checkout completion will link it',
        );
        return;
      }
      if (applied.mirrored) await recordPaymentChanges(ctx, db, { before: applied.before, sub, invoice });
    };
  }
  return null;
}

/**
 * Handles a provider event exactly once: the event id is recorded in the same transaction as the
 * change it causes, so a redelivery (or a concurrent duplicate) changes nothing, and a failure
 * leaves it unrecorded for the provider to retry.
 */
export async function handlePaymentEvent(
  ctx: AppContext,
  payments: PaymentsProvider,
  event: PaymentEvent,
): Promise<{ duplicate: boolean }> {
  const [seen] = await ctx.db
    .select({ id: processedEvents.id })
    .from(processedEvents)
    .where(eq(processedEvents.id, event.id));
  if (seen) return { duplicate: true };
  return withFreshPlan(async () => {
    const apply = await planFor(ctx, payments, event);
    let duplicate = false;
    await ctx.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(processedEvents)
        .values({ id: event.id, type: event.type, receivedAt: ctx.clock.now() })
        .onConflictDoNothing({ target: processedEvents.id })
        .returning({ id: processedEvents.id });
      if (!inserted.length) {
        duplicate = true;
        return;
      }
      if (apply) await apply(tx);
    });
    // Mail queued in the transaction (a paid checkout's welcome) goes out now rather than at the next poll.
    if (apply && !duplicate) await wakeMailWorkers(ctx);
    return { duplicate };
  });
}

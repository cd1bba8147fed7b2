import { eq } from 'drizzle-orm';
import { endReason, paymentChange } from '#shared/payment-lifecycle';
import { paymentGraceEnd } from '#shared/subscription';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import { users, type UserRow } from '#server/db/schema';
import type { InvoiceInfo, SubscriptionInfo } from '#server/providers/payments';
import { membershipEndedEmail, paymentFailedEmail } from '../mail/billing-messages';
import { queueMessage } from '../mail/outbox';
import { recordSubscriptionEvent } from './subscription-events';

/**
 * What a fresh read of a member's subscription (and of the invoice an event was about) means for
 * their payments, recorded in the event's transaction:
 * - a renewal paid: a `renewed` event with the amount;
 * - the first failure of a run: `paymentFailedAt` is set (the grace period starts), a
 *   `payment_failed` event, and one e-mail for the run with the date access lasts until;
 * - paid up again: `paymentFailedAt` cleared, a `recovered` event;
 * - the subscription ended: an `ended` event with why, and when the provider gave up collecting,
 *   an e-mail saying the membership has ended.
 */
export async function recordPaymentChanges(
  ctx: AppContext,
  db: DbOrTx,
  input: { before: UserRow; sub: SubscriptionInfo; invoice: InvoiceInfo | null },
) {
  const { before, sub } = input;
  const invoice = input.invoice?.subscriptionId === sub.id ? input.invoice : null;
  const now = ctx.clock.now();
  const userId = before.id;
  if (invoice?.status === 'paid' && invoice.billingReason === 'subscription_cycle') {
    await recordSubscriptionEvent(db, {
      userId,
      type: 'renewed',
      amountPence: invoice.amountPaidPence,
      providerRef: invoice.id,
      occurredAt: now,
    });
  }
  const change = paymentChange(before, sub.status);
  if (change === 'failed') {
    const graceUntil = paymentGraceEnd(now, ctx.config.PAYMENT_GRACE_DAYS);
    await db.update(users).set({ paymentFailedAt: now, updatedAt: now }).where(eq(users.id, userId));
    await recordSubscriptionEvent(db, {
      userId,
      type: 'payment_failed',
      amountPence: invoice?.amountDuePence ?? null,
      providerRef: invoice?.id ?? null,
      detail: {
        subscriptionId: sub.id,
        attempt: invoice?.attemptCount ?? null,
        nextAttempt: invoice?.nextPaymentAttempt?.toISOString() ?? null,
        graceUntil: graceUntil.toISOString(),
      },
      occurredAt: now,
    });
    const content = paymentFailedEmail(ctx.config, {
      amountPence: invoice?.amountDuePence ?? sub.amount,
      graceUntil,
      nextAttempt: invoice?.nextPaymentAttempt ?? null,
    });
    await queueMessage(
      ctx,
      {
        kind: 'billing',
        recipient: before.email,
        idempotencyKey: `payment-failed:${userId}:${now.toISOString()}`,
        content,
      },
      db,
    );
  } else if (change === 'recovered') {
    await db.update(users).set({ paymentFailedAt: null, updatedAt: now }).where(eq(users.id, userId));
    await recordSubscriptionEvent(db, {
      userId,
      type: 'recovered',
      providerRef: invoice?.id ?? null,
      detail: { subscriptionId: sub.id, failedAt: before.paymentFailedAt?.toISOString() ?? null },
      occurredAt: now,
    });
  } else if (change === 'ended') {
    const reason = endReason(before, sub.status);
    await db.update(users).set({ paymentFailedAt: null, updatedAt: now }).where(eq(users.id, userId));
    await recordSubscriptionEvent(db, {
      userId,
      type: 'ended',
      reason,
      providerRef: sub.id,
      detail: { status: sub.status },
      occurredAt: now,
    });
    if (reason === 'payment_failed') {
      await queueMessage(
        ctx,
        {
          kind: 'billing',
          recipient: before.email,
          idempotencyKey: `ended:${userId}:${sub.id}`,
          content: membershipEndedEmail(ctx.config, 'payment_failed'),
        },
        db,
      );
    }
  }
}

import { and, eq, isNotNull } from 'drizzle-orm';
import { formatLongDay, londonDate } from '#shared/london-time';
import { formatPounds } from '#shared/my-bets';
import type { RefundBody, RefundReason, RefundResponse } from '#shared/schemas/billing';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import { checkoutSessions, users, type UserRow } from '#server/db/schema';
import { HttpError, badRequest, conflict } from '#server/http/errors';
import {
  PaymentRefusedError,
  PaymentsUnavailableError,
  type PaymentInfo,
  type PaymentsProvider,
  type ProviderRefundReason,
  type SubscriptionInfo,
} from '#server/providers/payments';
import { membershipEndedEmail, refundEmail } from '../mail/billing-messages';
import { queueMessage, wakeMailWorkers } from '../mail/outbox';
import { memberOrThrow } from '../members/members';
import { keyReusedMessage, refundAsked, refundRequestDifferences } from './refund-replay';
import { presentRefund, refundEventByKey, refundEventByProviderRef } from './refunds-list';
import { recordSubscriptionEvent } from '../billing/subscription-events';
import { isLive, subscriptionUpdateFor } from '../billing/subscription-state';

const NOTHING_PAID_MESSAGE = 'This member has no payment to refund: their membership was granted, or they never paid.';
const NOT_THEIR_DUPLICATE = "That payment is not one of this member's duplicate payments.";
const PROVIDER_UNREACHABLE =
  'The payment provider could not be reached, so nothing was refunded. Try again in a moment.';
const REFUND_UNCONFIRMED =
  'The payment provider did not confirm the refund, so nothing was recorded here. Send it again: the same refund action never refunds twice.';

const PROVIDER_REASONS: Record<RefundReason, ProviderRefundReason> = {
  money_back_guarantee: 'requested_by_customer',
  duplicate_payment: 'duplicate',
  other: 'requested_by_customer',
};

interface RefundRequest {
  memberId: number;
  admin: UserRow;
  idempotencyKey: string;
  body: RefundBody;
}

const paidText = (p: PaymentInfo) =>
  `${formatPounds(p.amountPaidPence)}${p.paidAt ? ` on ${formatLongDay(londonDate(p.paidAt))}` : ''}`;

/** The subscription whose latest payment is refunded: a duplicate payment's, else the membership's. */
async function refundTarget(
  ctx: AppContext,
  member: UserRow,
  checkoutId: string | undefined,
): Promise<{ subscriptionId: string; checkoutId: string | null }> {
  if (checkoutId) {
    const [dup] = await ctx.db
      .select({ subscriptionId: checkoutSessions.stripeSubscriptionId })
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.id, checkoutId),
          eq(checkoutSessions.email, member.email),
          isNotNull(checkoutSessions.duplicateOfSubscriptionId),
        ),
      );
    if (!dup?.subscriptionId) throw badRequest(NOT_THEIR_DUPLICATE);
    return { subscriptionId: dup.subscriptionId, checkoutId };
  }
  if (!member.stripeSubscriptionId) throw badRequest(NOTHING_PAID_MESSAGE);
  return { subscriptionId: member.stripeSubscriptionId, checkoutId: null };
}

/** The payment and how much of it may still be refunded; refuses what cannot be. */
async function refundablePayment(payments: PaymentsProvider, subscriptionId: string): Promise<PaymentInfo> {
  let payment: PaymentInfo | null;
  try {
    payment = await payments.latestPayment(subscriptionId);
  } catch (err) {
    if (err instanceof PaymentsUnavailableError) throw new HttpError(502, PROVIDER_UNREACHABLE);
    throw err;
  }
  if (!payment || payment.amountPaidPence <= 0) throw badRequest(NOTHING_PAID_MESSAGE);
  if (payment.amountRefundedPence >= payment.amountPaidPence)
    throw badRequest(`The latest payment (${paidText(payment)}) has already been refunded in full.`);
  return payment;
}

function amountToRefund(body: RefundBody, payment: PaymentInfo): number {
  const left = payment.amountPaidPence - payment.amountRefundedPence;
  if (body.full || body.amountPence === null) return left;
  if (body.amountPence > left) {
    const already = payment.amountRefundedPence
      ? `, of which ${formatPounds(payment.amountRefundedPence)} has been refunded already`
      : '';
    throw badRequest(
      `${formatPounds(body.amountPence)} is more than can be refunded: the latest payment was ${paidText(payment)}${already}. At most ${formatPounds(left)} can be refunded.`,
    );
  }
  return body.amountPence;
}

/** The member's own subscription, ended at once at the provider; null when it is not running. */
async function endAtProvider(payments: PaymentsProvider, member: UserRow): Promise<SubscriptionInfo | null> {
  if (!member.stripeSubscriptionId) return null;
  const current = await payments.retrieveSubscription(member.stripeSubscriptionId);
  if (!current || !isLive(current)) return null;
  return payments.cancelNow(member.stripeSubscriptionId);
}

/** Mirrors the ended subscription onto the account (access stops now) and records why, in the caller's transaction. */
async function recordEnded(
  ctx: AppContext,
  db: DbOrTx,
  member: UserRow,
  ended: SubscriptionInfo,
  adminId: number,
  refundRef: string,
) {
  const now = ctx.clock.now();
  await db
    .update(users)
    .set({ ...subscriptionUpdateFor(member, ended, now), paymentFailedAt: null })
    .where(eq(users.id, member.id));
  await recordSubscriptionEvent(db, {
    userId: member.id,
    type: 'ended',
    reason: 'refund',
    providerRef: ended.id,
    detail: { refund: refundRef },
    createdBy: adminId,
    occurredAt: now,
  });
}

/**
 * Refunds a member from the admin (full, or part of what is left of the payment), with a reason,
 * and ends the membership at once when asked. One refund per Idempotency-Key: the provider is
 * given the key (a double click or a retry refunds once) and a key already recorded answers with
 * that refund when sent with the same request, and is refused (409, naming what differs) with
 * any other (refund-replay.ts). Nothing is recorded unless the provider made the refund; once made it is recorded
 * (a `refunded` event) and the member is e-mailed; a duplicate payment refunded in full no
 * longer shows as "Refund due".
 */
export async function refundMember(
  ctx: AppContext,
  payments: PaymentsProvider,
  req: RefundRequest,
): Promise<RefundResponse> {
  const member = await memberOrThrow(ctx, req.memberId);
  const done = await refundEventByKey(ctx, req.idempotencyKey);
  if (done) {
    if (done.userId !== member.id)
      throw conflict('This Idempotency-Key was already used for a refund of another member.');
    const differences = refundRequestDifferences(done, refundAsked(req.body));
    if (differences.length) throw conflict(keyReusedMessage(differences));
    return finishEarlierRefund(ctx, payments, member, req, done.providerRef!);
  }
  const target = await refundTarget(ctx, member, req.body.checkoutId);
  const payment = await refundablePayment(payments, target.subscriptionId);
  const amountPence = amountToRefund(req.body, payment);
  let refund;
  try {
    refund = await payments.refund({
      payment,
      amountPence,
      reason: PROVIDER_REASONS[req.body.reason],
      metadata: {
        vbg_member_id: String(member.id),
        vbg_admin_id: String(req.admin.id),
        vbg_reason: req.body.reason,
        vbg_note: req.body.note,
        ...(target.checkoutId ? { vbg_checkout_id: target.checkoutId } : {}),
      },
      idempotencyKey: req.idempotencyKey,
    });
  } catch (err) {
    if (err instanceof PaymentRefusedError) throw conflict(`${err.message} Nothing was refunded or recorded.`);
    if (err instanceof PaymentsUnavailableError) throw new HttpError(502, REFUND_UNCONFIRMED);
    throw err;
  }
  // The refund is made: from here it is recorded whatever else fails.
  let ended: SubscriptionInfo | null = null;
  let endFailed = false;
  if (req.body.endMembership) {
    try {
      ended = await endAtProvider(payments, member);
    } catch (err) {
      ctx.log.error({ err, userId: member.id }, 'refund made, but the membership could not be ended at the provider');
      endFailed = true;
    }
  }
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    // One row per provider refund, however many requests carried the same key at once.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, member.id)).for('update');
    if (await refundEventByProviderRef(tx, refund.id)) return;
    await recordSubscriptionEvent(tx, {
      userId: member.id,
      type: 'refunded',
      reason: req.body.reason,
      amountPence: refund.amountPence,
      providerRef: refund.id,
      detail: {
        idempotencyKey: req.idempotencyKey,
        asked: refundAsked(req.body),
        note: req.body.note,
        checkoutId: target.checkoutId,
        subscriptionId: target.subscriptionId,
        payment: payment.ref,
        invoiceId: payment.invoiceId,
        paidPence: payment.amountPaidPence,
        status: refund.status,
        endedMembership: ended !== null,
      },
      createdBy: req.admin.id,
      occurredAt: now,
    });
    const content = refundEmail(ctx.config, {
      amountPence: refund.amountPence,
      paidPence: payment.amountPaidPence,
      paidAt: payment.paidAt,
      endedMembership: ended !== null,
    });
    await queueMessage(
      ctx,
      { kind: 'billing', recipient: member.email, idempotencyKey: `refund:${refund.id}`, content },
      tx,
    );
    if (ended) await recordEnded(ctx, tx, member, ended, req.admin.id, refund.id);
  });
  await wakeMailWorkers(ctx);
  const row = (await refundEventByProviderRef(ctx.db, refund.id))!;
  if (endFailed) {
    throw new HttpError(
      502,
      `Refunded ${formatPounds(refund.amountPence)} and recorded it, but the membership could not be ended at the payment provider. Send the same refund again to end it: it will not refund twice.`,
    );
  }
  const endedText = ended
    ? ' Their membership has ended.'
    : req.body.endMembership
      ? ' Their membership had already ended.'
      : '';
  return {
    success: true,
    message: `Refunded ${formatPounds(refund.amountPence)} to ${member.email}.${endedText}`,
    refund: await presentRefund(ctx, row),
    alreadyDone: false,
  };
}

/** The same action sent again: nothing is refunded twice; an end of membership it asked for and did not get is finished now. */
async function finishEarlierRefund(
  ctx: AppContext,
  payments: PaymentsProvider,
  member: UserRow,
  req: RefundRequest,
  refundRef: string,
): Promise<RefundResponse> {
  let endedNow = false;
  if (req.body.endMembership) {
    let ended: SubscriptionInfo | null;
    try {
      ended = await endAtProvider(payments, member);
    } catch (err) {
      if (err instanceof PaymentsUnavailableError)
        throw new HttpError(
          502,
          'The refund was made earlier, but the payment provider could not be reached to end the membership. Try again in a moment.',
        );
      throw err;
    }
    if (ended) {
      const subscriptionEnded = ended;
      await ctx.db.transaction(async (tx) => {
        await recordEnded(ctx, tx, member, subscriptionEnded, req.admin.id, refundRef);
        await queueMessage(
          ctx,
          {
            kind: 'billing',
            recipient: member.email,
            idempotencyKey: `ended:${member.id}:${subscriptionEnded.id}`,
            content: membershipEndedEmail(ctx.config, 'refund'),
          },
          tx,
        );
      });
      await wakeMailWorkers(ctx);
      endedNow = true;
    }
  }
  const row = (await refundEventByProviderRef(ctx.db, refundRef))!;
  const amount = formatPounds(row.amountPence ?? 0);
  const message = `This refund was already made (${amount} to ${member.email}); nothing was refunded again.${endedNow ? ' Their membership has now ended.' : ''}`;
  return { success: true, message, refund: await presentRefund(ctx, row), alreadyDone: true };
}

import { eq } from 'drizzle-orm';
import {
  ANNUAL_NO_CANCEL_MESSAGE,
  CANCEL_SUCCESS_MESSAGE,
  type CancelBody,
  type CancelResponse,
} from '#shared/schemas/billing';
import { hasActiveSubscription, isPaidPlanType } from '#shared/subscription';
import type { AppContext } from '#server/context';
import { users } from '#server/db/schema';
import { badRequest } from '#server/http/errors';
import type { PaymentsProvider } from '#server/providers/payments';
import type { UserRow } from '#server/db/schema';
import { queueCancellationEmail } from '../mail/transactional';
import { recordSubscriptionEvent } from './subscription-events';
import { planOf, userFieldsFromSubscription } from './subscription-state';

const FAMILY_NO_CANCEL_MESSAGE = 'Lifetime Family Access has no renewal to cancel.';
const NOTHING_TO_CANCEL_MESSAGE = 'You have no active subscription to cancel.';

/**
 * Stops renewal at the provider in one step; access continues until the end of the period
 * already paid for (the provider's answer is mirrored onto the account at once, later events
 * confirm it). The member's optional reason is kept as a cancel_requested event with the change.
 * An annual special cannot be cancelled: it ends by itself on its end date.
 */
export async function cancelSubscription(
  ctx: AppContext,
  payments: PaymentsProvider,
  user: UserRow,
  why: Partial<CancelBody> = {},
): Promise<CancelResponse> {
  const now = ctx.clock.now();
  if (user.subscriptionType === 'annual_special') throw badRequest(ANNUAL_NO_CANCEL_MESSAGE);
  if (user.subscriptionType === 'family') throw badRequest(FAMILY_NO_CANCEL_MESSAGE);
  if (
    !user.stripeSubscriptionId ||
    !isPaidPlanType(user.subscriptionType) ||
    !hasActiveSubscription(user, now, ctx.config.PAYMENT_GRACE_DAYS)
  )
    throw badRequest(NOTHING_TO_CANCEL_MESSAGE);
  if (user.cancelAtPeriodEnd) {
    return {
      success: true,
      message: CANCEL_SUCCESS_MESSAGE,
      subscriptionEndDate: user.subscriptionEndDate?.toISOString() ?? null,
    };
  }
  const sub = await payments.cancelAtPeriodEnd(user.stripeSubscriptionId);
  const fields = userFieldsFromSubscription(sub);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...fields, updatedAt: now })
      .where(eq(users.id, user.id));
    await recordSubscriptionEvent(tx, {
      userId: user.id,
      type: 'cancel_requested',
      reason: why.reason ?? null,
      providerRef: sub.id,
      detail: {
        plan: planOf(sub),
        accessUntil: fields.subscriptionEndDate?.toISOString() ?? null,
        ...(why.comment ? { comment: why.comment } : {}),
      },
      occurredAt: now,
    });
  });
  await queueCancellationEmail(ctx, user, fields.subscriptionEndDate ?? null);
  return {
    success: true,
    message: CANCEL_SUCCESS_MESSAGE,
    subscriptionEndDate: fields.subscriptionEndDate?.toISOString() ?? null,
  };
}

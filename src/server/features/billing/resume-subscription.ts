import { eq } from 'drizzle-orm';
import {
  NOTHING_TO_RESUME_MESSAGE,
  RESUME_ENDED_MESSAGE,
  RESUME_SUCCESS_MESSAGE,
  type ResumeResponse,
} from '#shared/schemas/billing';
import { hasActiveSubscription, isPaidPlanType } from '#shared/subscription';
import type { AppContext } from '#server/context';
import { users } from '#server/db/schema';
import { badRequest } from '#server/http/errors';
import type { PaymentsProvider } from '#server/providers/payments';
import type { UserRow } from '#server/db/schema';
import { recordSubscriptionEvent } from './subscription-events';
import { isLive, planOf, userFieldsFromSubscription } from './subscription-state';

/**
 * Undoes a cancellation while the paid period is still running (decision 0018): the same
 * subscription renews again, nothing is charged now. After the end there is nothing to resume:
 * the member subscribes again. The provider's state is read first, so a subscription that
 * ended there (event not yet arrived) is recorded as ended rather than "resumed".
 */
export async function resumeSubscription(
  ctx: AppContext,
  payments: PaymentsProvider,
  user: UserRow,
): Promise<ResumeResponse> {
  const now = ctx.clock.now();
  if (!isPaidPlanType(user.subscriptionType) || !user.stripeSubscriptionId) throw badRequest(NOTHING_TO_RESUME_MESSAGE);
  if (!hasActiveSubscription(user, now, ctx.config.PAYMENT_GRACE_DAYS)) throw badRequest(RESUME_ENDED_MESSAGE);
  if (!user.cancelAtPeriodEnd) throw badRequest(NOTHING_TO_RESUME_MESSAGE);
  const current = await payments.retrieveSubscription(user.stripeSubscriptionId);
  const sub = current && isLive(current) ? await payments.resume(current.id) : current;
  const resumed = sub !== null && isLive(sub);
  if (sub)
    await ctx.db.transaction(async (tx) => {
      const fields = userFieldsFromSubscription(sub);
      await tx
        .update(users)
        .set({ ...fields, updatedAt: now })
        .where(eq(users.id, user.id));
      if (resumed)
        await recordSubscriptionEvent(tx, {
          userId: user.id,
          type: 'resumed',
          providerRef: sub.id,
          detail: { plan: planOf(sub), renewsOn: fields.subscriptionEndDate?.toISOString() ?? null },
          occurredAt: now,
        });
    });
  if (!sub || !resumed) throw badRequest(RESUME_ENDED_MESSAGE);
  const fields = userFieldsFromSubscription(sub);
  return {
    success: true,
    message: RESUME_SUCCESS_MESSAGE,
    subscriptionEndDate: fields.subscriptionEndDate?.toISOString() ?? null,
  };
}

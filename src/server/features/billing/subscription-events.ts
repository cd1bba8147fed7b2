import type { SubscriptionEventType } from '#shared/schemas/billing';
import type { DbOrTx } from '#server/db/client';
import { subscriptionEvents } from '#server/db/schema';

/**
 * Adds one row to a member's subscription history (in the caller's transaction when given one).
 * The business figures, the member's data export and the refunds list read these rows; an erased
 * account keeps its financial rows.
 */
export async function recordSubscriptionEvent(
  db: DbOrTx,
  event: {
    userId: number | null;
    type: SubscriptionEventType;
    reason?: string | null;
    amountPence?: number | null;
    providerRef?: string | null;
    detail?: unknown;
    createdBy?: number | null;
    occurredAt: Date;
  },
): Promise<void> {
  await db.insert(subscriptionEvents).values({
    userId: event.userId,
    type: event.type,
    reason: event.reason ?? null,
    amountPence: event.amountPence ?? null,
    providerRef: event.providerRef ?? null,
    detail: event.detail ?? null,
    createdBy: event.createdBy ?? null,
    occurredAt: event.occurredAt,
  });
}

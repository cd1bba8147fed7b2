import type { SubscriptionEventType } from '#shared/schemas/billing';
import type { DbOrTx } from '#server/db/client';
import { subscriptionEvents } from '#server/db/schema';

/**
 * Writes one row of a member's subscription history (joined, renewed, payment failed, recovered,
 * cancel requested, resumed, ended, refunded, notice sent) where the thing happens, in the
 * caller's transaction when given one. The business figures, the data export and the refunds list
 * read these rows; amounts are integer pence. In the caller's transaction, the event is recorded
 * together with the change it describes or not at all.
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

/** Many rows at once (one insert), e.g. a notice sent to every member on a plan. */
export async function recordSubscriptionEvents(
  db: DbOrTx,
  events: Parameters<typeof recordSubscriptionEvent>[1][],
): Promise<void> {
  if (!events.length) return;
  await db.insert(subscriptionEvents).values(
    events.map((e) => ({
      userId: e.userId,
      type: e.type,
      reason: e.reason ?? null,
      amountPence: e.amountPence ?? null,
      providerRef: e.providerRef ?? null,
      detail: e.detail ?? null,
      createdBy: e.createdBy ?? null,
      occurredAt: e.occurredAt,
    })),
  );
}

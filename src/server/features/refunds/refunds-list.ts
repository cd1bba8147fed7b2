import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { isErasedEmail } from '#shared/erased-account';
import { formatLongDay, londonDate } from '#shared/london-time';
import { formatPounds } from '#shared/my-bets';
import { fieldOf, stringFieldOf } from '#shared/unknown-values';
import type {
  RefundablePayment,
  RefundablePaymentsResponse,
  RefundRow,
  RefundsResponse,
} from '#shared/schemas/billing';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import { checkoutSessions, subscriptionEvents, users } from '#server/db/schema';
import { HttpError } from '#server/http/errors';
import { PaymentsUnavailableError, type PaymentsProvider } from '#server/providers/payments';
import { memberOrThrow } from '../members/members';

type EventRow = typeof subscriptionEvents.$inferSelect;

const REFUNDS_LIST_LIMIT = 500;

const refunded = eq(subscriptionEvents.type, 'refunded');

export async function refundEventByKey(ctx: AppContext, key: string): Promise<EventRow | null> {
  const [row] = await ctx.db
    .select()
    .from(subscriptionEvents)
    .where(and(refunded, sql`${subscriptionEvents.detail}->>'idempotencyKey' = ${key}`))
    .limit(1);
  return row ?? null;
}

export async function refundEventByProviderRef(db: DbOrTx, providerRef: string): Promise<EventRow | null> {
  const [row] = await db
    .select()
    .from(subscriptionEvents)
    .where(and(refunded, eq(subscriptionEvents.providerRef, providerRef)))
    .limit(1);
  return row ?? null;
}

async function emailsOf(ctx: AppContext, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, wanted));
  // An erased account keeps its row under a placeholder address: it is listed as no address at all.
  return new Map(rows.filter((r) => !isErasedEmail(r.email)).map((r) => [r.id, r.email]));
}

/** A refund event as listed; its detail is JSON, each field read by checking (one missing or of another type as absent). */
function toRow(e: EventRow, emails: Map<number, string>): RefundRow {
  return {
    id: e.id,
    memberId: e.userId,
    memberEmail: e.userId === null ? null : (emails.get(e.userId) ?? null),
    amountPence: e.amountPence ?? 0,
    reason: e.reason ?? 'other',
    note: stringFieldOf(e.detail, 'note') ?? '',
    providerRef: e.providerRef,
    checkoutId: stringFieldOf(e.detail, 'checkoutId') ?? null,
    endedMembership: fieldOf(e.detail, 'endedMembership') === true,
    refundedBy: e.createdBy === null ? null : (emails.get(e.createdBy) ?? null),
    occurredAt: e.occurredAt.toISOString(),
  };
}

export async function presentRefund(ctx: AppContext, e: EventRow): Promise<RefundRow> {
  return toRow(e, await emailsOf(ctx, [e.userId, e.createdBy]));
}

/** Every refund made from the admin, newest first (an erased member's refund keeps its amount, without the address). */
export async function listRefunds(ctx: AppContext): Promise<RefundsResponse> {
  const events = await ctx.db
    .select()
    .from(subscriptionEvents)
    .where(refunded)
    .orderBy(desc(subscriptionEvents.occurredAt), desc(subscriptionEvents.id))
    .limit(REFUNDS_LIST_LIMIT);
  const emails = await emailsOf(
    ctx,
    events.flatMap((e) => [e.userId, e.createdBy]),
  );
  return { refunds: events.map((e) => toRow(e, emails)) };
}

const day = (d: Date | null) => (d ? ` on ${formatLongDay(londonDate(d))}` : '');

/**
 * What the refund form may offer for a member: the membership's latest payment, and each
 * duplicate payment still due back, with what is left to refund of each (read from the provider).
 */
export async function refundablePayments(
  ctx: AppContext,
  payments: PaymentsProvider,
  memberId: number,
): Promise<RefundablePaymentsResponse> {
  const member = await memberOrThrow(ctx, memberId);
  const duplicates = await ctx.db
    .select({ id: checkoutSessions.id, subscriptionId: checkoutSessions.stripeSubscriptionId })
    .from(checkoutSessions)
    .where(
      and(eq(checkoutSessions.email, member.email), sql`${checkoutSessions.duplicateOfSubscriptionId} is not null`),
    )
    .orderBy(checkoutSessions.completedAt);
  const targets = [
    ...(member.stripeSubscriptionId
      ? [{ checkoutId: null, subscriptionId: member.stripeSubscriptionId, what: 'Latest payment' }]
      : []),
    ...duplicates
      .filter((d) => d.subscriptionId)
      .map((d) => ({ checkoutId: d.id, subscriptionId: d.subscriptionId!, what: 'Duplicate payment' })),
  ];
  const list: RefundablePayment[] = [];
  for (const target of targets) {
    let payment;
    try {
      payment = await payments.latestPayment(target.subscriptionId);
    } catch (err) {
      if (err instanceof PaymentsUnavailableError)
        throw new HttpError(
          502,
          'The payment provider could not be reached to read this member’s payments. Try again in a moment.',
        );
      throw err;
    }
    if (!payment) continue;
    const refundablePence = Math.max(0, payment.amountPaidPence - payment.amountRefundedPence);
    list.push({
      checkoutId: target.checkoutId,
      label: `${target.what}: ${formatPounds(payment.amountPaidPence)}${day(payment.paidAt)}`,
      amountPaidPence: payment.amountPaidPence,
      amountRefundedPence: payment.amountRefundedPence,
      refundablePence,
      paidAt: payment.paidAt?.toISOString() ?? null,
    });
  }
  return { payments: list };
}

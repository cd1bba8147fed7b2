import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatLongDay, londonDate } from '#shared/london-time';
import { formatPounds } from '#shared/my-bets';
import type {
  PriceChangeBody,
  PriceChangeResponse,
  PriceChangeRow,
  PriceChangesResponse,
} from '#shared/schemas/billing';
import { PRICE_CHANGE_NOTICE_DAYS, earliestPriceChangeDay } from '#shared/subscription-notices';
import type { AppContext } from '#server/context';
import { noticesSent, priceChanges, users, type UserRow } from '#server/db/schema';
import { badRequest } from '#server/http/errors';
import { priceChangeEmail } from '../mail/billing-messages';
import { enqueue, wakeMailWorkers } from '../mail/outbox';
import { payingMembers } from './paying-members';
import { recordSubscriptionEvents } from '../billing/subscription-events';

type PriceChange = typeof priceChanges.$inferSelect;

async function notifiedCounts(ctx: AppContext, ids: number[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ occasion: noticesSent.occasion, n: sql<number>`count(*)::int` })
    .from(noticesSent)
    .where(
      and(
        eq(noticesSent.kind, 'price_change'),
        inArray(
          noticesSent.occasion,
          ids.map((id) => String(id)),
        ),
      ),
    )
    .groupBy(noticesSent.occasion);
  return new Map(rows.map((r) => [r.occasion, Number(r.n)]));
}

async function present(ctx: AppContext, rows: PriceChange[]): Promise<PriceChangeRow[]> {
  const counts = await notifiedCounts(
    ctx,
    rows.map((r) => r.id),
  );
  const adminIds = [...new Set(rows.map((r) => r.createdBy).filter((id): id is number => id !== null))];
  const admins = adminIds.length
    ? await ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, adminIds))
    : [];
  const emailOf = new Map(admins.map((a) => [a.id, a.email]));
  return rows.map((r) => ({
    id: r.id,
    plan: r.plan,
    newPricePence: r.newPricePence,
    effectiveFrom: r.effectiveFrom,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy === null ? null : (emailOf.get(r.createdBy) ?? null),
    notified: counts.get(String(r.id)) ?? 0,
  }));
}

/**
 * Announces a new price for a plan at least PRICE_CHANGE_NOTICE_DAYS ahead: records it and
 * e-mails every member paying on that plan (a notice each, once, with its history row) in one
 * transaction. It does not change what the provider charges: the price there is changed on the
 * day by whoever runs the Stripe account.
 */
export async function announcePriceChange(
  ctx: AppContext,
  admin: UserRow,
  body: PriceChangeBody,
): Promise<PriceChangeResponse> {
  const now = ctx.clock.now();
  const earliest = earliestPriceChangeDay(londonDate(now));
  if (body.effectiveFrom < earliest) {
    throw badRequest(
      `A price change must be announced at least ${PRICE_CHANGE_NOTICE_DAYS} days ahead: the earliest date it can take effect is ${formatLongDay(earliest)} (${earliest}).`,
    );
  }
  const recipients = (await payingMembers(ctx)).filter((m) => m.plan === body.plan);
  const row = await ctx.db.transaction(async (tx) => {
    const [change] = await tx
      .insert(priceChanges)
      .values({
        plan: body.plan,
        newPricePence: body.newPricePence,
        effectiveFrom: body.effectiveFrom,
        message: body.message,
        createdBy: admin.id,
        createdAt: now,
      })
      .returning();
    if (!recipients.length) return change;
    const occasion = String(change.id);
    await tx
      .insert(noticesSent)
      .values(recipients.map((m) => ({ userId: m.user.id, kind: 'price_change', occasion, sentAt: now })))
      .onConflictDoNothing();
    const detail = {
      priceChangeId: change.id,
      plan: body.plan,
      newPricePence: body.newPricePence,
      effectiveFrom: body.effectiveFrom,
    };
    await recordSubscriptionEvents(
      tx,
      recipients.map((m) => ({
        userId: m.user.id,
        type: 'notice_sent' as const,
        reason: 'price_change',
        detail,
        createdBy: admin.id,
        occurredAt: now,
      })),
    );
    const content = priceChangeEmail(ctx.config, {
      plan: body.plan,
      newPricePence: body.newPricePence,
      effectiveFrom: body.effectiveFrom,
      message: body.message,
    });
    await enqueue(
      ctx,
      recipients.map((m) => ({
        kind: 'billing' as const,
        recipient: m.user.email,
        idempotencyKey: `notice:price_change:${m.user.id}:${occasion}`,
        content,
      })),
      tx,
    );
    return change;
  });
  await wakeMailWorkers(ctx);
  const [priceChange] = await present(ctx, [row]);
  const who = recipients.length === 1 ? '1 member' : `${recipients.length} members`;
  return {
    success: true,
    message: `The ${body.plan} price of ${formatPounds(body.newPricePence)} from ${formatLongDay(body.effectiveFrom)} was announced to ${who} on that plan.`,
    priceChange,
  };
}

export async function listPriceChanges(ctx: AppContext): Promise<PriceChangesResponse> {
  const rows = await ctx.db
    .select()
    .from(priceChanges)
    .orderBy(desc(priceChanges.createdAt), desc(priceChanges.id))
    .limit(200);
  return { priceChanges: await present(ctx, rows) };
}

import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { planOfAccount, type Plan } from '#shared/subscription-notices';
import type { AppContext } from '#server/context';
import { checkoutSessions, users, type UserRow } from '#server/db/schema';

export interface PayingMember {
  user: UserRow;
  plan: Plan;
  /** What the checkout that started the subscription came to (a discount code's price), when known. */
  checkoutPencePaid: number | null;
}

/**
 * Accounts paying through the provider with a running subscription (not an admin grant), with the
 * plan they are on. `renewingBy`: only those renewing (not set to end, not being retried) no
 * later than that instant.
 */
export async function payingMembers(
  ctx: AppContext,
  opts: { renewingBy?: Date; statuses?: string[] } = {},
): Promise<PayingMember[]> {
  const now = ctx.clock.now();
  const where = [
    isNotNull(users.stripeSubscriptionId),
    inArray(users.subscriptionStatus, opts.statuses ?? ['active', 'trialing', 'past_due']),
    gt(users.subscriptionEndDate, now),
  ];
  if (opts.renewingBy) where.push(eq(users.cancelAtPeriodEnd, false), lte(users.subscriptionEndDate, opts.renewingBy));
  const rows = await ctx.db
    .select({ user: users, plan: checkoutSessions.plan, amountPence: checkoutSessions.amountPence })
    .from(users)
    .leftJoin(
      checkoutSessions,
      and(
        eq(checkoutSessions.stripeSubscriptionId, users.stripeSubscriptionId),
        eq(checkoutSessions.status, 'complete'),
        isNull(checkoutSessions.duplicateOfSubscriptionId),
      ),
    )
    .where(and(...where))
    .orderBy(users.id, sql`${checkoutSessions.completedAt} desc nulls last`);
  const seen = new Set<number>();
  const members: PayingMember[] = [];
  for (const r of rows) {
    if (seen.has(r.user.id)) continue;
    seen.add(r.user.id);
    const plan = planOfAccount(r.user.subscriptionType, r.plan);
    if (plan) members.push({ user: r.user, plan, checkoutPencePaid: r.amountPence });
  }
  return members;
}

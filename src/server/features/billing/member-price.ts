import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { checkoutSessions, type UserRow } from '#server/db/schema';

/**
 * What the member pays a month: the amount of the checkout that started their current
 * subscription (£12 with a discount code, £16 without); null without one (a granted membership,
 * or none). A checkout recorded as a duplicate payment is not theirs to quote.
 */
export async function memberMonthlyPrice(
  ctx: AppContext,
  user: UserRow,
): Promise<{ monthlyPricePence: number | null }> {
  if (!user.stripeSubscriptionId) return { monthlyPricePence: null };
  const [row] = await ctx.db
    .select({ amountPence: checkoutSessions.amountPence })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.stripeSubscriptionId, user.stripeSubscriptionId),
        eq(checkoutSessions.status, 'complete'),
        eq(checkoutSessions.plan, 'monthly'),
        isNull(checkoutSessions.duplicateOfSubscriptionId),
      ),
    )
    .orderBy(desc(checkoutSessions.completedAt))
    .limit(1);
  return { monthlyPricePence: row?.amountPence ?? null };
}

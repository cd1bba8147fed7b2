import { and, desc, eq, isNotNull, isNull, ne, not } from 'drizzle-orm';
import { memberState, monthlyPricePence, type MemberState } from '#shared/business-figures';
import type { AppContext } from '#server/context';
import { isErasedAccount } from '#server/db/erased-accounts';
import { checkoutSessions, users, type UserRow } from '#server/db/schema';
import { isWarmUpMember } from '#server/warm-up';

export interface MemberAccount {
  user: UserRow;
  state: MemberState;
  /** What they pay a month, when they hold a paid subscription (their own checkout's amount). */
  monthlyPricePence: number | null;
  plan: string | null;
  startNowAcknowledgedAt: Date | null;
}

/** States whose member holds a paid subscription now. */
const PAID_STATES: ReadonlySet<MemberState> = new Set(['paying', 'cancelling', 'past_due']);

/**
 * Every member account with where it stands now and its own price: administrators, a start-up
 * warm-up's throwaway member and the anonymous rows of erased accounts are nobody's membership.
 * A subscription's price is read from the checkout that started it (not a duplicate payment).
 */
export async function memberAccounts(ctx: AppContext): Promise<MemberAccount[]> {
  const now = ctx.clock.now();
  const [rows, checkouts] = await Promise.all([
    ctx.db
      .select()
      .from(users)
      .where(and(ne(users.role, 'admin'), not(isWarmUpMember), not(isErasedAccount)))
      .orderBy(users.id),
    ctx.db
      .select({
        subscriptionId: checkoutSessions.stripeSubscriptionId,
        amountPence: checkoutSessions.amountPence,
        plan: checkoutSessions.plan,
        startNowAcknowledgedAt: checkoutSessions.startNowAcknowledgedAt,
      })
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.status, 'complete'),
          isNull(checkoutSessions.duplicateOfSubscriptionId),
          isNotNull(checkoutSessions.stripeSubscriptionId),
        ),
      )
      .orderBy(desc(checkoutSessions.completedAt)),
  ]);
  const bySubscription = new Map<string, (typeof checkouts)[number]>();
  for (const c of checkouts) if (!bySubscription.has(c.subscriptionId!)) bySubscription.set(c.subscriptionId!, c);
  return rows.map((user) => {
    const state = memberState(user, now);
    const checkout = user.stripeSubscriptionId ? (bySubscription.get(user.stripeSubscriptionId) ?? null) : null;
    return {
      user,
      state,
      monthlyPricePence: PAID_STATES.has(state) ? monthlyPricePence(checkout) : null,
      plan: checkout?.plan ?? null,
      startNowAcknowledgedAt: checkout?.startNowAcknowledgedAt ?? null,
    };
  });
}

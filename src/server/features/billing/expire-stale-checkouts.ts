import { and, asc, eq, lt } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { checkoutSessions } from '#server/db/schema';
import type { PaymentsProvider } from '#server/providers/payments';
import { expireCheckout } from './create-checkout';
import { subscriptionPaid } from './subscription-paid';

/** A checkout left unpaid this long is closed (Stripe's own default lifetime). */
export const CHECKOUT_LIFETIME_MS = 24 * 3600_000;
/** Provider calls per housekeeping pass; a backlog is finished by the next passes. */
const MAX_PER_PASS = 100;

/**
 * Housekeeping (docs/decisions/0021): checkouts started more than a day ago and never paid are expired
 * at the provider and here, so no old link can still take a payment. One that turns out to have
 * been paid (its webhook lost) is recorded instead, as a late webhook would be. Returns how many
 * were expired.
 */
export async function expireStaleCheckouts(ctx: AppContext, payments: PaymentsProvider): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - CHECKOUT_LIFETIME_MS);
  const stale = await ctx.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.status, 'open'), lt(checkoutSessions.createdAt, cutoff)))
    .orderBy(asc(checkoutSessions.createdAt))
    .limit(MAX_PER_PASS);
  let expired = 0;
  for (const { id } of stale) {
    const status = await expireCheckout(ctx, payments, id);
    if (status === 'complete') await subscriptionPaid(ctx, payments, id);
    else expired++;
  }
  return expired;
}

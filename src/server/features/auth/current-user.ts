import type { CurrentUser } from '#shared/schemas/auth';
import { isEmailPaused } from '#shared/email-pause';
import { hasActiveSubscription, paymentFailureOf } from '#shared/subscription';
import type { AppContext } from '#server/context';
import { hasMemberAccess } from '#server/http/access';
import type { UserRow } from '#server/db/schema';

/** The user as the client sees it; never the hash or provider ids. */
export async function presentUser(ctx: AppContext, user: UserRow): Promise<CurrentUser> {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    isSubscribed: hasActiveSubscription(user, ctx.clock.now(), ctx.config.PAYMENT_GRACE_DAYS),
    hasMemberAccess: await hasMemberAccess(ctx, user),
    subscriptionType: user.subscriptionType,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionStartDate: user.subscriptionStartDate?.toISOString() ?? null,
    subscriptionEndDate: user.subscriptionEndDate?.toISOString() ?? null,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
    emailOptOut: user.emailOptOut,
    emailPausedUntil: isEmailPaused(user.emailPausedUntil, ctx.clock.now())
      ? user.emailPausedUntil!.toISOString()
      : null,
    oddsFormat: user.oddsFormat === 'decimal' ? 'decimal' : 'fractional',
    ...paymentFailureOf(user, ctx.config.PAYMENT_GRACE_DAYS),
  };
}

import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { checkoutSessions, users } from '#server/db/schema';
import { conflict } from '#server/http/errors';
import type { PaymentsProvider } from '#server/providers/payments';
import { hashPassword } from '../auth/passwords';
import { destroyUserSessions } from '#server/sessions/sessions';
import { findUserByEmail } from '../auth/users';
import { findPaidCheckout } from './checkout-lookup';
import { PASSWORD_ALREADY_SET, passwordStepClosed } from './password-step';

/**
 * The post-payment password step (decision 0018): sets the first password of the account this
 * checkout created, once, within 24 hours of paying. Any other sessions of that account end.
 * Returns the user id to sign in.
 */
export async function setPasswordAfterPayment(
  ctx: AppContext,
  payments: PaymentsProvider,
  sessionId: string,
  password: string,
): Promise<number> {
  const checkout = await findPaidCheckout(ctx, payments, sessionId);
  const account = await findUserByEmail(ctx, checkout.email);
  const closed = passwordStepClosed(checkout, account, ctx.clock.now());
  if (closed || !account) throw conflict(closed ?? PASSWORD_ALREADY_SET);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    // Both claims are conditional, so two browsers racing with the same session id get one success.
    const claimed = await tx
      .update(checkoutSessions)
      .set({ passwordSetAt: now })
      .where(and(eq(checkoutSessions.id, sessionId), isNull(checkoutSessions.passwordSetAt)))
      .returning({ id: checkoutSessions.id });
    const set = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, account.id), isNull(users.passwordHash)))
      .returning({ id: users.id });
    if (!claimed.length || !set.length) throw conflict(PASSWORD_ALREADY_SET);
  });
  await destroyUserSessions(ctx, account.id);
  return account.id;
}

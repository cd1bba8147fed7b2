import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { checkoutSessions, users } from '../../db/schema';
import { conflict } from '../../http/errors';
import type { PaymentsProvider } from '../../providers/payments';
import { hashPassword } from '../auth/passwords';
import { destroyUserSessions } from '../auth/sessions';
import { createUser, findUserByEmail } from '../auth/users';
import { queueWelcomeEmail } from '../mail/transactional';
import { findPaidCheckout } from './checkout-lookup';

export const PASSWORD_ALREADY_SET = 'A password has already been set for this payment. Please sign in instead.';
export const ACCOUNT_HAS_PASSWORD = 'This email address already has an account with a password. Please sign in: the subscription is on that account.';

/**
 * The post-payment password step: sets the password of the account that paid, once per checkout
 * (whoever holds the session id is the payer's browser; a second use is refused). Any other
 * sessions of that account end, as after a password reset. Returns the user id to sign in.
 */
export async function setPasswordAfterPayment(ctx: AppContext, payments: PaymentsProvider, sessionId: string, password: string): Promise<number> {
  const checkout = await findPaidCheckout(ctx, payments, sessionId);
  if (checkout.passwordSetAt) throw conflict(PASSWORD_ALREADY_SET);
  // A visitor's checkout may have been started before the owner of that address set a password
  // (registered meanwhile): paying must never let the payer replace it. The owner's own checkout may.
  const existing = await findUserByEmail(ctx, checkout.email);
  if (existing?.passwordHash && checkout.startedByUserId !== existing.id) throw conflict(ACCOUNT_HAS_PASSWORD);
  const passwordHash = await hashPassword(password);
  const userId = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const claimed = await tx
      .update(checkoutSessions)
      .set({ passwordSetAt: now })
      .where(and(eq(checkoutSessions.id, sessionId), isNull(checkoutSessions.passwordSetAt)))
      .returning({ id: checkoutSessions.id });
    if (!claimed.length) throw conflict(PASSWORD_ALREADY_SET);
    const { user } = await createUser(ctx, { email: checkout.email }, tx);
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    return user.id;
  });
  await destroyUserSessions(ctx, userId);
  await queueWelcomeEmail(ctx, userId, checkout.email);
  return userId;
}

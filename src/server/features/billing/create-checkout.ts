import { hasActiveSubscription } from '../../../shared/subscription';
import type { AppContext } from '../../context';
import { checkoutSessions } from '../../db/schema';
import { conflict } from '../../http/errors';
import type { PaymentsProvider } from '../../providers/payments';
import type { UserRow } from '../auth/sessions';
import { findUserByEmail } from '../auth/users';

export const ALREADY_MEMBER_MESSAGE = 'You already have an active subscription.';
export const EMAIL_ALREADY_MEMBER_MESSAGE = 'This email address already has an active subscription. Please sign in to manage it.';
export const EMAIL_HAS_ACCOUNT_MESSAGE = 'This email address already has an account. Please sign in to subscribe.';

/**
 * Starts a checkout for one e-mail: a visitor's typed address, or a signed-in non-member's own
 * (DESIGN decision 2). Someone who already has an active subscription is refused rather than
 * charged twice, and a visitor typing the address of an account that has a password is asked to
 * sign in first.
 */
export async function createCheckout(
  ctx: AppContext,
  payments: PaymentsProvider,
  input: { signedIn: UserRow | null; email: string | undefined; baseUrl: string },
): Promise<{ url: string }> {
  const now = ctx.clock.now();
  if (input.signedIn && hasActiveSubscription(input.signedIn, now)) throw conflict(ALREADY_MEMBER_MESSAGE);
  const account = input.signedIn ?? (await findUserByEmail(ctx, input.email!));
  if (!input.signedIn && account && hasActiveSubscription(account, now)) throw conflict(EMAIL_ALREADY_MEMBER_MESSAGE);
  // The post-payment password step sets the password of the account that paid: a typed address
  // must not let a visitor pay for someone's existing account and then take it over.
  if (!input.signedIn && account?.passwordHash) throw conflict(EMAIL_HAS_ACCOUNT_MESSAGE);
  const email = account?.email ?? input.email!;
  const session = await payments.createCheckoutSession({
    email,
    // Only a signed-in person reuses their customer record: a typed address proves nothing.
    customerId: input.signedIn?.stripeCustomerId,
    successUrl: `${input.baseUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${input.baseUrl}/subscribe`,
    reference: input.signedIn ? String(input.signedIn.id) : undefined,
  });
  await ctx.db.insert(checkoutSessions).values({ id: session.id, provider: payments.kind, email, status: 'open', startedByUserId: input.signedIn?.id ?? null, createdAt: now });
  return { url: session.url };
}

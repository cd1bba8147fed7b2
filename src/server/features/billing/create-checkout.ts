import { ANNUAL_UNAVAILABLE_MESSAGE } from '#shared/consent';
import {
  ALREADY_MEMBER_MESSAGE,
  EMAIL_ALREADY_MEMBER_MESSAGE,
  EMAIL_HAS_ACCOUNT_MESSAGE,
  PAYMENT_FAILED_CHECKOUT_MESSAGE,
} from '#shared/form-errors';
import { and, eq, ne } from 'drizzle-orm';
import { CHECKOUT_CANCELLED } from '#shared/paths';
import type { CheckoutTerms } from '#shared/schemas/billing';
import { hasActiveSubscription } from '#shared/subscription';
import type { AppContext } from '#server/context';
import { checkoutSessions } from '#server/db/schema';
import { badRequest, conflict } from '#server/http/errors';
import type { PaymentsProvider } from '#server/providers/payments';
import type { UserRow } from '#server/db/schema';
import { findUserByEmail } from '../auth/users';
import { subscriptionPaid } from './subscription-paid';

/**
 * Starts a checkout for one e-mail: a visitor's typed address, or a signed-in non-member's own
 * (DESIGN decision 2), on the plan chosen. The boxes (18 or over, the terms, starting now) were
 * ticked — the request's schema requires them — and their time is kept on the checkout, to be
 * copied to the account once paid. Someone who already has an active subscription is refused
 * rather than charged twice, and a visitor typing the address of an account that has a password
 * is asked to sign in first. Only the newest checkout of an address can be paid (decision 0018).
 */
export async function createCheckout(
  ctx: AppContext,
  payments: PaymentsProvider,
  input: { signedIn: UserRow | null; email: string | undefined; terms: CheckoutTerms; baseUrl: string },
): Promise<{ url: string }> {
  const now = ctx.clock.now();
  const plan = input.terms.plan;
  if (plan === 'annual' && ctx.config.ANNUAL_PRICE_PENCE === undefined) throw badRequest(ANNUAL_UNAVAILABLE_MESSAGE);
  const graceDays = ctx.config.PAYMENT_GRACE_DAYS;
  // A renewal being retried is still their subscription: a second one would charge them twice.
  if (input.signedIn?.subscriptionStatus === 'past_due' && input.signedIn.stripeSubscriptionId)
    throw conflict(PAYMENT_FAILED_CHECKOUT_MESSAGE);
  if (input.signedIn && hasActiveSubscription(input.signedIn, now, graceDays)) throw conflict(ALREADY_MEMBER_MESSAGE);
  const account = input.signedIn ?? (await findUserByEmail(ctx, input.email!));
  if (!input.signedIn && account && hasActiveSubscription(account, now, graceDays))
    throw conflict(EMAIL_ALREADY_MEMBER_MESSAGE);
  // The post-payment password step is only for an account the checkout creates (decision 0018);
  // still, a visitor paying for someone's existing account gains nothing, so ask them to sign in.
  if (!input.signedIn && account?.passwordHash) throw conflict(EMAIL_HAS_ACCOUNT_MESSAGE);
  const email = account?.email ?? input.email!;
  const session = await payments.createCheckoutSession({
    email,
    plan,
    // Only a signed-in person reuses their customer record: a typed address proves nothing.
    customerId: input.signedIn?.stripeCustomerId,
    successUrl: `${input.baseUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${input.baseUrl}/subscribe?${CHECKOUT_CANCELLED.name}=${CHECKOUT_CANCELLED.value}`,
    reference: input.signedIn ? String(input.signedIn.id) : undefined,
  });
  const createdAt = ctx.clock.now();
  // Each box was ticked in this request: their time is the request's.
  const consent = { ageConfirmedAt: now, termsAcceptedAt: now, startNowAcknowledgedAt: now };
  await ctx.db.insert(checkoutSessions).values({
    id: session.id,
    provider: payments.kind,
    email,
    status: 'open',
    plan,
    ...consent,
    startedByUserId: input.signedIn?.id ?? null,
    createdAt,
  });
  if (await expireOlderCheckouts(ctx, payments, { id: session.id, email, createdAt })) {
    // An older one was paid meanwhile: that is the subscription; this one must not be paid too.
    await expireCheckout(ctx, payments, session.id);
    throw conflict(input.signedIn ? ALREADY_MEMBER_MESSAGE : EMAIL_ALREADY_MEMBER_MESSAGE);
  }
  return { url: session.url };
}

/**
 * Makes every other open checkout of this address unpayable, so two tabs (or two quick clicks)
 * cannot both be paid. Done after recording the new one: of two requests racing, the one recorded
 * later expires the earlier, whichever answered first. Returns true when an older checkout turned
 * out to be paid already (it is recorded here, like a late webhook).
 */
async function expireOlderCheckouts(
  ctx: AppContext,
  payments: PaymentsProvider,
  newest: { id: string; email: string; createdAt: Date },
) {
  const open = await ctx.db
    .select({ id: checkoutSessions.id, createdAt: checkoutSessions.createdAt })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.email, newest.email),
        eq(checkoutSessions.status, 'open'),
        ne(checkoutSessions.id, newest.id),
      ),
    );
  const older = open.filter(
    (c) => c.createdAt < newest.createdAt || (c.createdAt.getTime() === newest.createdAt.getTime() && c.id < newest.id),
  );
  let paidMeanwhile = false;
  for (const { id } of older) {
    const status = await expireCheckout(ctx, payments, id);
    if (status === 'complete' && (await subscriptionPaid(ctx, payments, id))) paidMeanwhile = true;
  }
  return paidMeanwhile;
}

/** Expires one checkout at the provider and here; returns its status after (a paid one stays 'complete'). */
export async function expireCheckout(ctx: AppContext, payments: PaymentsProvider, id: string) {
  const after = await payments.expireCheckoutSession(id);
  if (!after || after.status === 'expired') {
    await ctx.db
      .update(checkoutSessions)
      .set({ status: 'expired' })
      .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
  }
  return after?.status ?? 'expired';
}

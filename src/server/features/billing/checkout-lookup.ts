import { eq } from 'drizzle-orm';
import type { CheckoutSessionLookup } from '#shared/schemas/billing';
import type { AppContext } from '#server/context';
import { checkoutSessions } from '#server/db/schema';
import { notFound } from '#server/http/errors';
import type { PaymentsProvider } from '#server/providers/payments';
import { findUserByEmail } from '../auth/users';
import { passwordStepClosed } from './password-step';
import { subscriptionPaid } from './subscription-paid';

const SESSION_NOT_FOUND = 'No paid checkout was found for this session.';

/**
 * A checkout we started, once paid. The browser can come back from Stripe before the webhook
 * does, so an open one is re-read from the provider (and recorded) before answering 404.
 */
export async function findPaidCheckout(ctx: AppContext, payments: PaymentsProvider, sessionId: string) {
  const read = async () => (await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)))[0];
  let row = await read();
  if (!row) throw notFound(SESSION_NOT_FOUND);
  if (row.status !== 'complete') {
    if (!(await subscriptionPaid(ctx, payments, sessionId))) throw notFound(SESSION_NOT_FOUND);
    row = await read();
  }
  if (!row || row.status !== 'complete') throw notFound(SESSION_NOT_FOUND);
  return row;
}

/**
 * What the payment-success page shows, and nothing more (the session id may be in someone else's
 * hands): which step comes next, never who is signed in or anything else about the account.
 */
export async function lookupCheckout(
  ctx: AppContext,
  payments: PaymentsProvider,
  sessionId: string,
): Promise<CheckoutSessionLookup> {
  const row = await findPaidCheckout(ctx, payments, sessionId);
  const account = await findUserByEmail(ctx, row.email);
  return {
    email: row.email,
    display_text: row.displayText ?? `${ctx.config.SITE_NAME} Premium`,
    needsPassword: passwordStepClosed(row, account, ctx.clock.now()) === null,
    duplicate: row.duplicateOfSubscriptionId !== null,
    startDate: (row.completedAt ?? row.createdAt).toISOString(),
  };
}

import { formatLongDay, londonDate } from '#shared/london-time';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import type { AppConfig } from '#server/env';
import { siteLink } from './links';
import { cancellationEmail } from './messages';
import { welcomeEmail, type Welcome } from './welcome';
import { queueMessage } from './outbox';
import type { EmailContent } from './templates';

/**
 * Account e-mails other features send. They go to the address whatever its member-mail
 * preference (they are about the account, not marketing), and at most once per event.
 * A cancellation e-mail that cannot be queued is logged, never allowed to fail the cancellation.
 */
export async function queueWelcomeEmail(
  ctx: AppContext,
  welcome: Welcome & { checkoutId: string; email: string },
  db: DbOrTx,
) {
  // Queued in the payment's transaction: the contract's confirmation is recorded with it or not at all.
  await queueMessage(
    ctx,
    {
      kind: 'welcome',
      recipient: welcome.email,
      idempotencyKey: `welcome:${welcome.checkoutId}`,
      content: welcomeEmail(ctx.config, welcome),
    },
    db,
  );
}

export async function queueCancellationEmail(
  ctx: AppContext,
  user: { id: number; email: string },
  accessUntil: Date | null,
) {
  try {
    await queueMessage(ctx, {
      kind: 'cancellation',
      recipient: user.email,
      idempotencyKey: `cancellation:${user.id}:${accessUntil?.toISOString() ?? 'open'}`,
      content: cancellationEmail(ctx.config, accessUntil),
    });
  } catch (err) {
    ctx.log.error({ err, userId: user.id }, 'could not queue the cancellation e-mail');
  }
}

export interface DuplicatePayment {
  /** The checkout that paid a second time. */
  sessionId: string;
  email: string;
  amountPence: number | null;
  /** The subscription the member keeps. */
  kept: { currentPeriodEnd: Date | null; cancelAtPeriodEnd: boolean; cancelAt: Date | null };
}

/** Decision 0018: the member paid while already subscribed; the second subscription is gone and the money is due back. */
function duplicatePaymentEmail(config: AppConfig, dup: Pick<DuplicatePayment, 'amountPence' | 'kept'>): EmailContent {
  const amount =
    dup.amountPence == null ? 'a second payment' : `a second payment of £${(dup.amountPence / 100).toFixed(2)}`;
  const endsAt = dup.kept.cancelAt ?? dup.kept.currentPeriodEnd;
  const day = endsAt ? formatLongDay(londonDate(endsAt)) : null;
  const kept = dup.kept.cancelAtPeriodEnd
    ? `Your existing subscription is set to end${day ? ` on ${day}` : ''}. To keep it, resume it from the Subscription tab of My Account.`
    : `Your existing subscription carries on as before${day ? `: it renews on ${day}` : ''}.`;
  return {
    subject: `Your second ${config.SITE_NAME} payment will be refunded`,
    preheader: 'You already had a subscription: the second one has been cancelled.',
    blocks: [
      { kind: 'heading', text: 'You paid twice: we are refunding the second payment' },
      {
        kind: 'p',
        text: `We received ${amount} for ${config.SITE_NAME} Premium while your subscription was already running. We cancelled the second subscription straight away, so it will never renew, and we will refund that payment to your card.`,
      },
      { kind: 'p', text: kept },
      { kind: 'p', text: `You don't need to do anything. Questions? Contact us at ${config.SUPPORT_EMAIL}.` },
      { kind: 'button', label: 'My Account', href: siteLink(config, '/my-account') },
    ],
  };
}

/**
 * Queued in the caller's transaction: the refund flag and the member's notice are recorded together
 * or not at all (a failure lets the provider retry the event). Filed under the cancellation kind:
 * it announces a subscription we cancelled. One per checkout.
 */
export async function queueDuplicatePaymentEmail(ctx: AppContext, dup: DuplicatePayment, db: DbOrTx) {
  await queueMessage(
    ctx,
    {
      kind: 'cancellation',
      recipient: dup.email,
      idempotencyKey: `duplicate-payment:${dup.sessionId}`,
      content: duplicatePaymentEmail(ctx.config, dup),
    },
    db,
  );
}

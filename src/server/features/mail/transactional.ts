import type { AppContext } from '../../context';
import { cancellationEmail, welcomeEmail } from './messages';
import { queueMessage } from './outbox';

/**
 * Account e-mails other features send. They go to the address whatever its member-mail
 * preference (they are about the account, not marketing), and at most once per event.
 * A failure to queue is logged, never allowed to fail the payment or cancellation itself.
 */
export async function queueWelcomeEmail(ctx: AppContext, userId: number, email: string) {
  try {
    await queueMessage(ctx, { kind: 'welcome', recipient: email, idempotencyKey: `welcome:${userId}`, content: welcomeEmail(ctx.config) });
  } catch (err) {
    ctx.log.error({ err, userId }, 'could not queue the welcome e-mail');
  }
}

export async function queueCancellationEmail(ctx: AppContext, user: { id: number; email: string }, accessUntil: Date | null) {
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

import { and, eq, inArray, sql } from 'drizzle-orm';
import { erasedEmail } from '#shared/erased-account';
import { ACCOUNT_DELETED_MESSAGE, DELETE_ADMIN_REFUSED, DELETE_PASSWORD_WRONG } from '#shared/schemas/account';
import { hasActiveSubscription } from '#shared/subscription';
import type { AppContext } from '#server/context';
import type { DbOrTx } from '#server/db/client';
import {
  alertSettings,
  checkoutSessions,
  localPayments,
  loginThrottle,
  memberAlerts,
  memberBets,
  noticesSent,
  outbox,
  passwordResetTokens,
  pushSubscriptions,
  sessions,
  users,
  watchlist,
  type UserRow,
} from '#server/db/schema';
import { HttpError, badRequest } from '#server/http/errors';
import type { PaymentsProvider } from '#server/providers/payments';
import { verifyPassword } from '../auth/passwords';
import { ACCOUNT_LIMIT, THROTTLED_MESSAGE, failAttempt, takeAttempt } from '../auth/throttle';
import { recordSubscriptionEvent } from '../billing/subscription-events';
import { isLive } from '../billing/subscription-state';
import { checkoutsOf, mailTo } from './my-data';

const NOT_SENT = 'Not sent: the account was deleted.';

interface EndedSubscription {
  subscriptionId: string;
  customerId: string | null;
}

/**
 * Ends the account's live provider subscription now (not at the period's end): a deleted account
 * must never be charged again. Asks the provider, not the stored copy, which may lag behind it.
 */
async function endSubscriptionNow(payments: PaymentsProvider, user: UserRow): Promise<EndedSubscription | null> {
  if (!user.stripeSubscriptionId) return null;
  const sub = await payments.retrieveSubscription(user.stripeSubscriptionId);
  if (!sub || !isLive(sub)) return null;
  const ended = await payments.cancelNow(sub.id);
  return { subscriptionId: ended.id, customerId: ended.customerId ?? user.stripeCustomerId };
}

/**
 * Erases what is personal and keeps what the law requires (UK GDPR erasure; HMRC expects
 * financial records for 6 years). Erased: bets, the watch list, alert settings, push devices and alerts, sessions, reset tokens, notices, throttle
 * counts, the address and bodies of e-mails to them (mail still queued is not sent), the address
 * on their checkouts and in the local provider's records, and on the account row every personal
 * field. Kept: the account row as an anonymous `deleted-<id>@invalid` holding the provider's
 * customer and subscription ids, the subscription history (amounts, dates, references) and the
 * checkouts' amounts, plans and consent times.
 */
async function erase(db: DbOrTx, user: UserRow, now: Date) {
  const anonymous = erasedEmail(user.id);
  await db.delete(memberBets).where(eq(memberBets.userId, user.id));
  await db.delete(watchlist).where(eq(watchlist.userId, user.id));
  await db.delete(alertSettings).where(eq(alertSettings.userId, user.id));
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
  await db.delete(memberAlerts).where(eq(memberAlerts.userId, user.id));
  await db.delete(sessions).where(eq(sessions.userId, user.id));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
  await db.delete(noticesSent).where(eq(noticesSent.userId, user.id));
  await db.delete(loginThrottle).where(
    inArray(
      loginThrottle.key,
      ['acct:', 'reg-acct:', 'co-acct:', 'reset:acct:'].map((prefix) => `${prefix}${user.email}`),
    ),
  );
  await db
    .update(outbox)
    .set({ status: 'failed', lastError: NOT_SENT })
    .where(and(mailTo(user.email), eq(outbox.status, 'queued')));
  await db.update(outbox).set({ recipient: anonymous, html: '', text: '', headers: null }).where(mailTo(user.email));
  await db.update(checkoutSessions).set({ email: anonymous }).where(checkoutsOf(user));
  await db
    .update(localPayments)
    .set({ data: sql`jsonb_set(${localPayments.data}, '{email}', to_jsonb(${anonymous}::text))` })
    .where(sql`lower(${localPayments.data}->>'email') = ${user.email}`);
  await db
    .update(users)
    .set({
      email: anonymous,
      passwordHash: null,
      role: 'member',
      subscriptionStatus: user.subscriptionStatus === 'none' ? 'none' : 'canceled',
      subscriptionEndDate: hasActiveSubscription(user, now) ? now : user.subscriptionEndDate,
      cancelAtPeriodEnd: false,
      emailOptOut: true,
      emailPausedUntil: null,
      oddsFormat: 'fractional',
      ageConfirmedAt: null,
      termsAcceptedAt: null,
      termsVersion: null,
      paymentFailedAt: null,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
}

/**
 * DELETE /api/my-account: the signed-in person deletes their account, confirming with their
 * password (counted like a sign-in, so a stolen session cannot guess it). A wrong password
 * changes nothing. An administrator cannot delete itself here (the site must keep an admin).
 */
export async function deleteAccount(
  ctx: AppContext,
  payments: PaymentsProvider,
  user: UserRow,
  password: string,
): Promise<{ success: true; message: string }> {
  if (user.role === 'admin') throw badRequest(DELETE_ADMIN_REFUSED);
  const accountKey = `acct:${user.email}`;
  if (!(await takeAttempt(ctx, accountKey, ACCOUNT_LIMIT))) throw new HttpError(429, THROTTLED_MESSAGE);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await failAttempt(ctx, accountKey, ACCOUNT_LIMIT);
    throw badRequest(DELETE_PASSWORD_WRONG);
  }
  // Before anything is erased: if the provider cannot be reached, nothing changes and the member can try again.
  const ended = await endSubscriptionNow(payments, user);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await erase(tx, user, now);
    if (ended) {
      await recordSubscriptionEvent(tx, {
        userId: user.id,
        type: 'ended',
        reason: 'account_deleted',
        providerRef: ended.subscriptionId,
        detail: { customerId: ended.customerId },
        occurredAt: now,
      });
    }
  });
  ctx.sessions.forgetUser(user.id);
  ctx.log.info({ userId: user.id, subscriptionEnded: Boolean(ended) }, 'account deleted at its owner’s request');
  return { success: true, message: ACCOUNT_DELETED_MESSAGE };
}

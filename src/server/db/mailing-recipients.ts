import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { receivesMemberMail } from '#shared/email-pause';
import type { DbOrTx } from './client';
import { users } from './schema';

/**
 * The accounts a member mailing (the daily tips, a new article, golf) goes to at this moment:
 * access now (a failed renewal's grace period included), not opted out, no e-mail pause running. The mail feature sends to them; the owner's
 * figures count them.
 */
export async function mailingRecipients(
  db: DbOrTx,
  now: Date,
  graceDays: number,
): Promise<Array<{ id: number; email: string }>> {
  const candidates = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      subscriptionStatus: users.subscriptionStatus,
      subscriptionType: users.subscriptionType,
      subscriptionEndDate: users.subscriptionEndDate,
      paymentFailedAt: users.paymentFailedAt,
      emailOptOut: users.emailOptOut,
      emailPausedUntil: users.emailPausedUntil,
    })
    .from(users)
    .where(and(eq(users.emailOptOut, false), or(isNull(users.emailPausedUntil), lte(users.emailPausedUntil, now))))
    .orderBy(users.id);
  return candidates.filter((u) => receivesMemberMail(u, now, graceDays)).map((u) => ({ id: u.id, email: u.email }));
}

import { eq } from 'drizzle-orm';
import { EMAIL_PAUSE_DATE_MESSAGE, emailPauseEnd, emailPauseMessage, type EmailPauseChoice } from '#shared/email-pause';
import type { EmailPauseResponse } from '#shared/schemas/account';
import type { AppContext } from '#server/context';
import { users } from '#server/db/schema';
import { badRequest } from '#server/http/errors';

/** Pauses member mailings for the signed-in person until the chosen day begins (a new pause replaces the old). */
export async function pauseEmails(
  ctx: AppContext,
  userId: number,
  choice: EmailPauseChoice,
): Promise<EmailPauseResponse> {
  const now = ctx.clock.now();
  const until = emailPauseEnd(choice, now);
  if (!until) throw badRequest(EMAIL_PAUSE_DATE_MESSAGE);
  await ctx.db.update(users).set({ emailPausedUntil: until, updatedAt: now }).where(eq(users.id, userId));
  return { success: true, emailPausedUntil: until.toISOString(), message: emailPauseMessage(until) };
}

/** Ends a pause now: the next member mailing reaches them again. */
export async function endEmailPause(ctx: AppContext, userId: number): Promise<EmailPauseResponse> {
  await ctx.db.update(users).set({ emailPausedUntil: null, updatedAt: ctx.clock.now() }).where(eq(users.id, userId));
  return { success: true, emailPausedUntil: null, message: emailPauseMessage(null) };
}

import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import { users } from '#server/db/schema';

/** The member e-mails preference on the account page (the unsubscribe link sets it too, in mail). */
export async function setEmailPreference(ctx: AppContext, userId: number, emailOptOut: boolean) {
  await ctx.db.update(users).set({ emailOptOut, updatedAt: ctx.clock.now() }).where(eq(users.id, userId));
  return {
    success: true,
    emailOptOut,
    message: emailOptOut
      ? 'You will no longer receive member e-mails.'
      : 'You will receive the daily tips and other member e-mails.',
  };
}

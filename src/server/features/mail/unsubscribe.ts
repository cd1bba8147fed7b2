import { eq } from 'drizzle-orm';
import { UNSUBSCRIBE_INVALID_MESSAGE } from '#shared/mail';
import type { AppContext } from '#server/context';
import { users } from '#server/db/schema';
import { badRequest } from '#server/http/errors';
import { legacySigningKey, signingKey, verifyUnsubscribeToken } from './links';

const UNSUBSCRIBED_MESSAGE =
  'You have been unsubscribed from member e-mails. We will still e-mail you about your account (such as password resets). You can turn member e-mails back on in My Account.';

/**
 * The one-click link of every mailing: needs no sign-in, only the signed token. Signed with the
 * derived key, or (links from before decision 0019, in old e-mails) with the secret itself.
 */
export async function unsubscribeWithToken(ctx: AppContext, token: string) {
  const userId = verifyUnsubscribeToken([await signingKey(ctx), await legacySigningKey(ctx)], token);
  if (userId === null) throw badRequest(UNSUBSCRIBE_INVALID_MESSAGE);
  const [user] = await ctx.db
    .update(users)
    .set({ emailOptOut: true, updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!user) throw badRequest(UNSUBSCRIBE_INVALID_MESSAGE);
  // The link's account may not be whoever is signed in here: it is forgotten now, so it reads its choice at once.
  ctx.sessions.forgetUser(userId);
  return { success: true, message: UNSUBSCRIBED_MESSAGE };
}

import crypto from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  RESET_DONE_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  RESET_LINK_SENT_MESSAGE,
  RESET_THROTTLED_MESSAGE,
} from '#shared/mail';
import type { AppContext } from '#server/context';
import { passwordResetTokens, sessions, users } from '#server/db/schema';
import { HttpError, badRequest } from '#server/http/errors';
import { hashResetToken } from '../mail/links';
import { passwordResetEmail } from '../mail/messages';
import { enqueue, wakeMailWorkers } from '../mail/outbox';
import { hashPassword } from './passwords';
import { clearFailures, takeAttempt } from './throttle';
import { findUserByEmail } from './users';
import { deleteInBatches } from '#server/db/batched-delete';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Links per address, and requests per network address, in the 15-minute throttle window. */
const RESET_ACCOUNT_LIMIT = 3;
const RESET_IP_LIMIT = 20;

/**
 * "Forgot password?": the same answer whether or not the address has an account (and no e-mail
 * is sent in the request, so the timing hardly differs either). The link's token is 256 random
 * bits; only its SHA-256 is stored.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string) {
  const accountKey = `reset:acct:${email}`;
  const ipKey = `reset:ip:${ip}`;
  // Counted and checked in one statement each, so parallel requests cannot all slip under the limit.
  if (!(await takeAttempt(ctx, ipKey, RESET_IP_LIMIT))) throw new HttpError(429, RESET_THROTTLED_MESSAGE);
  if (!(await takeAttempt(ctx, accountKey, RESET_ACCOUNT_LIMIT))) throw new HttpError(429, RESET_THROTTLED_MESSAGE);
  const user = await findUserByEmail(ctx, email);
  if (user) {
    const token = crypto.randomBytes(32).toString('base64url');
    const tokenHash = hashResetToken(token);
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(passwordResetTokens)
        .values({ tokenHash, userId: user.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) });
      await enqueue(
        ctx,
        [
          {
            kind: 'password-reset',
            recipient: user.email,
            idempotencyKey: `password-reset:${tokenHash}`,
            content: passwordResetEmail(ctx.config, token),
          },
        ],
        tx,
      );
    });
    await wakeMailWorkers(ctx);
  }
  return { success: true, message: RESET_LINK_SENT_MESSAGE };
}

/**
 * Sets the new password if the link is unused and unexpired. Using it spends every open link of
 * the account and ends all its sessions (whoever knew the old password is signed out).
 */
export async function resetPassword(ctx: AppContext, token: string, password: string) {
  const tokenHash = hashResetToken(token);
  const live = and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, ctx.clock.now()),
  );
  // Checked first so a bad link costs no password hashing; checked again atomically below.
  const [candidate] = await ctx.db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens).where(live);
  if (!candidate) throw badRequest(RESET_LINK_INVALID_MESSAGE);
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  const email = await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(live)
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw badRequest(RESET_LINK_INVALID_MESSAGE);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, used.userId))
      .returning({ email: users.email });
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, used.userId));
    return user.email;
  });
  // The link's account may not be whoever is signed in here: its ended sessions are forgotten now.
  ctx.sessions.forgetUser(candidate.userId);
  // A sign-in lock from guessing the old password should not stand in the owner's way now.
  await clearFailures(ctx, `acct:${email}`);
  return { success: true, message: RESET_DONE_MESSAGE };
}

/** Housekeeping: deletes reset tokens that were used or have expired (they open nothing); returns how many. */
export async function purgeSpentResetTokens(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  return deleteInBatches(
    ctx.db,
    'password_reset_tokens',
    'token_hash',
    sql`${passwordResetTokens.usedAt} is not null or ${passwordResetTokens.expiresAt} <= ${now}`,
  );
}

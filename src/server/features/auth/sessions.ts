import crypto from 'node:crypto';
import { and, eq, lt, or } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import type { AppContext } from '../../context';

export const SESSION_COOKIE = 'vbg_session';
/** Matches the client's inactivity logout (spec 01 §9: 30 minutes). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60 * 1000;

export type UserRow = typeof users.$inferSelect;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Creates a session with a fresh 256-bit token; the cookie carries the token, the table its hash. */
export async function createSession(ctx: AppContext, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await ctx.db.insert(sessions).values({ id: hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

/** The signed-in user for a cookie token, or null when missing, idle too long or past its end. */
export async function resolveSession(ctx: AppContext, token: string | undefined): Promise<UserRow | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const rows = await ctx.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const now = ctx.clock.now().getTime();
  const idleFor = now - row.session.lastSeenAt.getTime();
  if (idleFor > SESSION_IDLE_MS || now >= row.session.expiresAt.getTime()) {
    await ctx.db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (idleFor > TOUCH_EVERY_MS) {
    await ctx.db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, id));
  }
  return row.user;
}

export async function destroySession(ctx: AppContext, token: string | undefined) {
  if (!token) return;
  await ctx.db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Ends every session of a user (password change elsewhere, reset). */
export async function destroyUserSessions(ctx: AppContext, userId: number, exceptToken?: string) {
  const all = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const keep = exceptToken ? hashToken(exceptToken) : undefined;
  for (const s of all) if (s.id !== keep) await ctx.db.delete(sessions).where(eq(sessions.id, s.id));
}

/** Housekeeping: removes sessions that can no longer be used. */
export async function purgeExpiredSessions(ctx: AppContext) {
  const now = ctx.clock.now();
  await ctx.db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), and(lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)))));
}

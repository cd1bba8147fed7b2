import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { sessions, users, type UserRow } from '#server/db/schema';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { keyFor, sessionStorageId } from '#server/secrets';
import { deleteInBatches } from '#server/db/batched-delete';
import { SESSION_IDLE_MS } from '#shared/auth-rules';
import { SessionTouches } from './session-touches';

export const SESSION_COOKIE = 'vbg_session';
export { SESSION_IDLE_MS };
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60 * 1000;

type SessionWithUser = { session: typeof sessions.$inferSelect; user: UserRow };
interface Waiting {
  resolve(row: SessionWithUser | undefined): void;
  reject(err: unknown): void;
}
/** At most this many sessions per query. */
const BATCH_LIMIT = 500;

/**
 * Looks sessions up in batches: every lookup asked for while the event loop handles one round of
 * I/O is answered by one query. A morning spike brings a thousand members' first requests at
 * once, each a session the cache has not seen; one query per member kept the connection pool's
 * ten connections queued for over a second (docs/performance.md "Load").
 */
class SessionLoader {
  private waiting = new Map<string, Waiting[]>();
  private scheduled = false;
  /**
   * Built once: one statement for any number of ids (an array parameter, not an IN list), so a
   * spike's many small batches neither rebuild the query in the ORM nor re-plan it in the
   * database (query building was a tenth of the server's CPU in a morning spike).
   */
  private readonly query;

  constructor(db: Db) {
    this.query = db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(sql`${sessions.id} = any(${sql.placeholder('ids')})`)
      .prepare('vbg_load_sessions');
  }

  load(id: string): Promise<SessionWithUser | undefined> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(id);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(id, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    this.scheduled = false;
    const batch = this.waiting;
    this.waiting = new Map();
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += BATCH_LIMIT) {
      const chunk = ids.slice(i, i + BATCH_LIMIT);
      this.query.execute({ ids: chunk }).then(
        (rows) => {
          const byId = new Map(rows.map((row) => [row.session.id, row]));
          for (const id of chunk) for (const w of batch.get(id)!) w.resolve(byId.get(id));
        },
        (err: unknown) => {
          for (const id of chunk) for (const w of batch.get(id)!) w.reject(err);
        },
      );
    }
  }
}

const loaders = new WeakMap<Db, SessionLoader>();
function loadSession(db: Db, id: string) {
  let loader = loaders.get(db);
  if (!loader) loaders.set(db, (loader = new SessionLoader(db)));
  return loader.load(id);
}

const touchesByDb = new WeakMap<Db, SessionTouches>();
function touchesOf(ctx: AppContext): SessionTouches {
  let touches = touchesByDb.get(ctx.db);
  if (!touches) {
    const onError = (err: unknown) => ctx.log.error({ err }, "writing sessions' last use failed");
    touchesByDb.set(ctx.db, (touches = new SessionTouches(ctx.db, onError)));
  }
  return touches;
}

/** A session's last use: its row's, or a later one this instance has not yet written (session-touches.ts). */
function lastSeenAt(ctx: AppContext, row: SessionWithUser): number {
  return Math.max(row.session.lastSeenAt.getTime(), touchesOf(ctx).lastSeen(row.session.id) ?? 0);
}

/** Writes the sessions' last uses gathered so far (before purging idle sessions, and at shutdown). */
export const writeSessionTouches = (ctx: AppContext) => touchesOf(ctx).write();

/**
 * The stored id of a cookie token: an HMAC under a key derived from SESSION_SECRET (decision
 * 0019), so a leaked sessions table cannot be matched to cookies without the secret. Sessions
 * stored before (a plain SHA-256) no longer match: everyone signed in then signs in once more.
 */
const storageId = async (ctx: AppContext, token: string) => sessionStorageId(await keyFor(ctx, 'sessions'), token);

/** The stored id of the session a cookie token names (to tell the caller's own session among a user's). */
export const storedSessionId = storageId;

/**
 * Creates a session with a fresh 256-bit token; the cookie carries the token, the table its HMAC.
 * It ends SESSION_ABSOLUTE_MS from now, or at `endsAt` when that is sooner (the warm-up's own).
 */
export async function createSession(
  ctx: AppContext,
  userId: number,
  endsAt?: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const expiresAt = new Date(Math.min(now.getTime() + SESSION_ABSOLUTE_MS, endsAt?.getTime() ?? Infinity));
  await ctx.db
    .insert(sessions)
    .values({ id: await storageId(ctx, token), userId, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * The signed-in user for a cookie token straight from the session cache, or undefined when only
 * the database can tell: not cached, or not seen within TOUCH_EVERY_MS (so idle and absolute ends
 * are always decided on the stored row). Synchronous: most member requests end here.
 */
export function cachedSessionUser(ctx: AppContext, token: string | undefined): UserRow | undefined {
  if (!token || token.length > 100) return undefined;
  const cached = ctx.sessions.get(token);
  const now = ctx.clock.now().getTime();
  if (cached && now - cached.lastSeenAt <= TOUCH_EVERY_MS && now < cached.expiresAt) return cached.user;
  return undefined;
}

/** The signed-in user for a cookie token, or null when missing, idle too long or past its end. */
export async function resolveSession(ctx: AppContext, token: string | undefined): Promise<UserRow | null> {
  if (!token || token.length > 100) return null;
  const cached = cachedSessionUser(ctx, token);
  if (cached) return cached;
  const id = await storageId(ctx, token);
  const now = ctx.clock.now().getTime();
  const generation = ctx.sessions.generation;
  const row = await loadSession(ctx.db, id);
  if (!row) return null;
  let seenAt = lastSeenAt(ctx, row);
  const idleFor = now - seenAt;
  if (idleFor > SESSION_IDLE_MS || now >= row.session.expiresAt.getTime()) {
    await ctx.db.delete(sessions).where(eq(sessions.id, id));
    ctx.sessions.forgetSession(id);
    touchesOf(ctx).forget(id);
    return null;
  }
  // The answer does not wait for the write: touches are written together (session-touches.ts).
  if (idleFor > TOUCH_EVERY_MS) touchesOf(ctx).touch(id, (seenAt = now));
  ctx.sessions.store(
    token,
    id,
    { user: row.user, lastSeenAt: seenAt, expiresAt: row.session.expiresAt.getTime() },
    generation,
  );
  return row.user;
}

/**
 * The user of a session that is still live, read from the database without counting as activity
 * (no touch, no cache): for a long-lived connection re-checking that its session has not ended.
 */
export async function liveSessionUser(ctx: AppContext, token: string): Promise<UserRow | null> {
  const row = await loadSession(ctx.db, await storageId(ctx, token));
  const now = ctx.clock.now().getTime();
  if (!row || now - lastSeenAt(ctx, row) > SESSION_IDLE_MS || now >= row.session.expiresAt.getTime()) return null;
  return row.user;
}

export async function destroySession(ctx: AppContext, token: string | undefined) {
  if (!token) return;
  const id = await storageId(ctx, token);
  await ctx.db.delete(sessions).where(eq(sessions.id, id));
  ctx.sessions.forgetSession(id);
}

/** Ends every session of a user (password change elsewhere, reset). */
export async function destroyUserSessions(ctx: AppContext, userId: number, exceptToken?: string) {
  const all = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const keep = exceptToken ? await storageId(ctx, exceptToken) : undefined;
  for (const s of all) if (s.id !== keep) await ctx.db.delete(sessions).where(eq(sessions.id, s.id));
  ctx.sessions.forgetUser(userId);
}

/** Housekeeping: deletes sessions that can no longer be used (past their end, or idle too long); returns how many. */
export async function purgeExpiredSessions(ctx: AppContext): Promise<number> {
  await writeSessionTouches(ctx);
  const now = ctx.clock.now();
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
  return deleteInBatches(
    ctx.db,
    'sessions',
    'id',
    sql`${sessions.expiresAt} <= ${now} or ${sessions.lastSeenAt} < ${idleSince}`,
  );
}

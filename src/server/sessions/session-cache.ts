import type { Database } from '#server/db/client';
import type { UserRow } from '#server/db/schema';

/** The NOTIFY channel on which migration 0003's triggers send a user's id after their account or a session of theirs changes. */
export const AUTH_CHANNEL = 'vbg_auth';
/** A safety net only: the longest an entry is trusted without being read again. */
export const SESSION_CACHE_MAX_AGE_MS = 10_000;
/** Bounded so a flood of distinct cookies cannot grow the process. */
const MAX_ENTRIES = 20_000;

export interface CachedSession {
  user: Readonly<UserRow>;
  lastSeenAt: number;
  expiresAt: number;
}

interface Entry extends CachedSession {
  /** The stored id (HMAC of the token, sessions.ts), which logout and expiry name. */
  sessionId: string;
  storedAt: number;
}

/**
 * Signed-in users by session, so a member's page view does not cost a database round trip per
 * request (on PGlite a session join is ~1 ms of the WASM engine; docs/performance.md). Keyed by
 * the cookie's token itself — held only in this process's memory, like every request's own
 * headers — so a hit costs no hashing; the database keeps only the hash, as before.
 *
 * Why an entry can never outlive the row it copies (decision 0015):
 * - Every change to a user or a deletion of a session, by any code on any instance, fires a
 *   trigger (migration 0003) whose notice makes every instance forget that user.
 * - A write request on this instance forgets its writer before its answer is sent (http/access.ts:
 *   a member's write that member only, an admin's write or one by nobody signed in everyone), so
 *   the writer's next request never sees its own write stale, even before its notice has come back.
 *   A use case that changes another account than the writer's forgets that account itself.
 * - A generation counter, bumped on every forget, stops a read that started before a change from
 *   storing what it read.
 * - While notices may be missed (the listening connection is down), nothing is served from here,
 *   and everything is forgotten when it comes back.
 * - Entries expire after SESSION_CACHE_MAX_AGE_MS whatever happens.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>(); // by token
  private generationCounter = 0;
  private unlisten: (() => Promise<void>) | undefined;
  readonly stats = { hits: 0, misses: 0, forgets: 0 };

  constructor(
    private readonly database: Pick<Database, 'listen' | 'isListening' | 'onNoticesMissed'>,
    private readonly now: () => number = Date.now,
  ) {}

  async start() {
    this.database.onNoticesMissed(() => this.clear());
    this.unlisten = await this.database.listen(AUTH_CHANNEL, (payload) => {
      const userId = Number(payload);
      if (Number.isInteger(userId)) this.forgetUser(userId);
      else this.clear(); // 'all' (a table was truncated), or anything unexpected
    });
  }

  async stop() {
    await this.unlisten?.().catch(() => undefined);
    this.clear();
  }

  /** How many sessions are cached now (tests: the start-up warm-up leaves none). */
  get size() {
    return this.entries.size;
  }

  /** Read before loading from the database; pass it to `store`. */
  get generation() {
    return this.generationCounter;
  }

  get(token: string): CachedSession | undefined {
    const entry = this.entries.get(token);
    if (!entry || !this.database.isListening() || this.now() - entry.storedAt >= SESSION_CACHE_MAX_AGE_MS) {
      this.stats.misses++;
      return undefined;
    }
    this.stats.hits++;
    return entry;
  }

  /** Stores what was read, unless anything was forgotten since `generation` was taken. */
  store(token: string, sessionId: string, session: CachedSession, generation: number) {
    if (generation !== this.generationCounter || !this.database.isListening()) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(token, { ...session, sessionId, user: Object.freeze({ ...session.user }), storedAt: this.now() });
  }

  forgetSession(sessionId: string) {
    this.generationCounter++;
    for (const [token, entry] of this.entries) if (entry.sessionId === sessionId) this.entries.delete(token);
  }

  forgetUser(userId: number) {
    this.generationCounter++;
    this.stats.forgets++;
    for (const [id, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(id);
  }

  clear() {
    this.generationCounter++;
    this.stats.forgets++;
    this.entries.clear();
  }
}

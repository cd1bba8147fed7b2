import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';

/** Touches gathered meanwhile are written together this often: one statement, not one per member. */
const TOUCH_WRITE_EVERY_MS = 1000;
/** At most this many sessions per statement. */
const WRITE_LIMIT = 1000;

/**
 * A session's last use, written to its row in batches rather than by each request that notices
 * the row is a minute old. A morning's members each need one touch on their first request; one
 * UPDATE each, awaited before the answer, was a round trip to the database per member.
 *
 * Until its write has finished, a touch is still known here (`lastSeen`), so this instance never
 * judges a session by the older row: a member who just used it is not signed out as idle, and
 * housekeeping writes what is gathered before it purges idle sessions. Another instance may see
 * a last use up to TOUCH_WRITE_EVERY_MS older, against a 30-minute idle limit.
 */
export class SessionTouches {
  private gathered = new Map<string, number>();
  private writing = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Records that the session with this stored id was used at `at` (ms). */
  touch(sessionId: string, at: number) {
    this.gathered.set(sessionId, Math.max(at, this.gathered.get(sessionId) ?? 0));
    this.timer ??= setTimeout(() => void this.write(), TOUCH_WRITE_EVERY_MS).unref();
  }

  /** The latest use recorded here and not yet in the row, if any (ms). */
  lastSeen(sessionId: string): number | undefined {
    return this.gathered.get(sessionId) ?? this.writing.get(sessionId);
  }

  /** Forgets a session's pending touch (it was deleted). */
  forget(sessionId: string) {
    this.gathered.delete(sessionId);
    this.writing.delete(sessionId);
  }

  /** Writes every gathered touch now; resolves once they are in the rows. */
  write(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.gathered;
    this.gathered = new Map();
    this.inFlight = this.inFlight.then(() => this.writeBatch(batch));
    return this.inFlight;
  }

  private async writeBatch(batch: Map<string, number>) {
    if (batch.size === 0) return;
    for (const [id, at] of batch) this.writing.set(id, Math.max(at, this.writing.get(id) ?? 0));
    const entries = [...batch];
    try {
      for (let i = 0; i < entries.length; i += WRITE_LIMIT) {
        const chunk = entries.slice(i, i + WRITE_LIMIT);
        const ids = chunk.map(([id]) => id);
        const times = chunk.map(([, at]) => new Date(at).toISOString());
        // Never moves a last use back (another instance may have written a later one).
        await this.db.execute(sql`
          update sessions set last_seen_at = touched.at
          from unnest(${sql.param(ids)}::text[], ${sql.param(times)}::timestamptz[]) as touched(id, at)
          where sessions.id = touched.id and sessions.last_seen_at < touched.at`);
      }
    } catch (err) {
      this.onError(err);
      // Kept for the next write: a lost touch could sign a member out as idle while in use.
      for (const [id, at] of batch) this.touch(id, at);
    } finally {
      for (const [id, at] of batch) if (this.writing.get(id) === at) this.writing.delete(id);
    }
  }
}

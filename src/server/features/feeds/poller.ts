import { FEED_PROVIDERS, type FeedProvider } from '#shared/racing-feeds';
import { isOneOf } from '#shared/unknown-values';
import type { AppContext } from '#server/context';
import type { SessionLock } from '#server/db/client';
import type { RacingDataProvider } from '#server/providers/racing-data';
import { runFeed } from './run-feed';
import { readFeedStatus, type FeedStatusRow } from './status';

/** The advisory lock whose holder is the one instance that polls the feeds. */
const POLLER_LOCK = 728_816;
/** NOTIFY channel: "run this feed now", for the instance that polls. */
const RUN_NOW_CHANNEL = 'vbg_feed_run';
/** How often the polling instance looks whether a feed is due (the due times are the clock's). */
const TICK_MS = 1000;
/** A standby instance tries for the lock this often (sooner when a feed polls more often). */
const LOCK_RETRY_MS = 15_000;
/** On shutdown, a poll under way gets this long to finish (within the server's own drain time). */
const STOP_WAIT_MS = 5000;

/**
 * Polls the configured feeds from one instance only: the one holding a PostgreSQL session
 * advisory lock (on PGlite, the one process). The others only read what it writes; one of them
 * takes over within LOCK_RETRY_MS when the holder stops or its connection to the database goes.
 * Each feed runs when its status says (nextAttemptAt: its interval, or its backoff), read again
 * on taking over so a Retry-After holds across instances.
 */
export class FeedPoller {
  private lock: SessionLock | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopping = false;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly running = new Map<FeedProvider, Promise<FeedStatusRow>>();
  private readonly due = new Map<FeedProvider, number>();

  constructor(
    private readonly ctx: AppContext,
    private readonly providers: readonly RacingDataProvider[],
  ) {}

  get polls(): boolean {
    return this.lock !== null;
  }

  provider(id: FeedProvider): RacingDataProvider | undefined {
    return this.providers.find((p) => p.id === id);
  }

  /** Starts trying for the lock and, once held, polling; also answers other instances' "run now". */
  async start() {
    this.stopping = false;
    try {
      this.unlisten = await this.ctx.database.listen(RUN_NOW_CHANNEL, (payload) => {
        // Another instance names a feed; a payload naming none is ignored.
        const provider = isOneOf(FEED_PROVIDERS, payload) ? this.provider(payload) : undefined;
        if (this.lock && provider) void this.run(provider, true).catch(() => undefined);
      });
    } catch (err) {
      this.ctx.log.warn({ err }, 'feed poller: LISTEN failed; Run now from other instances will not reach this one');
    }
    await this.tick();
  }

  /** Lets the polls under way finish (for a few seconds at most), then lets the lock go for another instance. */
  async stop() {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.unlisten?.().catch(() => undefined);
    let wait: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(this.running.values()),
      new Promise((resolve) => (wait = setTimeout(resolve, STOP_WAIT_MS))),
    ]);
    clearTimeout(wait);
    await this.lock?.release();
    this.lock = null;
  }

  private async tick() {
    if (this.stopping) return;
    try {
      if (!this.lock) await this.takeLock();
      if (this.lock) {
        const now = this.ctx.clock.now().getTime();
        for (const p of this.providers)
          if (!this.running.has(p.id) && now >= (this.due.get(p.id) ?? 0))
            void this.run(p, false).catch(() => undefined);
      }
    } catch (err) {
      this.ctx.log.warn({ err }, 'feed poller: tick failed; trying again');
    }
    if (this.stopping) return;
    const retry = Math.min(LOCK_RETRY_MS, ...this.providers.map((p) => p.intervalMs));
    this.timer = setTimeout(() => void this.tick(), this.lock ? TICK_MS : retry);
    this.timer.unref();
  }

  private async takeLock() {
    const lock = await this.ctx.database.trySessionLock(POLLER_LOCK);
    if (!lock) return;
    this.lock = lock;
    this.ctx.log.info(`feed poller: this instance polls the feeds (${this.providers.map((p) => p.id).join(', ')})`);
    for (const p of this.providers) {
      const status = await readFeedStatus(this.ctx, p.id);
      this.due.set(p.id, status.nextAttemptAt?.getTime() ?? 0);
    }
    void lock.lost.then(() => {
      if (this.lock !== lock) return;
      this.lock = null;
      if (!this.stopping)
        this.ctx.log.warn('feed poller: lost its database session; another instance takes over polling');
    });
  }

  /** One poll now (one at a time per feed: a second call joins the one under way). */
  private run(provider: RacingDataProvider, force: boolean): Promise<FeedStatusRow> {
    const under = this.running.get(provider.id);
    if (under) return under;
    const run = runFeed(this.ctx, provider, { force })
      .then((status) => {
        this.due.set(provider.id, status.nextAttemptAt?.getTime() ?? 0);
        return status;
      })
      .finally(() => this.running.delete(provider.id));
    this.running.set(provider.id, run);
    return run;
  }

  /**
   * The admin's "Run now". The polling instance runs it at once; an instance that does not poll
   * runs it under the lock when no instance holds it (polling off), else hands it to the one that
   * does (null: asked, not awaited).
   */
  async runNow(provider: RacingDataProvider): Promise<FeedStatusRow | null> {
    if (this.lock) return this.run(provider, true);
    const lock = await this.ctx.database.trySessionLock(POLLER_LOCK);
    if (lock) {
      try {
        return await this.run(provider, true);
      } finally {
        await lock.release();
      }
    }
    await this.ctx.database.notify(RUN_NOW_CHANNEL, provider.id);
    return null;
  }
}

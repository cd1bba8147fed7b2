import { desc } from 'drizzle-orm';
import { parseRaceCardEvent } from '#shared/race-card-events';
import type { AppContext } from '#server/context';
import { raceCardEvents } from '#server/db/schema';
import { RACE_CARD_CHANNEL, parseNotice } from '#server/race-card-notice';

/** What a race-day event may newly make true: the tips alert, or the value and non-runner ones. */
export type AlertTrigger = 'tips' | 'cards';

/** How long `caughtUp` waits for this instance to hear the newest event before it gives up. */
const CATCH_UP_LIMIT_MS = 10_000;

/**
 * This instance's ear for race-day events (the one announcement every race-day write makes,
 * `publishRaceCardEvent`): on each, it decides which alerts the change makes due, and when it
 * recorded any, asks for a delivery pass. Every instance hears every event and decides at once;
 * a decision records an alert once per member, kind and subject a day (the unique index), so
 * instances deciding the same change together record it once, and only the one whose decision
 * recorded it asks for delivery. Events that arrive while a decision runs are decided together
 * once it is done. When notices may have been lost (the listening connection dropped), everything
 * is decided again. A failure is logged; nothing here reaches the write that announced the change.
 */
export class RaceDayAlertListener {
  private readonly wanted = new Set<AlertTrigger>();
  /** The id of the newest event heard, and of the newest whose decision is done. */
  private heard: number | null = null;
  private decided: number | null = null;
  private running: Promise<void> | null = null;
  private progress: Array<() => void> = [];
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly decide: (triggers: ReadonlySet<AlertTrigger>) => Promise<number>,
    private readonly deliver: () => void,
  ) {}

  async start() {
    this.unlisten = await this.ctx.database.listen(RACE_CARD_CHANNEL, (payload) => this.hear(payload));
    this.ctx.database.onNoticesMissed(() => {
      this.wanted.add('tips').add('cards');
      this.run();
    });
  }

  async stop() {
    await this.unlisten?.().catch(() => undefined);
    await this.running;
  }

  private hear(payload: string) {
    const notice = parseNotice(payload);
    const event = notice && parseRaceCardEvent(notice.data);
    if (!notice) return;
    if (event) this.wanted.add(event.type === 'tips' ? 'tips' : 'cards');
    this.heard = notice.id;
    this.run();
  }

  private get behind() {
    return this.wanted.size > 0 || this.decided !== this.heard;
  }

  private run() {
    if (this.running) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.behind) this.run();
      else this.wake();
    });
  }

  private async drain() {
    while (this.behind) {
      const triggers = new Set(this.wanted);
      const upTo = this.heard;
      this.wanted.clear();
      if (triggers.size > 0) {
        try {
          if ((await this.decide(triggers)) > 0) this.deliver();
        } catch (err) {
          this.ctx.log.error({ err, triggers: [...triggers] }, 'alerts: a race-day change could not be decided');
        }
      }
      this.decided = upTo;
      this.wake();
    }
  }

  private wake() {
    for (const resolve of this.progress.splice(0)) resolve();
  }

  /**
   * Resolves once this instance has heard and decided the newest race-day event kept in the
   * database (tests wait on it: the notice travels on its own connection).
   */
  async caughtUp(): Promise<void> {
    const deadline = Date.now() + CATCH_UP_LIMIT_MS;
    for (;;) {
      const [newest] = await this.ctx.db
        .select({ id: raceCardEvents.id })
        .from(raceCardEvents)
        .orderBy(desc(raceCardEvents.id))
        .limit(1);
      if ((!newest || this.decided === newest.id) && !this.running) return;
      if (Date.now() > deadline) throw new Error(`alerts: race-day event ${newest?.id} not heard in time`);
      await new Promise<void>((resolve) => {
        this.progress.push(resolve);
        setTimeout(resolve, 50).unref();
      });
    }
  }
}

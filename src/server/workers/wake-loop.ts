import type { AppContext } from '#server/context';

/**
 * A queue's worker loop on one instance: a pass runs now, whenever a NOTIFY on `channel` says
 * there is work, and every `pollMs` after the last pass (retries come due on their own). One pass
 * at a time: a wake-up during a pass runs another right after it. A pass calls `runOnce` until it
 * finds nothing to do. Every instance may run one, so the work must be claimed safely by the
 * caller (`FOR UPDATE SKIP LOCKED`).
 */
export class WakeLoop {
  private stoppingNow = false;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly ctx: Pick<AppContext, 'database' | 'log'>,
    private readonly opts: { name: string; channel: string; pollMs: number; runOnce: () => Promise<number> },
  ) {}

  /** True once `stop` was called: a pass hands back what it has not started. */
  get stopping(): boolean {
    return this.stoppingNow;
  }

  async start() {
    this.stoppingNow = false;
    try {
      this.unlisten = await this.ctx.database.listen(this.opts.channel, () => this.kick());
    } catch (err) {
      this.ctx.log.warn({ err }, `${this.opts.name}: LISTEN failed; polling only`);
    }
    this.kick();
  }

  /** Lets the pass in hand finish, then stops. */
  async stop() {
    this.stoppingNow = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = null;
    await this.running;
  }

  /** Runs a pass now (or right after the one under way). */
  kick() {
    if (this.stoppingNow) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.stoppingNow) return;
      if (this.again) {
        this.again = false;
        this.kick();
        return;
      }
      this.timer = setTimeout(() => this.kick(), this.opts.pollMs);
      this.timer.unref();
    });
  }

  private async pass() {
    try {
      while (!this.stoppingNow && (await this.opts.runOnce()) > 0) {
        // keep going while work is due
      }
    } catch (err) {
      this.ctx.log.error({ err }, `${this.opts.name}: pass failed; will retry`);
    }
  }
}

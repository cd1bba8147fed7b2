import type { ServerResponse } from 'node:http';
import type { Weekday } from '../../../shared/london-time';
import type { AppContext } from '../../context';

/** The NOTIFY channel every instance LISTENs on (DESIGN.md "Scale-out"). */
export const RACE_CARD_CHANNEL = 'race_card_events';
/** A comment line keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

export type RaceCardEventType = 'upload' | 'update';
/** What travels through NOTIFY: a small key, never race data. `weekday` is null for "every weekday". */
export interface RaceCardEvent {
  type: RaceCardEventType;
  weekday: Weekday | null;
}

/** Tells every instance (this one included) that race cards changed. Call after the commit. */
export async function publishRaceCardEvent(ctx: AppContext, event: RaceCardEvent): Promise<void> {
  // Cached metadata and race cards first: the writer's own next read must see its write.
  await ctx.cache.invalidate('raceCards');
  const payload = JSON.stringify({ type: event.type, weekday: event.weekday });
  try {
    await ctx.database.notify(RACE_CARD_CHANNEL, payload);
  } catch (err) {
    // The change itself is committed; a lost notice only delays readers until their next reload.
    ctx.log.warn({ err }, 'race card event not published');
  }
}

function parseEvent(payload: string): RaceCardEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<RaceCardEvent>;
    if (value.type !== 'upload' && value.type !== 'update') return null;
    return { type: value.type, weekday: typeof value.weekday === 'string' ? (value.weekday as Weekday) : null };
  } catch {
    return null;
  }
}

/** This instance's open event streams, fed by its one LISTEN on the channel. */
export class RaceCardEventHub {
  private readonly connections = new Set<ServerResponse>();
  private nextId = 1;
  private heartbeat: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly ctx: AppContext) {}

  async start() {
    this.unlisten = await this.ctx.database.listen(RACE_CARD_CHANNEL, (payload) => {
      const event = parseEvent(payload);
      if (event) this.broadcast(event);
    });
    this.heartbeat = setInterval(() => this.writeAll(': heartbeat\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size() {
    return this.connections.size;
  }

  add(res: ServerResponse) {
    this.connections.add(res);
    res.on('close', () => this.connections.delete(res));
  }

  broadcast(event: RaceCardEvent) {
    const id = this.nextId++;
    const data = JSON.stringify({ type: event.type, weekday: event.weekday, at: this.ctx.clock.now().toISOString() });
    this.writeAll(`id: ${id}\ndata: ${data}\n\n`);
  }

  private writeAll(chunk: string) {
    for (const res of this.connections) {
      if (res.writableEnded || res.destroyed) this.connections.delete(res);
      else res.write(chunk);
    }
  }

  /** Ends every stream so the server can close (graceful shutdown must not wait on them). */
  closeConnections() {
    for (const res of this.connections) res.end();
    this.connections.clear();
  }

  async stop() {
    clearInterval(this.heartbeat);
    this.closeConnections();
    await this.unlisten?.().catch(() => undefined);
  }
}

import type { ServerResponse } from 'node:http';
import type { Weekday } from '#shared/london-time';
import { RACE_CARD_EVENT_TYPES, type RaceCardEventType } from '#shared/race-card-events';
import type { AppContext } from '#server/context';

/** The NOTIFY channel every instance LISTENs on (DESIGN.md "Scale-out"). */
export const RACE_CARD_CHANNEL = 'race_card_events';
/** A comment line keeps proxies from closing an idle stream; each beat also re-checks every stream's session. */
const HEARTBEAT_MS = 25_000;
/** Open streams per session (a few tabs); the oldest is closed when one more opens. */
export const MAX_STREAMS_PER_SESSION = 3;
/**
 * Open streams per account on one instance, whatever the number of its sessions (two devices'
 * tabs); the account's oldest is closed when one more opens. Signing in again and again gives no
 * more streams.
 */
export const MAX_STREAMS_PER_USER = 6;

/** What travels through NOTIFY: a small key, never race data. `weekday` is null for "every weekday". */
export interface RaceCardEvent {
  type: RaceCardEventType;
  weekday: Weekday | null;
}

/** Whether the session behind a stream may still receive events (signed in, member access). */
export type StreamCheck = (sessionToken: string) => Promise<boolean>;

interface Stream {
  res: ServerResponse;
  sessionToken: string;
  userId: number;
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
    if (!RACE_CARD_EVENT_TYPES.includes(value.type as RaceCardEventType)) return null;
    return {
      type: value.type as RaceCardEventType,
      weekday: typeof value.weekday === 'string' ? (value.weekday as Weekday) : null,
    };
  } catch {
    return null;
  }
}

/** Each app's hub (by its own ctx), so its open streams can be counted from outside the feature. */
const hubs = new WeakMap<AppContext, RaceCardEventHub>();

/** How many race-card event streams this app holds open now (the metrics read it at each scrape). */
export function openEventStreams(ctx: AppContext): number {
  return hubs.get(ctx)?.size ?? 0;
}

/**
 * This instance's open event streams, fed by its one LISTEN on the channel. Bounded: a few per
 * session and a few more per account, and a stream ends once its session has (logout, expiry, lapsed
 * membership): every stream is re-checked before an event goes out, so none reaches a session
 * that has ended, and at each heartbeat, so an ended one closes within HEARTBEAT_MS.
 */
export class RaceCardEventHub {
  private readonly streams = new Set<Stream>();
  // Arrays, not sets: a session or an account holds a few streams, and at 10,000 open streams a
  // set each would be a few hundred bytes more per stream.
  private readonly bySession = new Map<string, Stream[]>();
  private readonly byUser = new Map<number, Stream[]>();
  private nextId = 1;
  private heartbeat: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  /** One delivery at a time, so events keep their order while streams are re-checked. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly stillAllowed: StreamCheck,
  ) {
    hubs.set(ctx, this);
  }

  async start() {
    this.unlisten = await this.ctx.database.listen(RACE_CARD_CHANNEL, (payload) => {
      const event = parseEvent(payload);
      if (event) this.broadcast(event);
    });
    this.heartbeat = setInterval(() => this.enqueue(': heartbeat\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size() {
    return this.streams.size;
  }

  add(res: ServerResponse, sessionToken: string, userId: number) {
    // The first of a session's (an account's) streams is its oldest.
    // Looked up by session and by account, so opening a stream costs the same with 10 or 10,000 open.
    this.endOldest(this.bySession.get(sessionToken), MAX_STREAMS_PER_SESSION);
    this.endOldest(this.byUser.get(userId), MAX_STREAMS_PER_USER);
    const stream = { res, sessionToken, userId };
    this.streams.add(stream);
    indexed(this.bySession, sessionToken).push(stream);
    indexed(this.byUser, userId).push(stream);
    res.on('close', () => this.forget(stream));
  }

  /** Ends the oldest of `group` (oldest first) until a new stream fits within `max`. */
  private endOldest(group: Stream[] | undefined, max: number) {
    if (!group) return;
    for (const old of group.slice(0, Math.max(0, group.length - max + 1))) this.end(old);
  }

  private forget(stream: Stream) {
    this.streams.delete(stream);
    unindex(this.bySession, stream.sessionToken, stream);
    unindex(this.byUser, stream.userId, stream);
  }

  broadcast(event: RaceCardEvent) {
    const id = this.nextId++;
    const data = JSON.stringify({ type: event.type, weekday: event.weekday, at: this.ctx.clock.now().toISOString() });
    this.enqueue(`id: ${id}\ndata: ${data}\n\n`);
  }

  /** Resolves once everything queued so far has been delivered (tests wait on it). */
  settled(): Promise<void> {
    return this.queue;
  }

  private enqueue(chunk: string) {
    this.queue = this.queue
      .then(() => this.deliver(chunk))
      .catch((err: unknown) => this.ctx.log.warn({ err }, 'race card event not delivered'));
  }

  private async deliver(chunk: string) {
    const open = [...this.streams].filter((s) => !s.res.writableEnded && !s.res.destroyed);
    const verdicts = new Map<string, Promise<boolean>>();
    for (const s of open)
      if (!verdicts.has(s.sessionToken)) verdicts.set(s.sessionToken, this.stillAllowed(s.sessionToken));
    for (const s of open) {
      if (await verdicts.get(s.sessionToken)!) s.res.write(chunk);
      else this.end(s);
    }
  }

  private end(stream: Stream) {
    this.forget(stream);
    stream.res.end();
  }

  /** Ends every stream so the server can close (graceful shutdown must not wait on them). */
  closeConnections() {
    for (const s of this.streams) s.res.end();
    this.streams.clear();
    this.bySession.clear();
    this.byUser.clear();
  }

  async stop() {
    clearInterval(this.heartbeat);
    this.closeConnections();
    await this.unlisten?.().catch(() => undefined);
  }
}

function indexed<K>(index: Map<K, Stream[]>, key: K): Stream[] {
  let group = index.get(key);
  if (!group) index.set(key, (group = []));
  return group;
}

function unindex<K>(index: Map<K, Stream[]>, key: K, stream: Stream) {
  const group = index.get(key);
  const at = group?.indexOf(stream) ?? -1;
  if (!group || at < 0) return;
  group.splice(at, 1);
  if (group.length === 0) index.delete(key);
}

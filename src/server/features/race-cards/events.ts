import type { ServerResponse } from 'node:http';
import type { Weekday } from '#shared/london-time';
import { and, asc, gt, lt, sql } from 'drizzle-orm';
import {
  changedFigures,
  MAX_EVENT_BYTES,
  type RaceCardEventData,
  type RaceCardEventType,
} from '#shared/race-card-events';
import type { ValueBoard } from '#shared/schemas/value-board';
import type { AppContext } from '#server/context';
import { raceCardEvents } from '#server/db/schema';
import { RACE_CARD_CHANNEL, noticePayload, parseNotice } from '#server/race-card-notice';
import { valueBoardOf } from '../value-board/read-value-board';

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

/** A change to announce. `weekday` is null for "every weekday". */
export interface RaceCardEvent {
  type: RaceCardEventType;
  weekday: Weekday | null;
  /**
   * For prices and results: the London day written and its board before the write
   * (`boardBefore`); the event then carries the runners whose figures changed. Without it such an
   * event says "reload".
   */
  figures?: { date: string; before: ValueBoard };
}

/** How long events are kept for a stream that reconnects (the newest is always kept). */
export const EVENTS_KEPT_MS = 5 * 60_000;
/** The one lock every publish takes, so event ids are committed (and NOTIFY sent) in id order. */
const PUBLISH_LOCK = 'race-card-events';

/** The day's board as it stands, to hand back to publishRaceCardEvent after the write. */
export async function boardBefore(ctx: AppContext, date: string): Promise<{ date: string; before: ValueBoard }> {
  return { date, before: await valueBoardOf(ctx, date) };
}

/** The event's data (without its id): the changed figures when small, else "reload". */
async function eventData(ctx: AppContext, event: RaceCardEvent): Promise<string> {
  const base: RaceCardEventData = { type: event.type, weekday: event.weekday, at: ctx.clock.now().toISOString() };
  if (event.type !== 'prices' && event.type !== 'results') return JSON.stringify(base);
  if (event.figures) {
    const { date, before } = event.figures;
    const after = await valueBoardOf(ctx, date);
    const data = JSON.stringify({ ...base, date, ...changedFigures(before, after) });
    // The id and its key are added on delivery: leave room for them.
    if (byteLength(data) + 40 <= MAX_EVENT_BYTES) return data;
  }
  return JSON.stringify({ ...base, reload: true });
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/**
 * Tells every instance (this one included) that the race day changed: cards, prices, results or
 * the day's tips. Call after the commit, once per change: it is the change's only announcement.
 * The event is kept with its global id and NOTIFY'd in one transaction, under one lock, so ids are
 * committed and announced in order; events older than EVENTS_KEPT_MS are dropped there too. A
 * publish that fails is logged: the write it follows stands. The day's tips drop no race-card cache
 * (the board reads them through its own, which publishing them drops).
 */
export async function publishRaceCardEvent(ctx: AppContext, event: RaceCardEvent): Promise<void> {
  // Cached metadata and race cards first: the writer's own next read must see its write.
  if (event.type !== 'tips') await ctx.cache.invalidate('raceCards');
  try {
    const data = await eventData(ctx, event);
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${PUBLISH_LOCK}))`);
      const [row] = await tx.insert(raceCardEvents).values({ at: now, data }).returning({ id: raceCardEvents.id });
      await tx
        .delete(raceCardEvents)
        .where(and(lt(raceCardEvents.at, new Date(now.getTime() - EVENTS_KEPT_MS)), lt(raceCardEvents.id, row.id)));
      await tx.execute(sql`select pg_notify(${RACE_CARD_CHANNEL}, ${noticePayload(row.id, data)})`);
    });
  } catch (err) {
    // The change itself is committed; a lost notice only delays readers until their next reload.
    ctx.log.warn({ err }, 'race card event not published');
  }
}

/** The SSE message of a kept event: its global id, and its data with the id as `version`. */
function message(id: number, data: string): string {
  return `id: ${id}\ndata: {"version":${id},${data.slice(1)}\n\n`;
}

/** A Last-Event-ID (header or `lastEventId` query): a positive integer, else none. */
export function lastEventIdOf(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Whether the session behind a stream may still receive events (signed in, member access). */
export type StreamCheck = (sessionToken: string) => Promise<boolean>;

interface Stream {
  res: ServerResponse;
  sessionToken: string;
  userId: number;
  /** The newest event id written to it: a replayed event is never sent twice. */
  lastId: number;
}

/** Each app's hub (by its own ctx), so its open streams can be counted from outside the feature. */
const hubs = new WeakMap<AppContext, RaceCardEventHub>();

/** How many race-card event streams this app holds open now (the metrics read it at each scrape). */
export function openEventStreams(ctx: AppContext): number {
  return hubs.get(ctx)?.size ?? 0;
}

/** The kept events after `lastId`, or null when some it missed are no longer kept. */
async function eventsAfter(ctx: AppContext, lastId: number): Promise<Array<{ id: number; data: string }> | null> {
  const [kept] = await ctx.db
    .select({ min: sql<string | null>`min(${raceCardEvents.id})`, max: sql<string | null>`max(${raceCardEvents.id})` })
    .from(raceCardEvents);
  const min = kept?.min === null || kept?.min === undefined ? null : Number(kept.min);
  const max = kept?.max === null || kept?.max === undefined ? null : Number(kept.max);
  // None kept, or ids from before the newest kept one was dropped, or from another database.
  if (min === null || max === null || lastId < min - 1 || lastId > max) return null;
  if (lastId === max) return [];
  return ctx.db
    .select({ id: raceCardEvents.id, data: raceCardEvents.data })
    .from(raceCardEvents)
    .where(gt(raceCardEvents.id, lastId))
    .orderBy(asc(raceCardEvents.id));
}

/**
 * This instance's open event streams, fed by its one LISTEN on the channel. Bounded: a few per
 * session and a few more per account, and a stream ends once its session has (logout, expiry, lapsed
 * membership): every stream is re-checked before an event goes out, so none reaches a session
 * that has ended, and at each heartbeat, so an ended one closes within HEARTBEAT_MS. A stream
 * opened with a Last-Event-ID is first sent the kept events after it, or told to reload when
 * some are no longer kept; when the listener may have missed notices, the kept events after the
 * newest one seen are sent.
 */
export class RaceCardEventHub {
  private readonly streams = new Set<Stream>();
  // Arrays, not sets: a session or an account holds a few streams, and at 10,000 open streams a
  // set each would be a few hundred bytes more per stream.
  private readonly bySession = new Map<string, Stream[]>();
  private readonly byUser = new Map<number, Stream[]>();
  /** The newest event id this hub has delivered. */
  private lastSeen = 0;
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
      const notice = parseNotice(payload);
      if (notice) this.enqueue(() => this.deliver(message(notice.id, notice.data), notice.id));
    });
    this.ctx.database.onNoticesMissed(() => this.enqueue(() => this.catchUp()));
    this.heartbeat = setInterval(() => this.enqueue(() => this.deliver(': heartbeat\n\n', 0)), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size() {
    return this.streams.size;
  }

  add(res: ServerResponse, sessionToken: string, userId: number, lastEventId: number | null = null) {
    // The first of a session's (an account's) streams is its oldest.
    // Looked up by session and by account, so opening a stream costs the same with 10 or 10,000 open.
    this.endOldest(this.bySession.get(sessionToken), MAX_STREAMS_PER_SESSION);
    this.endOldest(this.byUser.get(userId), MAX_STREAMS_PER_USER);
    const stream: Stream = { res, sessionToken, userId, lastId: lastEventId ?? 0 };
    this.streams.add(stream);
    indexed(this.bySession, sessionToken).push(stream);
    indexed(this.byUser, userId).push(stream);
    res.on('close', () => this.forget(stream));
    if (lastEventId !== null) this.enqueue(() => this.replay(stream, lastEventId));
  }

  /** Sends a reconnected stream what it missed, in order, or "reload" when that is no longer kept. */
  private async replay(stream: Stream, lastEventId: number) {
    const missed = await eventsAfter(this.ctx, lastEventId);
    if (stream.res.writableEnded || stream.res.destroyed) return;
    if (missed === null) {
      const reload: RaceCardEventData = {
        type: 'update',
        weekday: null,
        at: this.ctx.clock.now().toISOString(),
        reload: true,
      };
      // With the newest id, so the page's next reconnect resumes from here.
      const newest = this.lastSeen > 0 ? `id: ${this.lastSeen}\n` : '';
      stream.res.write(`${newest}data: ${JSON.stringify(reload)}\n\n`);
      stream.lastId = Math.max(stream.lastId, this.lastSeen);
      return;
    }
    for (const e of missed) {
      if (e.id <= stream.lastId) continue;
      stream.res.write(message(e.id, e.data));
      stream.lastId = e.id;
    }
  }

  /** After notices may have been lost: the kept events after the newest delivered, to every stream. */
  private async catchUp() {
    if (this.lastSeen === 0) return;
    for (const e of (await eventsAfter(this.ctx, this.lastSeen)) ?? []) await this.deliver(message(e.id, e.data), e.id);
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

  /** Resolves once everything queued so far has been delivered (tests wait on it). */
  settled(): Promise<void> {
    return this.queue;
  }

  private enqueue(task: () => Promise<void>) {
    this.queue = this.queue
      .then(task)
      .catch((err: unknown) => this.ctx.log.warn({ err }, 'race card event not delivered'));
  }

  /** Writes `chunk` to every stream still allowed; `id` 0 is not an event (a heartbeat). */
  private async deliver(chunk: string, id: number) {
    if (id > this.lastSeen) this.lastSeen = id;
    const open = [...this.streams].filter(
      (s) => !s.res.writableEnded && !s.res.destroyed && (id === 0 || id > s.lastId),
    );
    const verdicts = new Map<string, Promise<boolean>>();
    for (const s of open)
      if (!verdicts.has(s.sessionToken)) verdicts.set(s.sessionToken, this.stillAllowed(s.sessionToken));
    for (const s of open) {
      if (await verdicts.get(s.sessionToken)!) {
        s.res.write(chunk);
        if (id > 0) s.lastId = id;
      } else this.end(s);
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

import type { FastifyBaseLogger } from 'fastify';
import { isOneOf } from '#shared/unknown-values';
import type { Database } from '../db/client';

/** The NOTIFY channel that carries "this namespace changed" between instances (payload: the name). */
export const CACHE_CHANNEL = 'vbg_cache';
/** The notice that drops every namespace on every instance (the database was replaced: a restore). */
export const CACHE_DROP_ALL = 'all';

/**
 * What is cached: data read on every page view that changes only when an admin writes.
 *   articles  — the News & Views list (public, no bodies)
 *   raceCards — race-card metadata and single race cards (members only; access is checked
 *               before a handler runs, so a cached value never reaches someone refused)
 *   dailyTips — the tips live now (members only, same rule)
 *   pages     — server-rendered public pages as a visitor gets them (pages/visitor-pages.ts); they
 *               show everything above and more, so dropping any namespace drops them too
 *   settings  — the analyst's site settings (open access, the race cards' default weekday): read
 *               on members' routes and pages, changed only by an admin's save
 *   memberPages — members' pages the same for every member of a day, kept under the digest of every
 *               answer they were rendered from and the kind of member (pages/member-pages.ts): never
 *               dropped by a write, since new data gives a new key
 * Nothing per user is ever cached here.
 */
export type CacheNamespace = 'articles' | 'raceCards' | 'dailyTips' | 'settings' | 'pages' | 'memberPages';
const NAMESPACES: readonly CacheNamespace[] = [
  'articles',
  'raceCards',
  'dailyTips',
  'settings',
  'pages',
  'memberPages',
];

/** A safety net only: a lost notice (listener reconnecting) can leave a value stale this long at most. */
const CACHE_MAX_AGE_MS = 60_000;
/** Per namespace; keys come from URLs (race ids, page addresses), so the map must not grow without bound. */
export const MAX_ENTRIES = 2_000;

interface Entry {
  value: unknown;
  storedAt: number;
  /** The share of the namespace this entry counts against (`CacheShare`), if any. */
  share?: string;
}

/**
 * A part of a namespace with its own ceiling: keys a visitor can make up at will (one page
 * pattern's addresses) fill only their own share, never the room of the others.
 */
export interface CacheShare {
  name: string;
  max: number;
}

/**
 * A per-process read cache, invalidated on write on every instance through LISTEN/NOTIFY.
 *
 * Correctness rules:
 * - The writer drops its own copy synchronously before answering, so a client never reads its
 *   own write stale on the same instance; other instances drop theirs when the notice arrives
 *   (after the commit, since the notice is sent after it).
 * - Each namespace has a generation, bumped on every drop. A load that started before a drop
 *   is handed to its caller but never stored, so a read racing a write cannot re-cache old data.
 * - Concurrent misses for one key share one load (a cold cache under a morning spike makes one
 *   query, not a thousand).
 * - A full namespace (or share) first forgets its expired entries; if it is still full, the new
 *   value is handed to its caller and not kept. Nothing fresh is ever pushed out, so asking for
 *   many distinct keys cannot empty the cache for everyone else (decision 0035).
 */
/**
 * Told after a namespace was dropped: `write` when this instance wrote (it called `invalidate`),
 * `notice` when another instance's notice (or a missed one) dropped it here.
 */
export type DropListener = (ns: CacheNamespace, cause: 'write' | 'notice') => void;

export class SharedCache {
  private readonly stores = new Map<CacheNamespace, Map<string, Entry>>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly generations = new Map<CacheNamespace, number>();
  private unlisten: (() => Promise<void>) | undefined;
  private readonly dropListeners: DropListener[] = [];
  /** Counters for tests and the bench. */
  readonly stats = { hits: 0, misses: 0, drops: 0 };

  constructor(
    private readonly database: Pick<Database, 'listen' | 'notify' | 'onNoticesMissed'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly now: () => number = Date.now,
  ) {
    for (const ns of NAMESPACES) {
      this.stores.set(ns, new Map());
      this.generations.set(ns, 0);
    }
  }

  async start() {
    // A notice lost while the listening connection was down could leave a value stale: drop all.
    this.database.onNoticesMissed(() => {
      this.clear();
      this.tell('pages', 'notice');
    });
    this.unlisten = await this.database.listen(CACHE_CHANNEL, (payload) => {
      if (payload === CACHE_DROP_ALL) {
        this.clear();
        this.tell('pages', 'notice');
      } else if (isOneOf(NAMESPACES, payload)) {
        this.drop(payload);
        this.tell(payload, 'notice');
      }
    });
  }

  async stop() {
    await this.unlisten?.().catch(() => undefined);
    this.clear();
  }

  /**
   * The cached value now, or undefined (same freshness rule as `get`). Lets a hot read answer
   * without a promise on a hit (decision 0024); on undefined, call `get`.
   */
  peek<T>(ns: CacheNamespace, key: string): T | undefined {
    const hit = this.stores.get(ns)!.get(key);
    if (hit && this.now() - hit.storedAt < CACHE_MAX_AGE_MS) {
      this.stats.hits++;
      return hit.value as T;
    }
    return undefined;
  }

  /**
   * The cached value, or `load()`'s: stored unless a write happened while it ran, there is no room
   * for it in the namespace or in its `share`, or `keep` says it is not for keeping (a page that
   * failed is sent to those who asked, not kept for the next).
   */
  async get<T>(
    ns: CacheNamespace,
    key: string,
    load: () => Promise<T>,
    { share, keep }: { share?: CacheShare; keep?: (value: T) => boolean } = {},
  ): Promise<T> {
    const hit = this.peek<T>(ns, key);
    if (hit !== undefined) return hit;
    const store = this.stores.get(ns)!;
    this.stats.misses++;
    const generation = this.generations.get(ns)!;
    const flightKey = `${ns}\u0000${generation}\u0000${key}`;
    const pending = this.inflight.get(flightKey);
    if (pending) return pending as Promise<T>;
    const promise = load().then(
      (value) => {
        this.inflight.delete(flightKey);
        if (this.generations.get(ns) === generation && (keep?.(value) ?? true) && this.hasRoom(store, key, share)) {
          store.set(key, { value, storedAt: this.now(), share: share?.name });
        }
        return value;
      },
      (err: unknown) => {
        this.inflight.delete(flightKey);
        throw err;
      },
    );
    this.inflight.set(flightKey, promise);
    return promise;
  }

  /** Whether `key` may be stored: it replaces itself, or there is room once expired entries are gone. */
  private hasRoom(store: Map<string, Entry>, key: string, share: CacheShare | undefined): boolean {
    if (store.has(key)) return true;
    const shareFull = () =>
      share !== undefined && [...store.values()].filter((e) => e.share === share.name).length >= share.max;
    if (store.size < MAX_ENTRIES && !shareFull()) return true;
    const now = this.now();
    for (const [k, e] of store) if (now - e.storedAt >= CACHE_MAX_AGE_MS) store.delete(k);
    return store.size < MAX_ENTRIES && !shareFull();
  }

  /** Calls `listener` after every drop that comes from a write here or a notice (not from `clear` or a test's `drop`). */
  onDrop(listener: DropListener) {
    this.dropListeners.push(listener);
  }

  private tell(ns: CacheNamespace, cause: 'write' | 'notice') {
    for (const listener of this.dropListeners) listener(ns, cause);
  }

  /** The namespace's generation: it changes on every drop, so a value built across a change is known. */
  generation(ns: CacheNamespace): number {
    return this.generations.get(ns)!;
  }

  /** Drops this instance's copy only (a notice from another instance, or a test reset). */
  drop(ns: CacheNamespace) {
    this.generations.set(ns, this.generations.get(ns)! + 1);
    this.stores.get(ns)!.clear();
    this.stats.drops++;
    if (ns !== 'pages' && ns !== 'memberPages') this.drop('pages');
  }

  /** After a committed write: drop here at once, then tell every other instance. */
  async invalidate(ns: CacheNamespace) {
    this.drop(ns);
    this.tell(ns, 'write');
    try {
      await this.database.notify(CACHE_CHANNEL, ns);
    } catch (err) {
      // The write is committed; other instances catch up within CACHE_MAX_AGE_MS at worst.
      this.log.warn({ err, namespace: ns }, 'cache invalidation not published');
    }
  }

  clear() {
    for (const ns of NAMESPACES) this.drop(ns);
  }
}

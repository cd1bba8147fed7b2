import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../env';
import { runBounded } from '../run-bounded';
import type { CacheNamespace, SharedCache } from './shared-cache';

/**
 * A shared cache in front (a CDN, or nginx's proxy_cache: deploy/nginx/vbg.conf), decision 0060.
 * With PUBLIC_URL set, a visitor's page that is the same for every visitor says so:
 * `public, max-age=0, s-maxage=60, stale-while-revalidate=300`, with surrogate keys naming what it
 * was rendered from. Every write that drops this instance's own pages (any content write, on any
 * instance: shared-cache.ts) purges them in front too: PURGE_URL is POSTed the keys, and through
 * CACHE_REFRESH_URL (nginx) every visitor page this instance sent lately is fetched again with the
 * refresh header, which makes nginx store the new answer in place of the old.
 */

/** How long a shared cache may keep a visitor's page before asking again. */
const SHARED_MAX_AGE_S = 60;
/** How long after that it may still answer with it while it asks again in the background. */
const STALE_WHILE_REVALIDATE_S = 300;
/** The Cache-Control of a visitor's page the same for every visitor, with PUBLIC_URL set. */
export const VISITOR_PAGE_CACHE = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
/** The key every such page carries: purging it purges them all. */
export const ALL_PAGES_KEY = 'vbg-page';
/** The header that makes nginx fetch a page again and store the new answer (honoured from 127.0.0.1 only). */
const REFRESH_HEADER = 'x-vbg-cache-refresh';

/** How many visitor addresses (and encodings) an instance remembers sending, newest kept. */
const MAX_REMEMBERED = 1_000;
/** Refresh requests in flight at once. */
const REFRESH_CONCURRENCY = 4;
/**
 * The writer purges the CDN again this much later: another instance may have answered a miss
 * from its copy before its notice arrived.
 */
const PURGE_REPEAT_MS = 2_000;
/**
 * Drops that come together are purged together: one write drops its own namespace and then the
 * pages (an admin write), and the other instances' notices follow within moments.
 */
const GATHER_MS = 100;

const DATE = /\b(\d{4}-\d{2}-\d{2})\b/;

/**
 * The surrogate keys of a page: `vbg-page`, and for every API read it was rendered from, the
 * read's resource (`/api/articles/x` → `articles`) and, when the read names a day, the resource
 * of that day (`tips:2026-11-28`). The auth check (who is signed in: nobody) is no dependency.
 */
export function surrogateKeys(reads: readonly string[]): string[] {
  const keys = new Set([ALL_PAGES_KEY]);
  for (const read of reads) {
    const [pathPart, query = ''] = read.split('?');
    const resource = pathPart
      .split('/')[2]
      ?.toLowerCase()
      .replace(/[^a-z0-9-]/g, '');
    if (!resource || resource === 'auth') continue;
    keys.add(resource);
    const day = DATE.exec(`${pathPart} ${query}`)?.[1];
    if (day) keys.add(`${resource}:${day}`);
  }
  return [...keys];
}

/**
 * The keys a write to a namespace purges besides `vbg-page`: the reads (`surrogateKeys`' names)
 * whose answers that namespace holds. `vbg-page` goes with every purge, since the origin drops
 * every kept page on any content write (shared-cache.ts), and pages also show what no namespace
 * holds (results, the record); the narrower keys let a CDN's log say what changed.
 */
const NAMESPACE_KEYS: Record<CacheNamespace, string[]> = {
  articles: ['news-and-views'],
  raceCards: ['vbg-race-cards', 'vbg-race-cards-metadata', 'race-previews'],
  dailyTips: ['daily-tips', 'historical-tips'],
  settings: ['admin-settings'],
  pages: [],
  memberPages: [],
};

type Encoding = 'gzip' | 'identity';

export class PagePurge {
  /** `<encoding> <url>` → when this instance last sent it as a visitor page. */
  private readonly sent = new Map<string, number>();
  private refreshing: Promise<void> | undefined;
  private again = false;
  private refreshTimer: NodeJS.Timeout | undefined;
  /** Keys a write here asked to purge, sent together once GATHER_MS has passed. */
  private readonly pendingKeys = new Set<string>();
  private purgeTimer: NodeJS.Timeout | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly config: Pick<AppConfig, 'PUBLIC_URL' | 'PURGE_URL' | 'CACHE_REFRESH_URL'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether anything is purged at all. */
  get enabled() {
    return !!this.config.PUBLIC_URL && !!(this.config.PURGE_URL || this.config.CACHE_REFRESH_URL);
  }

  /** Listens to the cache's drops: every drop drops the pages, so every drop purges. */
  attach(cache: SharedCache) {
    if (!this.enabled) return;
    cache.onDrop((ns, cause) => {
      if (cause === 'write' && this.config.PURGE_URL) this.purgeCdnSoon(ns);
      if (this.config.CACHE_REFRESH_URL) this.refreshSoon();
    });
  }

  /** A visitor page went out as shareable: remember its address so a change refreshes it. */
  noteSent(url: string, gzip: boolean) {
    if (!this.config.CACHE_REFRESH_URL) return;
    const key = `${gzip ? 'gzip' : 'identity'} ${url}`;
    this.sent.delete(key);
    this.sent.set(key, this.now());
    if (this.sent.size > MAX_REMEMBERED) this.sent.delete(this.sent.keys().next().value!);
  }

  /** Waits for the refreshes under way (shutdown). */
  async settled() {
    while (this.refreshing) await this.refreshing;
  }

  stop() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    clearTimeout(this.refreshTimer);
    clearTimeout(this.purgeTimer);
    this.sent.clear();
  }

  private later(ms: number, run: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
    return timer;
  }

  private purgeCdnSoon(ns: CacheNamespace) {
    this.pendingKeys.add(ALL_PAGES_KEY);
    for (const key of NAMESPACE_KEYS[ns]) this.pendingKeys.add(key);
    this.purgeTimer ??= this.later(GATHER_MS, () => {
      this.purgeTimer = undefined;
      const keys = [...this.pendingKeys];
      this.pendingKeys.clear();
      void this.postPurge(keys);
      this.later(PURGE_REPEAT_MS, () => void this.postPurge(keys));
    });
  }

  private async postPurge(keys: string[]) {
    try {
      const res = await fetch(this.config.PURGE_URL!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'surrogate-key': keys.join(' ') },
        body: JSON.stringify({ keys }),
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`the purge hook answered ${res.status}`);
    } catch (err) {
      this.log.warn({ err, keys }, 'shared cache purge failed: pages may stay stale until their s-maxage');
    }
  }

  /** One refresh pass at a time, GATHER_MS after a drop; a drop during a pass asks for one more after it. */
  private refreshSoon() {
    if (this.refreshing) {
      this.again = true;
      return;
    }
    this.refreshTimer ??= this.later(GATHER_MS, () => {
      this.refreshTimer = undefined;
      this.refreshPasses();
    });
  }

  private refreshPasses() {
    this.refreshing = (async () => {
      do {
        this.again = false;
        await this.refreshAll();
      } while (this.again);
    })().finally(() => (this.refreshing = undefined));
  }

  private async refreshAll() {
    // Only what a cache in front may still hold (fresh or stale-while-revalidate).
    const since = this.now() - (SHARED_MAX_AGE_S + STALE_WHILE_REVALIDATE_S) * 1000;
    const due = [...this.sent].filter(([, at]) => at >= since).map(([key]) => key);
    let failed = 0;
    await runBounded(due, REFRESH_CONCURRENCY, async (key) => {
      const space = key.indexOf(' ');
      const ok = await this.refresh(key.slice(space + 1), key.slice(0, space) as Encoding);
      if (!ok) failed++;
    });
    if (failed) {
      this.log.warn({ failed }, 'visitor pages could not be refreshed in the cache in front');
    }
  }

  private refresh(url: string, encoding: Encoding): Promise<boolean> {
    const target = new URL(url, this.config.CACHE_REFRESH_URL);
    const client = target.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      const req = client.request(
        target,
        {
          method: 'GET',
          headers: {
            host: new URL(this.config.PUBLIC_URL!).host,
            [REFRESH_HEADER]: '1',
            'accept-encoding': encoding,
          },
          timeout: 30_000,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve((res.statusCode ?? 500) < 500));
          res.on('error', () => resolve(false));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', () => resolve(false));
      req.end();
    });
  }
}

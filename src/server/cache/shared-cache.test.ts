import { describe, expect, it } from 'vitest';
import { MAX_ENTRIES, SharedCache } from './shared-cache';

/** A fake LISTEN/NOTIFY bus shared by several caches, like instances on one PostgreSQL. */
function bus() {
  const listeners = new Set<(p: string) => void>();
  return {
    listen: async (_channel: string, fn: (p: string) => void) => {
      listeners.add(fn);
      return async () => void listeners.delete(fn);
    },
    notify: async (_channel: string, payload: string) => listeners.forEach((fn) => fn(payload)),
    onNoticesMissed: () => undefined,
  };
}
const log = { warn: () => undefined };

describe('SharedCache', () => {
  it('shares one load among concurrent misses and serves hits after', async () => {
    const cache = new SharedCache(bus(), log);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('articles', 'list', load), cache.get('articles', 'list', load)])).toEqual([
      1, 1,
    ]);
    expect(await cache.get('articles', 'list', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('never stores a load that began before an invalidation', async () => {
    const cache = new SharedCache(bus(), log);
    let release!: (v: string) => void;
    const slow = cache.get('articles', 'list', () => new Promise<string>((r) => (release = r)));
    await cache.invalidate('articles');
    release('old');
    expect(await slow).toBe('old'); // its caller gets what it read...
    expect(await cache.get('articles', 'list', async () => 'new')).toBe('new'); // ...but it was not kept
  });

  it("tells its drop listeners whether a drop was this instance's write or another's notice", async () => {
    const shared = bus();
    const writer = new SharedCache(shared, log);
    const other = new SharedCache(shared, log);
    await other.start();
    const heard: string[] = [];
    writer.onDrop((ns, cause) => heard.push(`writer ${ns} ${cause}`));
    other.onDrop((ns, cause) => heard.push(`other ${ns} ${cause}`));
    const before = other.generation('pages');
    await writer.invalidate('articles');
    expect(heard).toEqual(['writer articles write', 'other articles notice']);
    expect(other.generation('pages')).toBeGreaterThan(before); // every drop drops the pages
  });

  it('an invalidation on one instance drops the copy on the others, other namespaces untouched', async () => {
    const shared = bus();
    const a = new SharedCache(shared, log);
    const b = new SharedCache(shared, log);
    await a.start();
    await b.start();
    await b.get('raceCards', 'metadata', async () => 'v1');
    await b.get('dailyTips', 'live', async () => 't1');
    await a.invalidate('raceCards');
    expect(await b.get('raceCards', 'metadata', async () => 'v2')).toBe('v2');
    expect(await b.get('dailyTips', 'live', async () => 't2')).toBe('t1');
  });

  it('rendered pages go with any content namespace, here and on the other instances', async () => {
    const shared = bus();
    const a = new SharedCache(shared, log);
    const b = new SharedCache(shared, log);
    await a.start();
    await b.start();
    await b.get('pages', '/results', async () => 'page v1');
    await b.get('articles', 'list', async () => 'l1');
    await a.invalidate('dailyTips');
    expect(await b.get('pages', '/results', async () => 'page v2')).toBe('page v2');
    await a.invalidate('pages');
    expect(await b.get('pages', '/results', async () => 'page v3')).toBe('page v3');
    expect(await b.get('articles', 'list', async () => 'l2')).toBe('l1'); // dropping pages drops nothing else
  });

  it('expires an entry after the safety-net age even without a notice', async () => {
    let now = 0;
    const cache = new SharedCache(bus(), log, () => now);
    await cache.get('articles', 'list', async () => 'a');
    now += 61_000;
    expect(await cache.get('articles', 'list', async () => 'b')).toBe('b');
  });

  it('peek answers a fresh entry at once and nothing once it is dropped, stale or loading', async () => {
    let now = 0;
    const cache = new SharedCache(bus(), log, () => now);
    expect(cache.peek('articles', 'list')).toBeUndefined();
    let release!: (v: string) => void;
    const loading = cache.get('articles', 'list', () => new Promise<string>((r) => (release = r)));
    expect(cache.peek('articles', 'list')).toBeUndefined(); // a load in flight is not a value yet
    release('a');
    await loading;
    expect(cache.peek('articles', 'list')).toBe('a');
    expect(cache.peek('raceCards', 'list')).toBeUndefined(); // namespaces are separate
    now += 61_000;
    expect(cache.peek('articles', 'list')).toBeUndefined(); // past the safety-net age
    await cache.get('articles', 'list', async () => 'b');
    expect(cache.peek('articles', 'list')).toBe('b');
    await cache.invalidate('articles');
    expect(cache.peek('articles', 'list')).toBeUndefined();
  });

  it('a full namespace keeps what it holds: many distinct keys cannot push the others out', async () => {
    let now = 0;
    const cache = new SharedCache(bus(), log, () => now);
    await cache.get('pages', '/results', async () => 'results');
    for (let i = 0; i < MAX_ENTRIES + 50; i++)
      expect(await cache.get('pages', `/made-up/${i}`, async () => `page ${i}`)).toBe(`page ${i}`);
    expect(cache.peek('pages', '/results')).toBe('results');
    expect(cache.peek('pages', `/made-up/${MAX_ENTRIES + 10}`)).toBeUndefined(); // sent, not kept
    // Once the entries have expired there is room again.
    now += 61_000;
    await cache.get('pages', '/results', async () => 'results v2');
    expect(cache.peek('pages', '/results')).toBe('results v2');
  });

  it('a share fills up on its own: its keys never take the room of keys outside it', async () => {
    const cache = new SharedCache(bus(), log);
    const tipsDays = { name: '/tips/:date', max: 3 };
    for (const day of ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04'])
      await cache.get('pages', `/tips/${day}`, async () => day, { share: tipsDays });
    expect(cache.peek('pages', '/tips/2026-11-01')).toBe('2026-11-01');
    expect(cache.peek('pages', '/tips/2026-11-03')).toBe('2026-11-03');
    expect(cache.peek('pages', '/tips/2026-11-04')).toBeUndefined();
    await cache.get('pages', '/results', async () => 'results', { share: { name: '/results', max: 3 } });
    expect(cache.peek('pages', '/results')).toBe('results');
    await cache.get('pages', '/', async () => 'home');
    expect(cache.peek('pages', '/')).toBe('home');
  });

  it('hands a value `keep` refuses to every caller waiting on that load, and keeps it for none after', async () => {
    const cache = new SharedCache(bus(), log);
    let loads = 0;
    const failedPage = async () => {
      loads++;
      await Promise.resolve();
      return { status: 503 };
    };
    const keep = (page: { status: number }) => page.status === 200;
    const [a, b] = await Promise.all([
      cache.get('pages', '/news-and-views', failedPage, { keep }),
      cache.get('pages', '/news-and-views', failedPage, { keep }),
    ]);
    expect(a).toEqual({ status: 503 });
    expect(b).toBe(a); // one load for both
    expect(loads).toBe(1);
    expect(cache.peek('pages', '/news-and-views')).toBeUndefined();
    await cache.get('pages', '/news-and-views', async () => ({ status: 200 }), { keep });
    expect(cache.peek('pages', '/news-and-views')).toEqual({ status: 200 });
  });
});

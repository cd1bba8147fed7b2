import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { ensureWebBuilt, WEB_DIR, withPagesApp } from '../support/web-build';
import { createArticle } from './articles-helpers';
import { publish } from './tips-helpers';
import { fetchPage } from './ssr-helpers';

// A shared cache in front (decision 0060): with PUBLIC_URL, a visitor's page the same for every
// visitor may be kept by a CDN or nginx for a minute, carries surrogate keys, and a write purges
// it; anything for someone signed in stays private; without PUBLIC_URL nothing changes.

const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

interface Heard {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server that answers 200 and remembers every request (the purge hook, or nginx). */
async function listener() {
  const heard: Heard[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      heard.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    heard,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('with PUBLIC_URL', () => {
  let t: TestApp;
  let hook: Awaited<ReturnType<typeof listener>>;
  let nginx: Awaited<ReturnType<typeof listener>>;
  beforeAll(async () => {
    ensureWebBuilt();
    hook = await listener();
    nginx = await listener();
    t = await startTestApp(
      { PUBLIC_URL: 'https://vbg.example', PURGE_URL: `${hook.url}/purge`, CACHE_REFRESH_URL: nginx.url },
      { webDir: WEB_DIR },
    );
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await hook.close();
    await nginx.close();
  });
  beforeEach(async () => {
    await t.reset();
    t.clock.set(new Date('2026-11-22T09:00:00Z')); // Sunday 22 November 2026, 09:00 London
    hook.heard.length = 0;
    nginx.heard.length = 0;
  });

  it("a visitor's page is shareable for a minute, stale a while longer, with keys naming what it shows", async () => {
    const list = await fetchPage(t.client(), '/news-and-views');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe(SHARED);
    expect(list.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    const keys = list.headers.get('surrogate-key')!.split(' ');
    expect(keys).toEqual(expect.arrayContaining(['vbg-page', 'news-and-views']));
    expect(keys).not.toContain('auth'); // who is signed in (nobody) is no dependency
    expect(list.headers.get('cache-tag')).toBe(keys.join(','));

    // A day's page names the day it shows.
    t.clock.set(new Date('2026-11-20T09:00:00Z'));
    const { client: admin } = await signedIn(t, 'admin');
    await publish(admin, { nap: 'Friday Flyer – 1:30 Sandown' });
    t.clock.set(new Date('2026-11-22T09:00:00Z'));
    const day = await fetchPage(t.client(), '/tips/2026-11-20');
    expect(day.status).toBe(200);
    expect(day.headers.get('cache-control')).toBe(SHARED);
    expect(day.headers.get('surrogate-key')!.split(' ')).toEqual(
      expect.arrayContaining(['vbg-page', 'historical-tips', 'historical-tips:2026-11-20']),
    );
    // The publishing's purge goes out again 2 s later (another instance may have answered from its
    // copy meanwhile): heard here, not in the next test.
    await expect.poll(() => hook.heard.length, { timeout: 5_000 }).toBe(2);
  });

  it('a page for someone signed in, a cleared session and a missing page are never shareable', async () => {
    const { client: member } = await signedIn(t, 'member');
    for (const path of ['/news-and-views', '/tips', '/my-account']) {
      const page = await fetchPage(member, path);
      expect([page.status, page.headers.get('cache-control')], path).toEqual([200, 'private, no-cache']);
      expect(page.headers.get('surrogate-key'), path).toBeNull();
    }
    // A session cookie that names no session: the visitors' page, but the answer clears the cookie.
    const stale = t.client();
    stale.cookies.set('vbg_session', 'x'.repeat(64));
    const ended = await stale.get('/news-and-views');
    expect(ended.headers.get('cache-control')).toBe('private, no-cache');
    expect(ended.headers.get('surrogate-key')).toBeNull();
    // A page that does not exist answers 404, kept by nobody.
    const missing = await fetchPage(t.client(), '/news-and-views/no-such-article');
    expect([missing.status, missing.headers.get('cache-control')]).toEqual([404, 'no-cache']);
    expect(missing.headers.get('surrogate-key')).toBeNull();
  });

  it('a write purges: the purge hook gets the keys, and nginx is asked again for the pages sent', async () => {
    await fetchPage(t.client(), '/news-and-views'); // fetch() asks for gzip
    const plain = await t.client().get('/news-and-views', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(hook.heard).toEqual([]);
    expect(nginx.heard).toEqual([]);

    const { client: admin } = await signedIn(t, 'admin');
    await createArticle(admin, { title: 'Purged Overnight', publishDate: '2026-11-22' });

    await expect.poll(() => hook.heard.length).toBeGreaterThan(0);
    const purge = hook.heard[0];
    expect([purge.method, purge.url, purge.headers['content-type']]).toEqual(['POST', '/purge', 'application/json']);
    const { keys } = JSON.parse(purge.body) as { keys: string[] };
    expect(keys).toEqual(expect.arrayContaining(['vbg-page', 'news-and-views']));
    expect(purge.headers['surrogate-key']).toBe(keys.join(' '));

    // Both copies of the page (gzipped and plain) are fetched again through nginx, as the site's host.
    await expect
      .poll(() => nginx.heard.map((r) => `${r.url} ${r.headers['accept-encoding']}`).sort())
      .toEqual(expect.arrayContaining(['/news-and-views gzip', '/news-and-views identity']));
    for (const r of nginx.heard) {
      expect([r.method, r.headers.host, r.headers['x-vbg-cache-refresh']]).toEqual(['GET', 'vbg.example', '1']);
    }
    // Only pages sent to visitors as shareable (here and by the tests before, within the last six
    // minutes): nothing a member was sent, no missing page, no API answer.
    expect(new Set(nginx.heard.map((r) => r.url))).toEqual(new Set(['/news-and-views', '/tips/2026-11-20']));
  });
});

describe('without PUBLIC_URL', () => {
  let t: TestApp;
  withPagesApp((app) => (t = app));

  it("a visitor's page is the browser's to revalidate, with no keys, as before", async () => {
    await t.reset();
    const page = await fetchPage(t.client(), '/news-and-views');
    expect([page.status, page.headers.get('cache-control')]).toEqual([200, 'no-cache']);
    expect(page.headers.get('surrogate-key')).toBeNull();
    expect(page.headers.get('cache-tag')).toBeNull();
    const { client: member } = await signedIn(t, 'member');
    expect((await member.get('/news-and-views')).headers.get('cache-control')).toBe('private, no-cache');
  });
});

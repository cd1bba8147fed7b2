import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { gatherHead, shellWithHead, type HeadProvider } from './page-head';
import { pageCacheControl } from './send-page';

const SHELL =
  '<!doctype html><html><head><title>VBG</title><meta name="description" content="Site-wide"><!--vbg-head--></head><body><div id="root"></div></body></html>';
const request = () => ({ log: { error: vi.fn() } }) as unknown as FastifyRequest;

describe("a page's head", () => {
  it('takes the first title and description, every tag, and keeps one description', async () => {
    const providers: HeadProvider[] = [
      () => Promise.resolve(null),
      () =>
        Promise.resolve({ title: 'Odds & "ends" $&', description: 'First', tags: '<link rel="canonical" href="/a">' }),
      () => Promise.resolve({ title: 'Second', description: 'Second', tags: '<meta property="og:type">' }),
    ];
    const head = await gatherHead(providers, '/news-and-views/a', request(), 200);
    expect(head).toMatchObject({ title: 'Odds & "ends" $&', description: 'First', status: 200 });
    const html = shellWithHead(
      SHELL,
      '/news-and-views/a',
      head,
      '<meta name="vbg-config">',
      '<link rel="modulepreload">',
    );
    expect(html).toContain('<title>Odds &amp; &quot;ends&quot; $&amp;</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(
      '<meta name="description" content="First"><meta name="vbg-config"><link rel="canonical" href="/a"><meta property="og:type"><link rel="modulepreload"></head>',
    );
  });

  it("keeps the path's title and the site-wide description when no provider knows the page", async () => {
    const head = await gatherHead([() => Promise.resolve(null)], '/about', request(), 200);
    const html = shellWithHead(SHELL, '/about', head, '', '');
    expect(html).toContain('content="Site-wide"');
    expect(html).not.toContain('<title>VBG</title>');
  });

  it('answers 404 for a subject that does not exist and 503 for a provider that fails, the worse winning', async () => {
    const req = request();
    const notFound: HeadProvider = () => Promise.resolve({ notFound: true });
    const fails: HeadProvider = () => Promise.reject(new Error('database down'));
    expect((await gatherHead([notFound], '/tips/2026-01-01', req, 200)).status).toBe(404);
    expect((await gatherHead([fails, notFound], '/tips/2026-01-01', req, 200)).status).toBe(503);
    expect(req.log.error).toHaveBeenCalledWith(expect.anything(), 'page data could not be read');
  });
});

describe("a page's Cache-Control", () => {
  it('never lets a shared cache keep a failed read or a signed-in page', () => {
    expect(pageCacheControl(503, 'visitor', true)).toBe('no-store');
    expect(pageCacheControl(200, 'signedIn', false)).toBe('private, no-cache');
    expect(pageCacheControl(200, 'endedSession', false)).toBe('private, no-cache');
    expect(pageCacheControl(200, 'visitor', false)).toBe('no-cache');
    expect(pageCacheControl(200, 'visitor', true)).toMatch(/^public, max-age=0, s-maxage=\d+/);
  });
});

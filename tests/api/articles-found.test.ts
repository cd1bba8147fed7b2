import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { signedIn } from '../support/users';
import { dailyTips } from '#server/db/schema';
import { PREMIUM_SECRET, createArticle } from './articles-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://vbg.example', SITE_NAME: 'VBG' });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
}

describe('sitemap.xml and robots.txt', () => {
  it('lists public pages, articles, blog articles and past tips days as valid XML', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const a = await createArticle(admin, { title: 'Fish & Chips <at> "Ascot"' });
    await createArticle(admin, { title: 'Members Piece', contentType: 'premium', content: `<p>${PREMIUM_SECRET}</p>` });
    t.clock.set(new Date('2025-06-10T10:00:00Z'));
    const row = { bannerDate: '', publishedAt: t.clock.now() };
    await t.ctx.db.insert(dailyTips).values([
      { tipsDate: '2025-06-08', ...row },
      { tipsDate: '2025-06-09', ...row },
      { tipsDate: '2025-06-10', ...row },
    ]);

    const res = await t.client().get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(
      res.text.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(res.text.trim().endsWith('</urlset>')).toBe(true);
    // Well-formed: every text is escaped, every <url> closed.
    expect(res.text.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toMatch(/&/);
    expect((res.text.match(/<url>/g) ?? []).length).toBe((res.text.match(/<\/url>/g) ?? []).length);
    const urls = locs(res.text);
    for (const p of [
      '/',
      '/about',
      '/news-and-views',
      '/resources',
      '/back-catalogue',
      '/free-race',
      '/getting-started',
      '/premium-access',
    ]) {
      expect(urls).toContain(`https://vbg.example${p}`);
    }
    for (const p of ['/login', '/admin', '/my-account', '/tips', '/set-password'])
      expect(urls).not.toContain(`https://vbg.example${p}`);
    expect(urls).toContain(`https://vbg.example/news-and-views/${a.slug}`);
    expect(urls).toContain('https://vbg.example/news-and-views/members-piece');
    expect(urls).toContain('https://vbg.example/resources/first-month-review');
    expect(urls).toContain('https://vbg.example/tips/2025-06-08');
    expect(urls).toContain('https://vbg.example/tips/2025-06-09');
    expect(urls).not.toContain('https://vbg.example/tips/2025-06-10'); // today's tips are for members
    expect(res.text).not.toContain(PREMIUM_SECRET);
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const res = await t.client().get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toContain('User-agent: *');
    expect(res.text).toContain('Disallow: /api/');
    expect(res.text).toContain('Disallow: /admin');
    expect(res.text).toContain('Sitemap: https://vbg.example/sitemap.xml');
  });
});

describe('link previews in the page HTML', () => {
  it('puts the title, stripped summary and Open Graph tags in the shell, escaped', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const a = await createArticle(admin, {
      title: 'Quotes "and" 5 < 6 & more <b>',
      summary: '<p>The <strong>best</strong> bets & "value"</p>',
      publishDate: '2025-03-01',
      category: 'views',
    });
    const res = await t.client().get(`/news-and-views/${a.slug}?utm=x`);
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html).toContain('<meta property="og:title" content="Quotes &quot;and&quot; 5 &lt; 6 &amp; more">');
    expect(html).toContain('<meta property="og:description" content="The best bets &amp; &quot;value&quot;">');
    expect(html).toContain('<meta name="description" content="The best bets &amp; &quot;value&quot;">');
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="og:site_name" content="VBG">');
    expect(html).toContain(`<meta property="og:url" content="https://vbg.example/news-and-views/${a.slug}">`);
    expect(html).toContain(`<link rel="canonical" href="https://vbg.example/news-and-views/${a.slug}">`);
    expect(html).toContain('<meta property="article:published_time" content="2025-03-01">');
    expect(html).toContain('<meta property="article:section" content="VB Betting Strategy &amp; Principles">');
    expect(html).not.toContain('5 < 6');
    // The article's own <title> and exactly one description (the site-wide one is replaced).
    expect(html).toContain('<title>Quotes &quot;and&quot; 5 &lt; 6 &amp; more — News &amp; Views — VBG</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    // By id: the same tags, with the canonical slug address.
    const byId = await t.client().get(`/news-and-views/${a.id}`);
    expect(byId.text).toContain(`<link rel="canonical" href="https://vbg.example/news-and-views/${a.slug}">`);
  });

  it('leaves the date out when it is hidden, and answers 404 with nothing added for unknown articles', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const a = await createArticle(admin, { hidePublishDate: true });
    expect((await t.client().get(`/news-and-views/${a.slug}`)).text).not.toContain('article:published_time');
    const unknown = await t.client().get('/news-and-views/no-such-thing');
    expect(unknown.status).toBe(404); // the shell says so too, not only the server render
    expect(unknown.text).not.toContain('og:title');
    expect(unknown.text).toContain('<title>News &amp; Views — VBG</title>');
    expect((unknown.text.match(/<meta name="description"/g) ?? []).length).toBeLessThanOrEqual(1);
    const malformed = await t.client().get('/news-and-views/%E0%A4%A');
    expect(malformed.status).toBeLessThan(500);
  });

  it('keeps "$" sequences in a title as text', async () => {
    const { client: admin } = await signedIn(t, 'admin');
    const a = await createArticle(admin, { title: "Win $$ with $' and $& odds" });
    const html = (await t.client().get(`/news-and-views/${a.slug}`)).text;
    expect(html).toContain(`<title>Win $$ with $' and $&amp; odds — News &amp; Views — VBG</title>`);
    expect(html).toContain(`<meta property="og:title" content="Win $$ with $&#39; and $&amp; odds">`);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
  });

  it('answers 404 for an unknown blog article, in the shell too', async () => {
    const res = await t.client().get('/resources/no-such-guide');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('og:title');
  });

  it('previews the built-in blog articles too', async () => {
    const res = await t.client().get('/resources/vb-ratings-guide');
    expect(res.text).toContain('<meta property="og:title" content="How to Read the VB Ratings">');
    expect(res.text).toContain('<link rel="canonical" href="https://vbg.example/resources/vb-ratings-guide">');
    expect(res.text).toContain('<title>How to Read the VB Ratings — Resources — VBG</title>');
    expect(res.text.match(/<meta name="description"/g)).toHaveLength(1);
  });
});

describe('built-in blog articles API', () => {
  it('lists the three and answers each by slug, 404 otherwise', async () => {
    const list = await t.client().get('/api/resources');
    expect(list.status).toBe(200);
    expect(list.json.map((a: { slug: string }) => a.slug)).toEqual([
      'first-month-review',
      'vb-ratings-guide',
      'betting-strategy',
    ]);
    for (const a of list.json)
      expect(Object.keys(a).sort()).toEqual(['category', 'content', 'createdAt', 'excerpt', 'id', 'slug', 'title']);
    const one = await t.client().get('/api/resources/betting-strategy');
    expect(one.json).toMatchObject({ slug: 'betting-strategy', category: 'strategy' });
    expect(one.json.content).toContain('200 to 300 points');
    const missing = await t.client().get('/api/resources/nope');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: 'Article not found' });
  });
});

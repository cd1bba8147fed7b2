import { describe, expect, it } from 'vitest';
import { SITE_DEFAULT_TITLE, canonicalPageUrl, matchPageRoute, titleForPath } from './paths';

describe('route table', () => {
  it('matches public, parameterised and auth-only pages', () => {
    expect(matchPageRoute('/')?.access).toBe('public');
    expect(matchPageRoute('/news-and-views/some-slug')?.pattern).toBe('/news-and-views/:slug');
    expect(matchPageRoute('/tips')?.access).toBe('auth');
    expect(matchPageRoute('/tips/2026-11-22')?.access).toBe('public');
    expect(matchPageRoute('/admin/')?.pattern).toBe('/admin');
  });
  it('does not match unknown or deeper paths', () => {
    expect(matchPageRoute('/nope')).toBeUndefined();
    expect(matchPageRoute('/news-and-views/a/b')).toBeUndefined();
    expect(matchPageRoute('/aboutx')).toBeUndefined();
  });
  it('titles the team page "Team VBG" and falls back to the default title', () => {
    expect(titleForPath('/about')).toBe('Team VBG');
    expect(titleForPath('/free-race')).toBe(SITE_DEFAULT_TITLE);
  });

  it("gives each page one address: no query it does not read, no trailing or doubled slash, the table's case", () => {
    const url = (u: string) => canonicalPageUrl(u)?.url;
    expect(url('/news-and-views')).toBe('/news-and-views');
    expect(url('/news-and-views?x=1')).toBe('/news-and-views');
    expect(url('/news-and-views?')).toBe('/news-and-views');
    expect(url('/news-and-views/')).toBe('/news-and-views');
    expect(url('//news-and-views//')).toBe('/news-and-views');
    expect(url('/News-And-Views')).toBe('/news-and-views');
    expect(url('/')).toBe('/');
    expect(url('/?utm_source=x')).toBe('/');
    expect(url('/news%2Dand-views')).toBe('/news-and-views');
    // Parameters keep their spelling, encoded once; a slash inside one stays encoded.
    expect(url('/News-And-Views/Royal-Ascot/')).toBe('/news-and-views/Royal-Ascot');
    expect(url('/resources/a%20b')).toBe('/resources/a%20b');
    expect(url('/resources/a b')).toBe('/resources/a%20b');
    expect(url('/resources/a%2Fb')).toBe('/resources/a%2Fb');
    expect(canonicalPageUrl('/resources/a%2Fb')?.pathname).toBe('/resources/a/b');
    // Only the parameters and values a page reads.
    expect(url('/subscribe?checkout=cancelled&x=1')).toBe('/subscribe?checkout=cancelled');
    expect(url('/subscribe?checkout=other')).toBe('/subscribe');
    expect(url('/subscribe?error=account')).toBe('/subscribe?error=account');
    expect(url('/subscribe?error=Call+us')).toBe('/subscribe');
    // The sign-in page's own text parameters are kept (bounded), and make the address per request.
    expect(canonicalPageUrl('/login?next=%2Ftips&email=a%40b.co&x=1')).toMatchObject({
      url: '/login?email=a%40b.co&next=%2Ftips',
      perRequest: true,
    });
    expect(canonicalPageUrl('/login?error=invalid')).toMatchObject({ url: '/login?error=invalid', perRequest: false });
    expect(url(`/login?next=${'a'.repeat(501)}`)).toBe('/login');
    expect(url('/nope')).toBeUndefined();
    expect(url('/news-and-views/%E0%A4%A')).toBeUndefined();
    // Asked again (answers are remembered, a bounded number): the same answer, after many others too.
    const first = canonicalPageUrl('/tips/2026-11-22?x=1');
    for (let i = 0; i < 2500; i++) expect(url(`/news-and-views/article-${i}`)).toBe(`/news-and-views/article-${i}`);
    expect(canonicalPageUrl('/tips/2026-11-22?x=1')).toEqual(first);
    expect(first).toMatchObject({ url: '/tips/2026-11-22', pathname: '/tips/2026-11-22', perRequest: false });
    expect(url('/nope')).toBeUndefined();
    for (const u of [
      '/News-And-Views/Royal-Ascot/?a=1',
      '/resources/a b',
      '/subscribe?x=1&checkout=cancelled',
      '//tips//2026-11-22',
    ]) {
      const once = url(u)!;
      expect(url(once), u).toBe(once);
      expect(once.startsWith('//'), u).toBe(false);
    }
  });
});

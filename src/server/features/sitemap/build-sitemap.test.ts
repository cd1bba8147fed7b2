import { describe, expect, it } from 'vitest';
import { buildRobots, listedPages } from './build-sitemap';
import { escapeMarkup } from './site-url';

describe('sitemap helpers', () => {
  it('lists the public pages without sign-in, checkout steps or parameters', () => {
    const pages = listedPages();
    expect(pages).toContain('/');
    expect(pages).toContain('/news-and-views');
    expect(pages).toContain('/resources');
    expect(pages.some((p) => p.includes(':'))).toBe(false);
    for (const hidden of ['/login', '/set-password', '/payment-success', '/tips', '/admin'])
      expect(pages).not.toContain(hidden);
  });
  it('writes robots.txt with the sitemap address', () => {
    expect(buildRobots('https://x.example')).toContain('Sitemap: https://x.example/sitemap.xml');
  });
  it('escapes markup', () => {
    expect(escapeMarkup(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

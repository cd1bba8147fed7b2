import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX, metaTags, pageHead } from './head';

describe('metaTags', () => {
  it('escapes every value and clips long descriptions at a word', () => {
    const html = metaTags({
      title: '"><script>alert(1)</script>',
      description: 'word '.repeat(100),
      url: 'https://vbg.example/news-and-views/a?b=1&c=2',
      siteName: 'VBG',
      type: 'article',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('href="https://vbg.example/news-and-views/a?b=1&amp;c=2"');
    const description = /og:description" content="([^"]*)"/.exec(html)![1];
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(description.endsWith('word…')).toBe(true);
    expect(html).not.toContain('article:published_time');
  });

  it('leaves the description meta to the shell: pageHead gives title, clipped description and the tags', () => {
    const meta = {
      title: 'A & B',
      description: 'word '.repeat(100),
      url: 'https://vbg.example/x',
      siteName: 'VBG',
      type: 'article' as const,
    };
    expect(metaTags(meta)).not.toContain('name="description"');
    const head = pageHead({ ...meta, documentTitle: 'A & B — News & Views — VBG' });
    expect(head.title).toBe('A & B — News & Views — VBG');
    expect(head.description!.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(head.tags).toContain('<meta property="og:title" content="A &amp; B">');
  });

  it('gives og:url only for an absolute address (PUBLIC_URL); a root-relative canonical link is kept', () => {
    const meta = { title: 'A', description: 'B', siteName: 'VBG', type: 'article' as const };
    const relative = metaTags({ ...meta, url: '/news-and-views/a' });
    expect(relative).not.toContain('og:url');
    expect(relative).toContain('<link rel="canonical" href="/news-and-views/a">');
    expect(metaTags({ ...meta, url: 'https://vbg.example/news-and-views/a' })).toContain(
      '<meta property="og:url" content="https://vbg.example/news-and-views/a">',
    );
  });
});

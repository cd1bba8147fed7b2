import { describe, expect, it } from 'vitest';
import { ALL_PAGES_KEY, PagePurge, surrogateKeys } from './page-purge';

describe('surrogateKeys', () => {
  it('names every read resource once, and the day a read names, beside the key of every page', () => {
    expect(
      surrogateKeys([
        '/api/auth/user',
        '/api/historical-tips/2026-11-20',
        '/api/news-and-views?category=news',
        '/api/news-and-views/a-day-at-the-races',
        '/api/vbg-race-cards?date=2026-11-22',
      ]),
    ).toEqual([
      ALL_PAGES_KEY,
      'historical-tips',
      'historical-tips:2026-11-20',
      'news-and-views',
      'vbg-race-cards',
      'vbg-race-cards:2026-11-22',
    ]);
  });

  it('a page that read nothing (or only who is signed in) still carries the key of every page', () => {
    expect(surrogateKeys([])).toEqual([ALL_PAGES_KEY]);
    expect(surrogateKeys(['/api/auth/user'])).toEqual([ALL_PAGES_KEY]);
  });

  it('keeps only header-safe characters from a read path', () => {
    expect(surrogateKeys(['/api/Odd Name,x/1'])).toEqual([ALL_PAGES_KEY, 'oddnamex']);
  });
});

describe('PagePurge', () => {
  const log = { warn: () => undefined };
  it('purges only with PUBLIC_URL and a purge hook or nginx to refresh', () => {
    const on = (config: ConstructorParameters<typeof PagePurge>[0]) => new PagePurge(config, log).enabled;
    expect(on({ PUBLIC_URL: undefined, PURGE_URL: 'http://cdn.example/purge', CACHE_REFRESH_URL: undefined })).toBe(
      false,
    );
    expect(on({ PUBLIC_URL: 'https://vbg.example', PURGE_URL: undefined, CACHE_REFRESH_URL: undefined })).toBe(false);
    expect(
      on({ PUBLIC_URL: 'https://vbg.example', PURGE_URL: 'http://cdn.example/purge', CACHE_REFRESH_URL: undefined }),
    ).toBe(true);
    expect(on({ PUBLIC_URL: 'https://vbg.example', PURGE_URL: undefined, CACHE_REFRESH_URL: 'http://127.0.0.1' })).toBe(
      true,
    );
  });
});

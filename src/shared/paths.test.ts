import { describe, expect, it } from 'vitest';
import { SITE_DEFAULT_TITLE, matchPageRoute, titleForPath } from './paths';

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
});

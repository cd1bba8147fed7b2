import { describe, expect, it } from 'vitest';
import type { RaceCardsByDay } from '#shared/schemas/race-cards';
import {
  changesWhoIsSignedIn,
  deviceDay,
  identitySafeShell,
  isPersonalRead,
  mayKeep,
  sessionMayBeLive,
  isKeptRead,
  isStaticFile,
  memberCacheName,
  notificationPath,
  planMemberCaches,
  readMemberCacheName,
  readPushMessage,
  savedKey,
  shellAssets,
  todaysRaceReads,
} from './offline-rules';

describe('member caches', () => {
  it('are named for one member and one London day, and read back', () => {
    expect(memberCacheName(42, '2026-11-25')).toBe('vbg-member-42-2026-11-25');
    expect(readMemberCacheName('vbg-member-42-2026-11-25')).toEqual({ memberId: 42, day: '2026-11-25' });
    expect(readMemberCacheName('vbg-member-42')).toBeNull();
    expect(readMemberCacheName('other-cache')).toBeNull();
    expect(readMemberCacheName('vbg-member-x-2026-11-25')).toBeNull();
  });

  it("take the day from London's calendar, whatever the device's zone", () => {
    // 23:30 UTC in summer is 00:30 the next day in London; in winter London is UTC.
    expect(deviceDay(Date.parse('2026-07-14T23:30:00Z'))).toBe('2026-07-15');
    expect(deviceDay(Date.parse('2026-11-25T23:30:00Z'))).toBe('2026-11-25');
    expect(deviceDay(Date.parse('2026-11-26T00:00:00Z'))).toBe('2026-11-26');
  });

  it('the member the server names keeps only their cache of today; every other member cache goes', () => {
    const names = ['vbg-member-7-2026-11-25', 'vbg-member-8-2026-11-25', 'vbg-member-7-2026-11-24', 'not-ours'];
    expect(planMemberCaches(names, '2026-11-25', 7)).toEqual({
      keep: 'vbg-member-7-2026-11-25',
      remove: ['vbg-member-8-2026-11-25', 'vbg-member-7-2026-11-24'],
    });
    // Another member signs in: the first one's cache goes, the new one starts empty.
    expect(planMemberCaches(['vbg-member-7-2026-11-25'], '2026-11-25', 9)).toEqual({
      keep: 'vbg-member-9-2026-11-25',
      remove: ['vbg-member-7-2026-11-25'],
    });
  });

  it("on a new London day yesterday's cache goes and the same member starts today's, empty", () => {
    expect(planMemberCaches(['vbg-member-7-2026-11-24'], '2026-11-25')).toEqual({
      keep: 'vbg-member-7-2026-11-25',
      remove: ['vbg-member-7-2026-11-24'],
    });
    expect(planMemberCaches(['vbg-member-7-2026-11-25'], '2026-11-25')).toEqual({
      keep: 'vbg-member-7-2026-11-25',
      remove: [],
    });
    // A cache dated after today (the device clock went back) is not today's either.
    expect(planMemberCaches(['vbg-member-7-2026-11-26'], '2026-11-25')).toEqual({
      keep: null,
      remove: ['vbg-member-7-2026-11-26'],
    });
    // No member known: nothing kept, nothing made.
    expect(planMemberCaches(['not-ours'], '2026-11-25')).toEqual({ keep: null, remove: [] });
  });
});

describe('what is kept', () => {
  it('saves answers without their cache-busting stamps, but with the parameters that choose the data', () => {
    expect(savedKey('https://vbg.example/api/vbg-race-cards/race/3?v=1764000000000&t=1764000000000')).toBe(
      'https://vbg.example/api/vbg-race-cards/race/3',
    );
    expect(savedKey('https://vbg.example/api/vbg-race-cards-metadata?t=1')).toBe(
      'https://vbg.example/api/vbg-race-cards-metadata',
    );
    expect(savedKey('https://vbg.example/api/results?date=2026-11-25&t=1#x')).toBe(
      'https://vbg.example/api/results?date=2026-11-25',
    );
  });

  it("keeps members' API reads, never the admin screens' nor the live stream, and the site's static files", () => {
    expect(isKeptRead('/api/daily-tips')).toBe(true);
    expect(isKeptRead('/api/vbg-race-cards/race/3')).toBe(true);
    expect(isKeptRead('/api/admin-settings/default-weekday')).toBe(true);
    expect(isKeptRead('/api/admin/members')).toBe(false);
    expect(isKeptRead('/api/vbg-race-cards-events')).toBe(false);
    expect(isKeptRead('/tips')).toBe(false);
    expect(isStaticFile('/assets/index-abc.js')).toBe(true);
    expect(isStaticFile('/favicon.svg')).toBe(true);
    expect(isStaticFile('/api/daily-tips')).toBe(false);
  });

  it('drops everything when someone signs in, up or out', () => {
    expect(changesWhoIsSignedIn('/api/logout', 'POST')).toBe(true);
    expect(changesWhoIsSignedIn('/api/login', 'POST')).toBe(true);
    expect(changesWhoIsSignedIn('/api/register', 'POST')).toBe(true);
    expect(changesWhoIsSignedIn('/api/auth/user', 'GET')).toBe(false);
    expect(changesWhoIsSignedIn('/api/email-preference', 'PUT')).toBe(false);
  });

  it("finds a shell's code and today's race cards to fetch ahead", () => {
    const html =
      '<script type="module" crossorigin src="/assets/index-B8.js"></script><link rel="modulepreload" href="/assets/cn-h.js"><link rel="stylesheet" href="/assets/index-D.css"><link rel="icon" href="/favicon.svg"><script src="/assets/index-B8.js"></script>';
    expect(shellAssets(html)).toEqual(['/assets/index-B8.js', '/assets/cn-h.js', '/assets/index-D.css']);
    const race = (id: number) => ({
      id,
      raceDate: '2026-11-25',
      time: '14:10',
      course: 'Ascot',
      title: 'x',
      runnerCount: 5,
    });
    const lists = {
      wednesday: [race(3), race(4)],
      thursday: [race(9)],
      today: 'wednesday',
      yesterday: 'tuesday',
      tomorrow: 'thursday',
    } as unknown as RaceCardsByDay;
    expect(todaysRaceReads(lists)).toEqual(['/api/vbg-race-cards/race/3', '/api/vbg-race-cards/race/4']);
  });
});

describe("what is a member's own", () => {
  it('keeps a page as its bare shell: no render, no data, no viewer', () => {
    const rendered =
      '<!doctype html><html><head><title>Tips</title></head><body><div id="root"><main><div>punter@example.com</div></main></div>' +
      '<script type="application/json" id="vbg-data">{"now":"x"}</script>' +
      '<script type="application/json" id="vbg-viewer">{"id":7,"email":"punter@example.com"}</script>' +
      '<script type="module" src="/assets/index-B8.js"></script></body></html>';
    expect(identitySafeShell(rendered)).toBe(
      '<!doctype html><html><head><title>Tips</title></head><body><div id="root"></div>' +
        '<script type="module" src="/assets/index-B8.js"></script></body></html>',
    );
    const shell = '<html><body><div id="root"></div><script src="/assets/a.js"></script></body></html>';
    expect(identitySafeShell(shell)).toBe(shell);
  });

  it('never keeps an answer marked no-store', () => {
    expect(mayKeep('private, no-store')).toBe(false);
    expect(mayKeep('no-store')).toBe(false);
    expect(mayKeep('private, no-cache, no-store, must-revalidate')).toBe(false);
    expect(mayKeep('private, no-cache')).toBe(true);
    expect(mayKeep('public, max-age=31536000, immutable')).toBe(true);
    expect(mayKeep(null)).toBe(true);
  });

  it("tells the member's own reads from the day's race data", () => {
    for (const path of [
      '/api/auth/user',
      '/api/my-bets',
      '/api/my-data',
      '/api/my-subscription-price',
      '/api/watchlist',
      '/api/alert-settings',
    ])
      expect(isPersonalRead(path), path).toBe(true);
    for (const path of [
      '/api/daily-tips',
      '/api/value-now',
      '/api/vbg-race-cards/race/3',
      '/api/results',
      '/api/watchlists',
    ])
      expect(isPersonalRead(path), path).toBe(false);
  });

  it('serves a session only within its idle end, a minute short, by the device clock', () => {
    const at = Date.parse('2026-11-28T10:00:00Z');
    expect(sessionMayBeLive(at, at + 28 * 60_000)).toBe(true);
    expect(sessionMayBeLive(at, at + 29 * 60_000)).toBe(false);
    expect(sessionMayBeLive(at, at + 31 * 60_000)).toBe(false);
    expect(sessionMayBeLive(at + 60_000, at)).toBe(false); // the clock went back
    expect(sessionMayBeLive(NaN, at)).toBe(false);
  });

  it('drops everything on the forms that sign in, up or out without JavaScript too', () => {
    expect(changesWhoIsSignedIn('/login', 'POST')).toBe(true);
    expect(changesWhoIsSignedIn('/register', 'POST')).toBe(true);
    expect(changesWhoIsSignedIn('/login', 'GET')).toBe(false);
  });
});

describe('push messages', () => {
  it('are read from { title, body, url, tag }; a url off this site is dropped', () => {
    expect(
      readPushMessage({ title: 'Price move', body: 'Alpha Star 5/1 to 3/1', url: '/value-now', tag: 'race-3' }),
    ).toEqual({
      title: 'Price move',
      body: 'Alpha Star 5/1 to 3/1',
      url: '/value-now',
      tag: 'race-3',
    });
    expect(readPushMessage({ title: 'x', url: 'https://evil.example/' })?.url).toBeNull();
    expect(readPushMessage({ title: 'x', url: '//evil.example/' })?.url).toBeNull();
    expect(readPushMessage({ title: 'x', url: '/\\evil.example' })?.url).toBeNull();
    expect(readPushMessage({ title: '' })).toBeNull();
    expect(readPushMessage('not json')).toBeNull();
    expect(readPushMessage(null)).toBeNull();
  });

  it('open only paths on this site', () => {
    expect(notificationPath('/tips')).toBe('/tips');
    expect(notificationPath('tips')).toBeNull();
    expect(notificationPath('javascript:alert(1)')).toBeNull();
    expect(notificationPath(undefined)).toBeNull();
  });
});

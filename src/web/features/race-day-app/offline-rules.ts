import { SESSION_IDLE_MS } from '#shared/auth-rules';
import { londonDate } from '#shared/london-time';
import { SAVED_PAGE_META } from '#web/lib/saved-data';
import { fieldOf, isOneOf, stringFieldOf } from '#shared/unknown-values';

/**
 * What the service worker keeps for a member at the course, and when it lets go (decision 0043).
 * Pure: the worker (service-worker.ts) and the tests share these rules.
 */

/** The members' race-day pages: their shells and code are kept, so they open with no network. */
export const RACE_DAY_PAGES = ['/tips', '/vbg-race-cards', '/value-now', '/vb-generator'] as const;

/**
 * Every page a member can open with no network: the race-day pages and the member's own (My Bets,
 * My Account, Results). Each is saved as the bare shell (identitySafeShell) and drawn in the browser.
 */
export const OFFLINE_PAGES = [...RACE_DAY_PAGES, '/my-bets', '/my-account', '/results'] as const;

/**
 * The reads the member's own pages make, and who is signed in (every saved shell is drawn in the
 * browser, signed in only from this answer), fetched ahead with them: the pages arrive rendered
 * with their data, so the browser does not ask for these itself until it draws one with no network.
 */
export const OWN_PAGE_READS = [
  '/api/auth/user',
  '/api/results',
  '/api/my-bets',
  '/api/my-bets/each-way-notice',
  '/api/my-subscription-price',
] as const;

/**
 * The reads those pages make: fetched ahead with them. A page that arrives rendered with its data
 * makes none of them in the browser, yet moving to another page within the app (no new HTML)
 * does, with no network too.
 */
export const RACE_DAY_READS = [
  '/api/daily-tips',
  '/api/race-previews',
  '/api/value-now',
  '/api/vbg-race-cards-metadata',
  '/api/admin-settings/default-weekday',
] as const;

/** A saved page's HTML with the time it was saved in its head, so the page can say it shows saved data. */
export function markSavedPage(html: string, savedAt: string): string {
  const meta = `<meta name="${SAVED_PAGE_META}" content="${savedAt.replace(/[^0-9TZ:.-]/g, '')}">`;
  return html.replace(/<head[^>]*>/i, (head) => head + meta);
}

/**
 * A saved page's HTML with nothing of anyone in it: the server's render (drawn for the member, with
 * its data) and the viewer element (who is signed in) are cut out, leaving the shell the browser
 * draws the page in. Who is signed in then comes from the session's own saved answers.
 */
export function identitySafeShell(html: string): string {
  const root = '<div id="root">';
  const dataStart = '</div><script type="application/json" id="vbg-data">';
  const from = html.indexOf(root);
  const data = html.indexOf(dataStart, from);
  let out = html;
  if (from >= 0 && data >= 0) {
    const dataEnd = html.indexOf('</script>', data + dataStart.length);
    if (dataEnd >= 0) out = html.slice(0, from) + root + '</div>' + html.slice(dataEnd + '</script>'.length);
  }
  // Escaped as written by the server: the text inside never holds "<".
  return out.replace(/<script type="application\/json" id="vbg-viewer">[^<]*<\/script>/g, '');
}

/** An answer marked no-store is never kept, whoever it is for. */
export function mayKeep(cacheControl: string | null): boolean {
  return !/(^|[\s,])no-store($|[\s,;=])/i.test(cacheControl ?? '');
}

/**
 * A member's own reads: who they are, their bets, account, data export, watch list and alerts.
 * Kept apart from the day's race data, in their session's cache, and served with no network only
 * while that session can still be live.
 */
export function isPersonalRead(pathname: string): boolean {
  return (
    pathname === '/api/auth/user' ||
    pathname.startsWith('/api/my-') ||
    ['/api/watchlist', '/api/alert-settings', '/api/checkout-session'].some(
      (p) => pathname === p || pathname.startsWith(p + '/'),
    )
  );
}

/** A session's cache: its key is the one the server names the session by (#shared/offline-viewer). */
export function sessionCacheName(key: string): string {
  return `vbg-session-${key}`;
}

export function isSessionCacheName(name: string): boolean {
  return name.startsWith('vbg-session-');
}

/** The address of the note, in a session's cache, of when the server last answered for it. */
export const SESSION_NOTE = '/__vbg/session';

/**
 * Whether a session the server last answered for at `confirmedAt` can still be live at `now` (both
 * by the device's clock): the server ends a session after SESSION_IDLE_MS without a request, and
 * may have seen the last one up to a minute before the device did. A note from the future (the
 * clock went back) proves nothing.
 */
export function sessionMayBeLive(confirmedAt: number, now: number): boolean {
  return confirmedAt <= now && now - confirmedAt < SESSION_IDLE_MS - 60_000;
}

const MEMBER_CACHE = /^vbg-member-(\d+)-(\d{4}-\d{2}-\d{2})$/;

/** One cache per member and London day for the day's race data: a member's own reads are kept per session. */
export function memberCacheName(memberId: number, day: string): string {
  return `vbg-member-${memberId}-${day}`;
}

/** The member and day a cache belongs to, or null for a cache that is no member's. */
export function readMemberCacheName(name: string): { memberId: number; day: string } | null {
  const m = MEMBER_CACHE.exec(name);
  return m ? { memberId: Number(m[1]), day: m[2] } : null;
}

/** The London day the device's clock says it is: a member's cache lives for this day only. */
export function deviceDay(nowMs: number): string {
  return londonDate(new Date(nowMs));
}

/**
 * Given the caches there are and today's London day, which member cache is today's (the one
 * member's whose cache is newest; for a cache of an earlier day, that member's cache of today,
 * empty), and which caches to delete: every other member cache, every earlier day's.
 * Caches that are not members' (none today) are left alone.
 */
export function planMemberCaches(
  names: readonly string[],
  today: string,
  memberId?: number,
): { keep: string | null; remove: string[] } {
  const members = names.map((name) => ({ name, parsed: readMemberCacheName(name) })).filter((c) => c.parsed !== null);
  let keep: string | null = null;
  if (memberId !== undefined) keep = memberCacheName(memberId, today);
  else {
    // No member named: carry on with the member whose cache is the latest, into today.
    const latest = members
      .filter((c) => c.parsed!.day <= today)
      .sort((a, b) => (a.parsed!.day < b.parsed!.day ? 1 : -1))[0];
    if (latest) keep = memberCacheName(latest.parsed!.memberId, today);
  }
  return { keep, remove: members.map((c) => c.name).filter((name) => name !== keep) };
}

/** Query parameters that only defeat caches (a timestamp): a saved answer is found without them. */
const CACHE_BUSTERS = ['t', 'v'];

/** The address an answer is saved under: its path and the query parameters that choose the data. */
export function savedKey(url: string): string {
  const u = new URL(url);
  for (const name of CACHE_BUSTERS) u.searchParams.delete(name);
  u.hash = '';
  return u.href;
}

/** Files every page loads besides its code: the icon in the tab and the installed app's. */
export const APP_FILES = ['/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png'] as const;

/** Files that never change at their address or are the same for everyone: kept, served from the copy first. */
export function isStaticFile(pathname: string): boolean {
  return pathname.startsWith('/assets/') || isOneOf(APP_FILES, pathname);
}

/**
 * The API reads a member's cache may keep: the members' reads, not the admin screens' nor the
 * live event stream (no answer to keep: the page waits for the network to listen again).
 */
export function isKeptRead(pathname: string): boolean {
  return (
    pathname.startsWith('/api/') && !pathname.startsWith('/api/admin/') && pathname !== '/api/vbg-race-cards-events'
  );
}

/**
 * Sign-in, sign-up and sign-out requests (the API's and the pages' forms that post without
 * JavaScript): whoever was signed in may change, so member caches go.
 */
export function changesWhoIsSignedIn(pathname: string, method: string): boolean {
  return (
    method !== 'GET' &&
    ['/api/login', '/api/logout', '/api/register', '/login', '/logout', '/register'].includes(pathname)
  );
}

/** The scripts the shell of a page loads (its entry, style sheet and preloads): /assets/ addresses. */
export function shellAssets(html: string): string[] {
  return [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[\w.-]+)"/g)].map((m) => m[1]))];
}

/** Today's race cards (their reads), so a race the member has not opened yet is readable too. */
export function todaysRaceReads(lists: unknown): string[] {
  const today = stringFieldOf(lists, 'today');
  const races = today === undefined ? undefined : fieldOf(lists, today);
  return (Array.isArray(races) ? races : []).map((race) => `/api/vbg-race-cards/race/${String(fieldOf(race, 'id'))}`);
}

/** A notification's address: a path on this site only ("/tips"), never another site's. */
export function notificationPath(url: unknown): string | null {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return null;
  return url;
}

export interface PushMessage {
  title: string;
  body: string;
  url: string | null;
  tag: string | undefined;
}

/** A push message's payload, `{ title, body, url, tag }`; null when it is not one. */
export function readPushMessage(payload: unknown): PushMessage | null {
  const title = stringFieldOf(payload, 'title', { nonEmpty: true });
  if (!title) return null;
  return {
    title,
    body: stringFieldOf(payload, 'body') ?? '',
    url: notificationPath(fieldOf(payload, 'url')),
    tag: stringFieldOf(payload, 'tag', { nonEmpty: true }),
  };
}

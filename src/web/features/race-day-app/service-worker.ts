/**
 * The service worker (built on its own to /sw.js, vite.config.ts; decision 0043).
 *
 * Offline at the course: a member's pages (as bare shells, identity-free), their code and the day's
 * race data are kept in a cache named for that member and today's London day; the member's own
 * reads (who they are, bets, account, watch list, alerts) in a cache of their session, served with
 * no network only while that session can still be live. Copies are served only when the network
 * fails, and an answer marked no-store is never kept. Nothing is kept until the server has said the
 * user has member access; every answer says who it was for (X-VBG-Viewer), and anything but this
 * member session drops the caches, as do sign-in, sign-out, the page's sign-out message, another
 * member and, for the day's cache, the next London day.
 *
 * Push: shows the alert `{ title, body, url, tag }` with the site's icon; a click focuses a VBG
 * window at that address (paths on this site only) or opens one.
 */
import { VIEWER_HEADER, readViewerHeader } from '#shared/offline-viewer';
import { SAVED_AT_HEADER } from '#web/lib/saved-data';
import {
  APP_FILES,
  OFFLINE_PAGES,
  OWN_PAGE_READS,
  RACE_DAY_READS,
  SESSION_NOTE,
  markSavedPage,
  changesWhoIsSignedIn,
  deviceDay,
  identitySafeShell,
  isKeptRead,
  isPersonalRead,
  isSessionCacheName,
  isStaticFile,
  mayKeep,
  notificationPath,
  planMemberCaches,
  readMemberCacheName,
  readPushMessage,
  savedKey,
  sessionCacheName,
  sessionMayBeLive,
  shellAssets,
  todaysRaceReads,
} from './offline-rules';
import { fieldOf, isOneOf, stringsOf } from '#shared/unknown-values';

// The worker's own types (the project's TypeScript lib is the page's DOM, not WebWorker).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventInWorker extends ExtendableEvent {
  readonly data: unknown;
}
interface PushEventInWorker extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationClickEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventInWorker) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventInWorker) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
}

const sw = globalThis as unknown as WorkerScope;
const ICON = '/icons/icon-192.png';
/** The pages' code and today's cards are fetched ahead at most this often into one cache. */
const WARM_EVERY_MS = 10 * 60_000;
/** The session note is written again at most this often while its session keeps answering. */
const NOTE_EVERY_MS = 30_000;

interface Kept {
  name: string;
  cache: Cache;
}
/** Today's member cache (the day's race data, shells and code), opened: null while no member is known. */
let current: Kept | null = null;
/** The member session's own cache, opened, and when the server last answered for it (device clock). */
let own: (Kept & { key: string; notedAt: number }) | null = null;
/** Which cache was last fetched ahead into, and when: a new cache (a new sign-in) is filled at once. */
let warmed: { name: string; at: number } | null = null;

/** Cache changes run one after another: a sign-out never races a cache being opened. */
let settling: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = settling.then(work);
  settling = run.catch(() => undefined);
  return run;
}

/**
 * Brings the member caches in line with the rules for now (planMemberCaches): drops the others and
 * opens the one to keep. `memberId`: the member the server has just named; `null`: nobody's, and
 * then every session's own cache goes too.
 */
function settle(memberId?: number | null): Promise<Kept | null> {
  return inTurn(async () => {
    const names = await caches.keys();
    const today = deviceDay(Date.now());
    const plan =
      memberId === null
        ? { keep: null, remove: names.filter((n) => readMemberCacheName(n) || isSessionCacheName(n)) }
        : planMemberCaches(names, today, memberId);
    // Forget first, so nothing more is written into a cache that is being dropped.
    if (current?.name !== plan.keep) current = null;
    if (memberId === null) own = null;
    // A cache made again (signed out and in) is filled again at once.
    if (warmed && plan.remove.includes(warmed.name)) warmed = null;
    await Promise.all(plan.remove.map((name) => caches.delete(name)));
    if (plan.keep && !current) current = { name: plan.keep, cache: await caches.open(plan.keep) };
    return current;
  });
}

/**
 * The server answered for member session `key`: its cache is the one kept (any other session's
 * goes), noting when, so the copies are not served once the session can have ended.
 */
function noteSession(key: string): Promise<void> {
  return inTurn(async () => {
    const now = Date.now();
    if (own?.key === key && now - own.notedAt < NOTE_EVERY_MS) return;
    const name = sessionCacheName(key);
    if (own?.key !== key) {
      own = null;
      const others = (await caches.keys()).filter((n) => isSessionCacheName(n) && n !== name);
      await Promise.all(others.map((n) => caches.delete(n)));
      own = { name, key, cache: await caches.open(name), notedAt: 0 };
    }
    own.notedAt = now;
    await own.cache.put(
      sw.location.origin + SESSION_NOTE,
      new Response(JSON.stringify({ confirmedAt: now }), { headers: { 'Content-Type': 'application/json' } }),
    );
  });
}

/** What an answer from the network says of who is signed in: any viewer but a member's session drops every member cache. */
async function learn(res: Response): Promise<void> {
  const viewer = readViewerHeader(res.headers.get(VIEWER_HEADER));
  if (!viewer) return;
  if (viewer.kind === 'member') await noteSession(viewer.session);
  else await settle(null);
}

/**
 * With no network: the session whose copies may be served, or null. A session the server last
 * answered for longer ago than its idle end has ended (as it has on the server): everything of it
 * goes, the day's race data too, since the page can no longer be signed in. Read from the note
 * kept with the cache, so a worker started afresh decides the same.
 */
async function liveSession(): Promise<Kept | null> {
  const names = await caches.keys();
  const name = names.find(isSessionCacheName);
  const note = name ? await (await caches.open(name)).match(sw.location.origin + SESSION_NOTE) : undefined;
  const confirmedAt = note ? Number(fieldOf(await note.json(), 'confirmedAt')) : NaN;
  if (name && sessionMayBeLive(confirmedAt, Date.now())) return { name, cache: await caches.open(name) };
  if (name || names.some((n) => readMemberCacheName(n))) await settle(null);
  return null;
}

/** Today's member cache, if there is a member; an earlier day's is dropped on the way. */
async function todaysCache(): Promise<Kept | null> {
  if (current && readMemberCacheName(current.name)?.day === deviceDay(Date.now())) return current;
  return settle();
}

/** Where a read of this path is kept: the session's own cache for the member's own reads, else the day's. */
async function cacheFor(pathname: string): Promise<Kept | null> {
  const day = await todaysCache();
  if (!day) return null;
  return isPersonalRead(pathname) ? own : day;
}

/** Keeps a copy of a good answer, stamped with when it was saved, under its saved key. */
async function keep(into: Kept, key: string, res: Response): Promise<void> {
  if (res.status !== 200 || res.type !== 'basic' || res.redirected) return;
  if (!mayKeep(res.headers.get('Cache-Control'))) return;
  const type = res.headers.get('Content-Type') ?? '';
  const path = new URL(key).pathname;
  // API answers are JSON; anything else there (a PDF, a stream) is not race-day data.
  if (path.startsWith('/api/') && !type.includes('application/json')) return;
  const headers = new Headers(res.headers);
  headers.set(SAVED_AT_HEADER, new Date().toISOString());
  headers.delete(VIEWER_HEADER);
  // The body is kept decoded (and a page's shell shorter than it came).
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  let body: Blob | string = await res.blob();
  // A page is kept as its bare shell: nothing of the member it was drawn for.
  if (type.includes('text/html')) body = identitySafeShell(await body.text());
  // Written only if this is still a cache in use (a sign-out may have come meanwhile).
  if (current !== into && own !== into) return;
  await into.cache.put(key, new Response(body, { status: res.status, statusText: res.statusText, headers }));
}

/**
 * Network first, learning who the answer was for; a kept copy (as `served` makes it) only when the
 * network fails and the member's session can still be live.
 */
async function networkFirst(
  request: Request,
  key: string,
  into: (pathname: string) => Promise<Kept | null>,
  fallback: (session: Kept) => Promise<Response | undefined>,
): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(request);
  } catch (err) {
    const session = await liveSession();
    const copy = session ? await fallback(session) : undefined;
    if (copy) return copy;
    throw err;
  }
  await learn(res).catch(() => undefined);
  const saved = await into(new URL(key).pathname);
  if (saved) await keep(saved, key, res.clone()).catch(() => undefined);
  return res;
}

/** Hashed code never changes, nor do the icons within a day: the member's copy first, else the network (then kept). */
async function copyFirst(request: Request): Promise<Response> {
  const saved = await todaysCache();
  const copy = await saved?.cache.match(savedKey(request.url));
  if (copy) return copy;
  const res = await fetch(request);
  if (saved) await keep(saved, savedKey(request.url), res.clone()).catch(() => undefined);
  return res;
}

/** An API read: the day's race data from today's cache, the member's own from their session's. */
function apiRead(request: Request): Promise<Response> {
  const key = savedKey(request.url);
  return networkFirst(request, key, cacheFor, async (session) => {
    const from = isPersonalRead(new URL(key).pathname) ? session : await todaysCache();
    return from?.cache.match(key);
  });
}

/** A page: kept as its bare shell; with no network, its shell or any saved page's (they are the same shell). */
function pageRead(request: Request, pathname: string): Promise<Response> {
  const key = sw.location.origin + pathname;
  const offline = isOneOf(OFFLINE_PAGES, pathname);
  return networkFirst(
    request,
    key,
    () => (offline ? todaysCache() : Promise.resolve(null)),
    async () => {
      const day = offline ? await todaysCache() : null;
      if (!day) return undefined;
      const copy = (await day.cache.match(key)) ?? (await anySavedPage(day));
      return copy ? markedPage(copy) : undefined;
    },
  );
}

async function anySavedPage(day: Kept): Promise<Response | undefined> {
  for (const page of OFFLINE_PAGES) {
    const copy = await day.cache.match(sw.location.origin + page);
    if (copy) return copy;
  }
  return undefined;
}

/** Who /api/auth/user says is signed in: a member's answer keeps (or starts) their caches; any other drops all. */
async function authAnswer(request: Request, event: ExtendableEvent): Promise<Response> {
  const key = savedKey(request.url);
  let res: Response;
  try {
    res = await fetch(request);
  } catch (err) {
    const session = await liveSession();
    const copy = await session?.cache.match(key);
    if (copy) return copy;
    // No session that can still be live, as far as this device can tell: the page is drawn signed out.
    if (!session) return signedOut();
    throw err;
  }
  let memberId: number | null = null;
  if (res.status === 200) {
    try {
      const user: unknown = await res.clone().json();
      const id = fieldOf(user, 'id');
      if (typeof id === 'number' && (fieldOf(user, 'hasMemberAccess') === true || fieldOf(user, 'role') === 'admin'))
        memberId = id;
    } catch {
      // not a user: nobody's data is kept
    }
  }
  // Only a definite answer changes anything (a 5xx says nothing about who is signed in).
  if (res.status === 200 || res.status === 401 || res.status === 403) {
    const saved = await settle(memberId);
    await learn(res).catch(() => undefined);
    if (saved && own) await keep(own, key, res.clone()).catch(() => undefined);
    // Still within the fetch event (its answer is not given yet), so its lifetime can be extended.
    if (saved) event.waitUntil(warm(saved));
  }
  return res;
}

/** The auth check's answer for nobody signed in (the server's own words for it). */
function signedOut(): Response {
  return new Response(JSON.stringify({ message: 'Please sign in to continue.' }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A saved page, marked with when it was saved. */
async function markedPage(copy: Response): Promise<Response> {
  const html = markSavedPage(await copy.text(), copy.headers.get(SAVED_AT_HEADER) ?? '');
  return new Response(html, { status: copy.status, statusText: copy.statusText, headers: copy.headers });
}

/** Fetches one address as the member, learning who it was for, and keeps it where its kind belongs. */
async function fetchAhead(address: string, day: Kept): Promise<Response> {
  const res = await fetch(address, { credentials: 'same-origin' });
  await learn(res);
  const pathname = new URL(address, sw.location.origin).pathname;
  const into = pathname.startsWith('/api/') && isPersonalRead(pathname) ? own : day;
  if (into) await keep(into, sw.location.origin + address, res.clone());
  return res;
}

/**
 * Fetches ahead what a member needs at the course beyond what they opened: the offline pages'
 * shells and code (so the generator opens offline too), the reads those pages make and each of
 * today's race cards. At once into a new cache (a sign-in), then at most every WARM_EVERY_MS.
 * Failures are ignored: it is tried again later.
 */
async function warm(into: Kept): Promise<void> {
  if (warmed?.name === into.name && Date.now() - warmed.at < WARM_EVERY_MS) return;
  warmed = { name: into.name, at: Date.now() };
  try {
    const origin = sw.location.origin;
    const assets = new Set<string>();
    for (const page of OFFLINE_PAGES) {
      const res = await fetchAhead(page, into);
      if (!res.ok) continue;
      for (const a of shellAssets(await res.text())) assets.add(a);
    }
    const chunks: unknown = await fetch('/route-chunks.json').then((r) => (r.ok ? r.json() : {}));
    for (const page of OFFLINE_PAGES) for (const file of stringsOf(fieldOf(chunks, page))) assets.add(file);
    for (const file of APP_FILES) assets.add(file);
    for (const file of assets) {
      if (await into.cache.match(origin + file)) continue;
      const res = await fetch(file);
      await keep(into, origin + file, res);
    }
    for (const read of [...RACE_DAY_READS, ...OWN_PAGE_READS]) await fetchAhead(read, into);
    const lists = await fetchAhead('/api/vbg-race-cards', into);
    if (!lists.ok) return;
    for (const read of todaysRaceReads(await lists.json())) await fetchAhead(read, into);
  } catch {
    warmed = null; // offline, or the session ended: try again next time
  }
}

sw.addEventListener('install', (event) => event.waitUntil(sw.skipWaiting()));
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

sw.addEventListener('message', (event) => {
  const type = fieldOf(event.data, 'type');
  const id = fieldOf(event.data, 'id');
  if (type === 'signed-out') event.waitUntil(settle(null));
  else if (type === 'member' && typeof id === 'number') {
    event.waitUntil(settle(id).then((saved) => saved && warm(saved)));
  }
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (changesWhoIsSignedIn(url.pathname, request.method)) {
    // Whoever was signed in may change: nothing of theirs stays (the request itself goes as it is).
    event.waitUntil(settle(null));
    return;
  }
  if (request.method !== 'GET') return;
  if (url.pathname === '/api/auth/user') return event.respondWith(authAnswer(request, event));
  // Every page's answer says who it was for: a lapse or a sign-out elsewhere is learnt from any page.
  if (request.mode === 'navigate') return event.respondWith(pageRead(request, url.pathname));
  if (isStaticFile(url.pathname)) return event.respondWith(copyFirst(request));
  if (isKeptRead(url.pathname)) event.respondWith(apiRead(request));
});

sw.addEventListener('push', (event) => {
  let payload: unknown;
  try {
    payload = event.data?.json();
  } catch {
    return; // not JSON: no alert of ours
  }
  const message = readPushMessage(payload);
  if (!message) return;
  event.waitUntil(
    sw.registration.showNotification(message.title, {
      body: message.body,
      icon: ICON,
      badge: ICON,
      tag: message.tag,
      // A refused address (not a path on this site) is kept as none: the click then only closes it.
      data: { url: message.url },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = notificationPath(fieldOf(event.notification.data, 'url'));
  if (!path) return;
  const target = new URL(path, sw.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === sw.location.origin);
      // A window this worker does not control cannot be sent elsewhere: a new one opens instead.
      const moved = open
        ? await open
            .focus()
            .then((w) => w.navigate(target))
            .catch(() => null)
        : null;
      if (!moved) await sw.clients.openWindow(target);
    })(),
  );
});

/**
 * The service worker (built on its own to /sw.js, vite.config.ts; decision 0043).
 *
 * Offline at the course: a member's race-day pages, their code and the member API reads they make
 * are kept in ONE cache named for that member and today's London day, and served from it only when
 * the network fails. Nothing is kept until the server has said the user has member access (an
 * /api/auth/user answer passing through, or the page's "member" message after it); the cache goes
 * at sign-in, sign-out, a 401 or a non-member answer from /api/auth/user, a message from the page's
 * sign-out, another member, and the next London day. Everything else passes through untouched.
 *
 * Push: shows the alert `{ title, body, url, tag }` with the site's icon; a click focuses a VBG
 * window at that address (paths on this site only) or opens one.
 */
import { SAVED_AT_HEADER } from '#web/lib/saved-data';
import {
  APP_FILES,
  RACE_DAY_PAGES,
  RACE_DAY_READS,
  markSavedPage,
  changesWhoIsSignedIn,
  deviceDay,
  isKeptRead,
  isStaticFile,
  notificationPath,
  planMemberCaches,
  readMemberCacheName,
  readPushMessage,
  savedKey,
  shellAssets,
  todaysRaceReads,
} from './offline-rules';
import type { RaceCardsByDay } from '#shared/schemas/race-cards';

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
/** The race-day pages' code and today's cards are fetched ahead at most this often. */
const WARM_EVERY_MS = 10 * 60_000;

/** Today's member cache, opened: null while no member is known. */
let current: { name: string; cache: Cache } | null = null;
let lastWarm = 0;

/** Cache changes run one after another: a sign-out never races a cache being opened. */
let settling: Promise<unknown> = Promise.resolve();

/**
 * Brings the member caches in line with the rules for now (planMemberCaches): drops the others and
 * opens the one to keep. `memberId`: the member the server has just named; `null`: nobody's.
 */
function settle(memberId?: number | null): Promise<typeof current> {
  const run = settling.then(async () => {
    const names = await caches.keys();
    const today = deviceDay(Date.now());
    const plan =
      memberId === null
        ? { keep: null, remove: names.filter((n) => readMemberCacheName(n)) }
        : planMemberCaches(names, today, memberId);
    // Forget first, so nothing more is written into a cache that is being dropped.
    if (current?.name !== plan.keep) current = null;
    await Promise.all(plan.remove.map((name) => caches.delete(name)));
    if (plan.keep && !current) current = { name: plan.keep, cache: await caches.open(plan.keep) };
    return current;
  });
  settling = run.catch(() => undefined);
  return run;
}

/** Today's member cache, if there is a member; an earlier day's is dropped on the way. */
async function todaysCache(): Promise<typeof current> {
  if (current && readMemberCacheName(current.name)?.day === deviceDay(Date.now())) return current;
  return settle();
}

/** Keeps a copy of a good answer, stamped with when it was saved, under its saved key. */
async function keep(into: NonNullable<typeof current>, key: string, res: Response): Promise<void> {
  if (res.status !== 200 || res.type !== 'basic' || res.redirected) return;
  const type = res.headers.get('Content-Type') ?? '';
  const path = new URL(key).pathname;
  // API answers are JSON; anything else there (a PDF, a stream) is not race-day data.
  if (path.startsWith('/api/') && !type.includes('application/json')) return;
  const headers = new Headers(res.headers);
  headers.set(SAVED_AT_HEADER, new Date().toISOString());
  const body = await res.blob();
  // Written only if this is still the member's cache of today (a sign-out may have come meanwhile).
  if (current !== into) return;
  await into.cache.put(key, new Response(body, { status: res.status, statusText: res.statusText, headers }));
}

/** Network first; a kept copy (as `served` makes it) only when the network fails. */
async function networkFirst(
  request: Request,
  key: string,
  served: (copy: Response) => Promise<Response> = (copy) => Promise.resolve(copy),
): Promise<Response> {
  const saved = await todaysCache();
  try {
    const res = await fetch(request);
    if (saved) await keep(saved, key, res.clone()).catch(() => undefined);
    return res;
  } catch (err) {
    const copy = await saved?.cache.match(key);
    if (copy) return served(copy);
    throw err;
  }
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

/** Who /api/auth/user says is signed in: a member's answer keeps (or starts) their cache; any other drops all. */
async function authAnswer(request: Request, event: ExtendableEvent): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(request);
  } catch (err) {
    const saved = await todaysCache();
    const copy = await saved?.cache.match(savedKey(request.url));
    if (copy) return copy;
    throw err;
  }
  let memberId: number | null = null;
  if (res.status === 200) {
    try {
      const user = (await res.clone().json()) as { id?: unknown; role?: unknown; hasMemberAccess?: unknown } | null;
      if (user && typeof user.id === 'number' && (user.hasMemberAccess === true || user.role === 'admin'))
        memberId = user.id;
    } catch {
      // not a user: nobody's data is kept
    }
  }
  // Only a definite answer changes anything (a 5xx says nothing about who is signed in).
  if (res.status === 200 || res.status === 401 || res.status === 403) {
    const saved = await settle(memberId);
    if (saved) await keep(saved, savedKey(request.url), res.clone()).catch(() => undefined);
    // Still within the fetch event (its answer is not given yet), so its lifetime can be extended.
    if (saved) event.waitUntil(warm(saved));
  }
  return res;
}

/** A saved page, marked with when it was saved. */
async function markedPage(copy: Response): Promise<Response> {
  const html = markSavedPage(await copy.text(), copy.headers.get(SAVED_AT_HEADER) ?? '');
  return new Response(html, { status: copy.status, statusText: copy.statusText, headers: copy.headers });
}

/**
 * Fetches ahead what a member needs at the course beyond what they opened: the race-day pages'
 * shells and code (so the generator opens offline too), the generator's race lists and each of
 * today's race cards. Failures are ignored: it is tried again later.
 */
async function warm(into: NonNullable<typeof current>): Promise<void> {
  if (Date.now() - lastWarm < WARM_EVERY_MS) return;
  lastWarm = Date.now();
  try {
    const origin = sw.location.origin;
    const assets = new Set<string>();
    for (const page of RACE_DAY_PAGES) {
      const res = await fetch(page, { credentials: 'same-origin' });
      if (!res.ok) continue;
      const html = await res.clone().text();
      for (const a of shellAssets(html)) assets.add(a);
      await keep(into, origin + page, res);
    }
    const chunks = (await fetch('/route-chunks.json').then((r) => (r.ok ? r.json() : {}))) as Record<string, string[]>;
    for (const page of RACE_DAY_PAGES) for (const file of chunks[page] ?? []) assets.add(file);
    for (const file of APP_FILES) assets.add(file);
    for (const file of assets) {
      if (await into.cache.match(origin + file)) continue;
      const res = await fetch(file);
      await keep(into, origin + file, res);
    }
    for (const read of RACE_DAY_READS) {
      const res = await fetch(read, { credentials: 'same-origin' });
      await keep(into, origin + read, res);
    }
    const lists = await fetch('/api/vbg-race-cards', { credentials: 'same-origin' });
    if (!lists.ok) return;
    await keep(into, origin + '/api/vbg-race-cards', lists.clone());
    for (const read of todaysRaceReads((await lists.json()) as RaceCardsByDay)) {
      const res = await fetch(read, { credentials: 'same-origin' });
      await keep(into, origin + read, res);
    }
  } catch {
    lastWarm = 0; // offline, or the session ended: try again next time
  }
}

sw.addEventListener('install', (event) => event.waitUntil(sw.skipWaiting()));
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

sw.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; id?: unknown } | null;
  if (data?.type === 'signed-out') event.waitUntil(settle(null));
  else if (data?.type === 'member' && typeof data.id === 'number') {
    const id = data.id;
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
  if (request.mode === 'navigate') {
    if (!(RACE_DAY_PAGES as readonly string[]).includes(url.pathname)) return;
    // Each race-day page is kept as it arrived (rendered with the member's data, or the
    // generator's shell); a saved copy says in its head when it was saved.
    return event.respondWith(networkFirst(request, url.origin + url.pathname, markedPage));
  }
  if (isStaticFile(url.pathname)) return event.respondWith(copyFirst(request));
  if (isKeptRead(url.pathname)) event.respondWith(networkFirst(request, savedKey(request.url)));
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
  const path = notificationPath((event.notification.data as { url?: unknown } | null)?.url);
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

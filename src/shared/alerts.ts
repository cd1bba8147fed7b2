/**
 * Member alerts: which ones there are, when a member's quiet hours hold them, which push services a
 * browser's subscription may name, and what each alert says. Pure: no clock, no I/O.
 */
export type AlertKind = 'tips' | 'value' | 'non_runner';

/** The subject of the day's tips alert (a horse's alerts use its nameKey). */
export const TIPS_SUBJECT = 'tips';
/** Where a tips alert opens. */
export const TIPS_URL = '/tips';

/** What the service worker shows: exactly these four fields, `url` a same-site path. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

// ---- quiet hours ----

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether London clock time `clock` (HH:MM) falls in the quiet hours `from`–`until`: from included,
 * until excluded, past midnight when until is earlier than from (22:00–07:00). No quiet hours when
 * either is missing or both are equal.
 */
export function inQuietHours(clock: string, from: string | null, until: string | null): boolean {
  if (!from || !until || from === until) return false;
  const now = minutesOf(clock);
  const start = minutesOf(from);
  const end = minutesOf(until);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

// ---- push services a subscription may name ----

/** The browsers' push services: Chrome/Edge (FCM), Firefox, Safari, Windows. */
export const DEFAULT_PUSH_SERVICE_HOSTS =
  'fcm.googleapis.com,*.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com';

const HOST = /^(\*\.)?([a-z0-9-]+\.)*[a-z0-9-]+$/;
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/;

/** A pattern of PUSH_SERVICE_HOSTS: `host`, `*.domain`, or an `http(s)://host:port` origin. */
export function isPushHostPattern(pattern: string): boolean {
  return HOST.test(pattern) || ORIGIN.test(pattern);
}

/**
 * Whether the server may POST to `endpoint`: an https URL on an allowed host (`*.domain` takes any
 * host below the domain, never the domain itself), or a URL on an allowed origin exactly. No user
 * name or password in it. Anything else is refused: the server must not be made to call an
 * address a member chose.
 */
export function pushEndpointAllowed(endpoint: string, patterns: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return patterns.some((p) => {
    if (ORIGIN.test(p)) return url.origin === new URL(p).origin;
    if (url.protocol !== 'https:' || url.port !== '') return false;
    return p.startsWith('*.') ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : host === p;
  });
}

export const PUSH_ENDPOINT_REFUSED =
  'This browser’s push service is not one we send to. Alerts on this device are not available; choose the e-mail digest instead.';

// ---- what the alerts say ----

export interface AlertText {
  title: string;
  body: string;
}

export interface RunnerAlert {
  horseName: string;
  time: string;
  course: string;
  /** The price as members read it ("6/1"). */
  priceText?: string;
  /** The value-down-to price ("5/1"). */
  downToText?: string;
  /** The tip's label ("NAP"). */
  label?: string;
}

export function tipsAlertText(longDay: string): AlertText {
  return { title: 'Today’s tips are out', body: `The NAP, NB and Longshot for ${longDay} are on the tips page.` };
}

export function valueAlertText(r: RunnerAlert): AlertText {
  return {
    title: `Value: ${r.horseName} at ${r.priceText}`,
    body: `${r.horseName} (${r.time} ${r.course}) is ${r.priceText}, at or above its value-down-to price of ${r.downToText}.`,
  };
}

export function nonRunnerAlertText(r: RunnerAlert): AlertText {
  return {
    title: `Non-runner: ${r.horseName}`,
    body: `Today’s ${r.label} ${r.horseName} (${r.time} ${r.course}) is a non-runner.`,
  };
}

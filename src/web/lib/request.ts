import type { QueryFunction } from '@tanstack/react-query';
import { isMobileClient } from './device';
import { noteSavedAt } from './saved-data';
import { stringFieldOf } from '#shared/unknown-values';

/**
 * Every non-OK answer becomes this error; its message is "{status}: {body text}",
 * so callers that only know Error still see the status, and `errorMessage` can pull the
 * server's `{ message }` back out for a toast.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }
}

function headers(hasJsonBody: boolean): Record<string, string> {
  const h: Record<string, string> = { 'X-Mobile-Client': isMobileClient() ? 'true' : 'false' };
  if (hasJsonBody) h['Content-Type'] = 'application/json';
  return h;
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>;
let serverFetch: Fetch | null = null;

/**
 * The server render's way to read the API (entry-server.tsx): the server answers as its route
 * would answer the visitor (their session, the route's access rule and read), without HTTP.
 * The browser uses fetch.
 */
export function setServerFetch(f: Fetch) {
  serverFetch = f;
}

/** Requests this page has sent and not yet had answered. */
const inFlight = new Set<Promise<unknown>>();
let signingOut = false;

/** The error a request meets once the page has begun to sign out: it was never sent. */
export class SigningOutError extends Error {
  constructor() {
    super('Signing out: the request was not sent');
    this.name = 'SigningOutError';
  }
}

/**
 * Sends one request as the signed-in person, unless this page has begun to sign out: from then on
 * nothing more goes out in their name (a poll that went out after the session ended would only
 * earn a 401), and the page waits for what it had already sent.
 */
function send(url: string, init: RequestInit): Promise<Response> {
  if (signingOut) return Promise.reject(new SigningOutError());
  const sent = fetch(url, init);
  inFlight.add(sent);
  void sent.catch(() => undefined).finally(() => inFlight.delete(sent));
  return sent;
}

/** The longest signing out waits for requests already sent: a hung one must not keep a session open. */
const SIGN_OUT_WAIT_MS = 10_000;

/**
 * Stops this page's reads and writes before it signs out (they fail with SigningOutError without
 * being sent) and resolves once every request already sent has been answered (or after
 * SIGN_OUT_WAIT_MS), so none of them reaches the server after the session has ended. The page then
 * loads another, which starts afresh.
 */
export async function stopRequestsToSignOut(): Promise<void> {
  signingOut = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waitedLongEnough = new Promise((resolve) => (timer = setTimeout(resolve, SIGN_OUT_WAIT_MS)));
  await Promise.race([Promise.allSettled([...inFlight]), waitedLongEnough]);
  clearTimeout(timer);
}

/** fetch for reads that also run in the server render (queries). */
export async function readFetch(url: string, init: RequestInit): Promise<Response> {
  if (serverFetch) return serverFetch(url, init);
  const res = await send(url, init);
  // An answer the service worker kept for a member, served with no network, says when it was saved.
  noteSavedAt(res);
  return res;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, res.statusText);
}

/**
 * Sends a request with the session cookie. Plain objects go as JSON; FormData (uploads) goes
 * as multipart with the browser's own boundary header.
 */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  const hasJson = data !== undefined && !isForm;
  const res = await send(url, {
    method,
    // A JSON content type with an empty body is refused by the server, so it goes with a body only.
    headers: { ...headers(hasJson), ...extraHeaders },
    body: isForm ? data : hasJson ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/**
 * The JSON text of one of our own answers as the type its route answers with (the server builds
 * it from the shared schema's type): the one place the client takes the server's word for a shape.
 * Where a wrong shape would do harm, check the parsed value instead (a zod schema, `fieldOf`).
 */
export function parseAnswer<T>(text: string): T {
  return JSON.parse(text) as T;
}

/** apiRequest and read the JSON answer (null for an empty one). */
export async function apiJson<T>(
  method: string,
  url: string,
  data?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<T> {
  const res = await apiRequest(method, url, data, extraHeaders);
  return parseAnswer<T>((await res.text()) || 'null');
}

export type UnauthorizedBehavior = 'throw' | 'returnNull';

/**
 * GET helper: the query key joined with "/" is the path; never served from the HTTP cache. A 401
 * throws like any failure, or with 'returnNull' answers null.
 */
export function getJson<T>(url: string, on401?: 'throw'): Promise<T>;
export function getJson<T>(url: string, on401: UnauthorizedBehavior): Promise<T | null>;
export async function getJson<T>(url: string, on401: UnauthorizedBehavior = 'throw'): Promise<T | null> {
  const res = await readFetch(url, { credentials: 'include', cache: 'no-store', headers: headers(false) });
  if (on401 === 'returnNull' && res.status === 401) return null;
  await throwIfNotOk(res);
  return parseAnswer<T>(await res.text());
}

export function getQueryFn<T>({ on401 = 'throw' }: { on401?: UnauthorizedBehavior } = {}): QueryFunction<T | null> {
  return ({ queryKey }) => getJson<T>(queryKey.join('/'), on401);
}

/**
 * The message to show a person for a failed call: the server's `{ message }` when there is one,
 * otherwise the fallback. Network failures (fetch rejects with TypeError) get `networkFallback`.
 */
export function errorMessage(
  err: unknown,
  fallback: string,
  networkFallback = 'Network error. Please try again.',
): string {
  if (err instanceof ApiError) {
    const body = err.bodyText.trim();
    if (body.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(body);
        const said =
          stringFieldOf(parsed, 'message', { nonEmpty: true }) ?? stringFieldOf(parsed, 'error', { nonEmpty: true });
        if (said) return said;
      } catch {
        // not JSON after all: fall through to the fallback
      }
    }
    return fallback;
  }
  if (err instanceof TypeError) return networkFallback;
  if (err instanceof Error && err.message) {
    // An error built elsewhere in the "{status}: {body}" form.
    const m = /^\d{3}: (\{.*\})$/s.exec(err.message);
    if (m) {
      try {
        const said = stringFieldOf(JSON.parse(m[1]), 'message', { nonEmpty: true });
        if (said) return said;
      } catch {
        return fallback;
      }
    }
    return fallback;
  }
  return fallback;
}

export function isUnauthorized(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401;
}

/**
 * The body field a refusal asks the user to confirm (409 `{ message, confirm: 'confirmCorrection' }`),
 * or null for any other failure: send the same request again with that field true once confirmed.
 */
export function confirmationField(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  try {
    return stringFieldOf(JSON.parse(err.bodyText), 'confirm', { nonEmpty: true }) ?? null;
  } catch {
    return null;
  }
}

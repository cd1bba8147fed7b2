import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { isObject } from '#shared/unknown-values';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { admit, type Access } from './access';
import { errorAnswer } from './errors';
import { JsonText, sendJson, textDigest } from './json';

/**
 * The GET routes a server-rendered page reads (decision 0048). Each is registered once, through
 * `readRoute`: the Fastify route as any other, and an entry the server render finds by path, so
 * a page's read takes no trip through HTTP (no inject, routing, hooks, serialising and parsing
 * again) yet is decided by the same access rule (`admit`, the access hook's own function) and
 * answered by the same `read`.
 */

interface ReadRequest<P> {
  /** Who asks, as the access check admitted them (null: no one signed in). */
  user: UserRow | null;
  /** The path's parameters, decoded. */
  params: P;
  /**
   * The query string, over HTTP only: a server render's reads have none (what a query carries, a
   * browser's cache-busting number, means nothing without a browser cache).
   */
  query: Record<string, string | undefined>;
  /** Sets a header of the HTTP answer (its caching); a page's render has no use for them. */
  header: (name: string, value: string) => void;
}

/** A JSON value (an object, array or null), or JSON text; never undefined, never a bare string. */
type Answer = JsonText | object | null;
type Read<P> = (request: ReadRequest<P>) => Answer | Promise<Answer>;

interface DirectRead {
  access: Access;
  /** The route's path split at "/", a ":name" segment matching any one segment. */
  segments: string[];
  read: Read<Record<string, string>>;
}

/** The registered reads of one app, matched by path as Fastify's router would (a fixed path before a parameter). */
class DirectReads {
  private readonly reads: DirectRead[] = [];

  add(url: string, access: Access, read: DirectRead['read']) {
    const entry = { access, segments: url.split('/'), read };
    // Fewer parameters first: "/a/list" is found before "/a/:id".
    const at = this.reads.findIndex((r) => parameters(r) > parameters(entry));
    this.reads.splice(at === -1 ? this.reads.length : at, 0, entry);
  }

  match(pathname: string): { read: DirectRead; params: Record<string, string> } | undefined {
    const parts = pathname.split('/');
    for (const read of this.reads) {
      if (read.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      const fits = read.segments.every((segment, i) => {
        if (!segment.startsWith(':')) return segment === parts[i];
        if (!parts[i]) return false;
        params[segment.slice(1)] = decodeSegment(parts[i]);
        return true;
      });
      if (fits) return { read, params };
    }
    return undefined;
  }
}

const parameters = (r: Pick<DirectRead, 'segments'>) => r.segments.filter((s) => s.startsWith(':')).length;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // never made by the pages' own encodeURIComponent
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The GET routes the server render reads without HTTP (read-routes.ts). */
    directReads: DirectReads;
  }
}

/** Before any feature's routes: where `readRoute` records them. */
export function registerDirectReads(app: FastifyInstance) {
  app.decorate('directReads', new DirectReads());
}

/**
 * A GET route that server-rendered pages read: registered with Fastify as usual (its `access`
 * checked in onRequest, headers set through `header`), and recorded for the render's direct
 * path. Not an async handler: a `read` that answers at once (a cache hit) is sent without a
 * promise (decision 0024).
 */
export function readRoute<P extends Record<string, string> = Record<string, never>>(
  app: FastifyInstance,
  url: string,
  access: Access,
  read: Read<P>,
) {
  app.directReads.add(url, access, read as DirectRead['read']);
  app.get<{ Params: P }>(url, { config: { access } }, (request, reply) => {
    const answer = read({
      user: request.user,
      params: request.params as P,
      query: singleValues(request.query),
      header: (name, value) => void reply.header(name, value),
    });
    if (answer instanceof Promise) return answer.then((value) => send(reply, value));
    if (answer instanceof JsonText) sendJson(reply, answer);
    else return answer;
    return undefined;
  });
}

/** The query's names with one value each; a name given more than once (Fastify lists its values) is left out. */
function singleValues(query: unknown): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  if (isObject(query))
    for (const [name, value] of Object.entries(query)) if (typeof value === 'string') values[name] = value;
  return values;
}

function send(reply: FastifyReply, answer: Answer) {
  return answer instanceof JsonText ? sendJson(reply, answer) : answer;
}

const ignoreHeader = () => undefined;

/** What a GET answered without HTTP: its status, its JSON text and that text's SHA-256. */
export interface DirectAnswer {
  status: number;
  json: string;
  /** `textDigest(json)`, worked out once for a cached answer rather than per request. */
  digest(): string;
}

/**
 * A GET of `path` as the holder of `token` would get it over HTTP — status and JSON text (a
 * value serialised once, cached JSON as it is; a refusal or failure as the error handler's
 * `{ message }`) — without HTTP. A path no `readRoute` registered throws: every read of a
 * rendered page must have its direct path (the page then answers 503, and the log says which).
 */
export async function readWithoutHttp(
  app: FastifyInstance,
  ctx: AppContext,
  token: string | undefined,
  path: string,
  log: FastifyBaseLogger,
): Promise<DirectAnswer> {
  const pathname = path.split('?')[0];
  const found = app.directReads.match(pathname);
  if (!found) {
    log.error({ path: pathname }, 'the server render read a path that has no direct read');
    throw new Error(
      `No direct read for GET ${pathname}: register its route with readRoute (src/server/http/read-routes.ts)`,
    );
  }
  try {
    const user = await admit(ctx, found.read.access, token);
    const answer = await found.read.read({ user, params: found.params, query: {}, header: ignoreHeader });
    if (answer instanceof JsonText) return { status: 200, json: answer.text, digest: () => answer.digest };
    return answerOf(200, JSON.stringify(answer));
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    const { status, body } = errorAnswer(error);
    if (status >= 500) log.error({ err: error }, 'request failed');
    return answerOf(status, JSON.stringify(body));
  }
}

/** An answer made for this request alone: its digest is worked out only if asked for. */
export function answerOf(status: number, json: string): DirectAnswer {
  return { status, json, digest: () => textDigest(json) };
}

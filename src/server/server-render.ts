import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import type { PublicConfig } from '#shared/public-config';
import type { AppContext } from './context';
import { SESSION_COOKIE } from './features/auth/sessions';
import { sessionToken } from './http/access';
import { readCookie } from './http/cookies';
import { JSON_CONTENT_TYPE } from './http/json';
import { readWithoutHttp } from './http/read-routes';
import { addRouteHook, mayWrite } from './http/route-hooks';
import { publicConfig } from './public-config';

/**
 * Server rendering of public pages (decision 0020). The web side owns the rendering: Vite builds
 * src/web/entry-server.tsx into dist/server-entry/entry-server.js, and this file loads that built
 * module (never web source) and gives it, per request, the address, the clock's "now", the public
 * configuration and a reader of the API.
 */
interface RenderedPage {
  html: string;
  data: string;
  status: number;
}

/** What the built server entry exports (src/web/entry-server.tsx). */
interface ServerEntry {
  isServerRendered(pathname: string): boolean;
  render(input: {
    url: string;
    now: Date;
    config: PublicConfig;
    api: (path: string, headers: Record<string, string>) => Promise<Response>;
  }): Promise<RenderedPage>;
}

export async function loadServerEntry(file: string): Promise<ServerEntry | null> {
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerEntry;
}

/**
 * The page's data is read as the person asking (their session cookie), from the same routes the
 * browser would ask, but without HTTP (decision 0048): the route's own access rule, then its own
 * `read`, its answer serialised once (read-routes.ts). So a premium body or members' tips reach
 * the HTML exactly when the API would hand them over, with the API's status and JSON. Reads only;
 * a path with no direct read fails the render (503), never falls back to HTTP.
 */
function apiReaderFor(app: FastifyInstance, ctx: AppContext, request: FastifyRequest) {
  const token = sessionToken(request);
  return async (apiPath: string): Promise<Response> => {
    const { status, json } = await readWithoutHttp(app, ctx, token, apiPath, request.log);
    return new Response(json, { status, headers: { 'content-type': JSON_CONTENT_TYPE } });
  };
}

/**
 * A visitor's request for a page: no session cookie, so any visitor gets the same page. Its
 * address is already the page's one address (`canonicalPageUrl`; web.ts sends every other
 * spelling there), with at most the query parameters the page reads.
 */
export function isVisitorPage(request: FastifyRequest): boolean {
  return !readCookie(request, SESSION_COOKIE);
}

/** Renders the pages the server entry renders, for the person asking, at the clock's "now". */
export function pageRenderer(app: FastifyInstance, ctx: AppContext, entry: ServerEntry) {
  const config = publicConfig(ctx.config);
  return {
    renders: (pathname: string) => entry.isServerRendered(pathname),
    render: (request: FastifyRequest) =>
      entry.render({ url: request.url, now: ctx.clock.now(), config, api: apiReaderFor(app, ctx, request) }),
  };
}

/**
 * Rendered pages show content that admins write: every admin write that succeeds drops them here
 * and on the other instances (the article, race-card and tips writes drop them as well, through
 * their own namespaces). Attached to admin write routes only (decision 0016: reads pay nothing).
 */
export function registerPageCacheInvalidation(app: FastifyInstance, ctx: AppContext) {
  const dropPages: onSendHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode >= 400) return done(null, payload);
    ctx.cache.invalidate('pages').then(
      () => done(null, payload),
      (err: unknown) => done(err as Error),
    );
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.access === 'admin' && mayWrite(route)) addRouteHook(route, 'onSend', dropPages);
  });
}

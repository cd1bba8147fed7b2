import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import type { PublicConfig } from '#shared/public-config';
import type { AppContext } from './context';
import { SESSION_COOKIE } from './features/auth/sessions';
import { readCookie } from './http/cookies';
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
  render(input: { url: string; now: Date; config: PublicConfig; api: (path: string, headers: Record<string, string>) => Promise<Response> }): Promise<RenderedPage>;
}

export async function loadServerEntry(file: string): Promise<ServerEntry | null> {
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerEntry;
}

/**
 * The page's data is read through the API's own routes, as the person asking (their cookie,
 * their address): the same access decision, the same use cases, the same JSON as the browser
 * would get, so a premium body or members' tips reach the HTML exactly when the API would hand
 * them over. Reads only.
 */
function apiReaderFor(app: FastifyInstance, request: FastifyRequest) {
  const cookie = request.headers.cookie;
  return async (apiPath: string, headers: Record<string, string>): Promise<Response> => {
    if (!apiPath.startsWith('/api/')) throw new Error(`The server render reads the API only, not ${apiPath}`);
    const res = await app.inject({
      method: 'GET',
      url: apiPath,
      headers: { ...headers, ...(cookie ? { cookie } : {}), 'user-agent': request.headers['user-agent'] ?? '' },
      remoteAddress: request.ip,
    });
    const contentType = res.headers['content-type'];
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: contentType ? { 'content-type': String(contentType) } : {},
    });
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
    render: (request: FastifyRequest) => entry.render({ url: request.url, now: ctx.clock.now(), config, api: apiReaderFor(app, request) }),
  };
}

/**
 * Rendered pages show content that admins write: every admin write that succeeds drops them here
 * and on the other instances (the article, race-card and tips writes drop them as well, through
 * their own namespaces). Attached to admin write routes only (decision 0016: reads pay nothing).
 */
export function registerPageCacheInvalidation(app: FastifyInstance, ctx: AppContext) {
  const dropPages: onSendHookHandler = async (_request, reply, payload) => {
    if (reply.statusCode < 400) await ctx.cache.invalidate('pages');
    return payload;
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.access === 'admin' && mayWrite(route)) addRouteHook(route, 'onSend', dropPages);
  });
}

import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PublicConfig } from '#shared/public-config';
import type { AppContext } from '#server/context';
import { sessionToken } from '#server/http/access';
import { JSON_CONTENT_TYPE } from '#server/http/json';
import { readWithoutHttp, type DirectAnswer } from '#server/http/read-routes';
import { publicConfig } from '#server/public-config';

/**
 * Server rendering of pages (decisions 0020 and 0052). The web side owns the rendering: Vite builds
 * src/web/entry-server.tsx into dist/server-entry/entry-server.js, and this file loads that built
 * module (never web source) and gives it, per request, the address, the clock's "now", the public
 * configuration and a reader of the API (decision 0048). The entry finds the page's reads by
 * rendering it (entry-server.tsx `renderWithData`; decision 0061).
 */
interface RenderedPage {
  html: string;
  data: string;
  status: number;
}

/** A GET of an API path as someone, without HTTP: the status and JSON text the API would answer. */
export type DirectReader = (apiPath: string) => Promise<DirectAnswer>;

/** The auth check's path: its answer (the signed-in user, or 401) is the page's viewer. */
export const AUTH_USER_PATH = '/api/auth/user';

/** What the built server entry exports (src/web/entry-server.tsx). */
interface ServerEntry {
  isServerRendered(pathname: string): boolean;
  isSameForEveryMember(pathname: string): boolean;
  /** The element that carries the viewer (the auth check's JSON answer) beside the page's data. */
  viewerElement(answerJson: string): string;
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
export function directReaderFor(
  app: FastifyInstance,
  ctx: AppContext,
  request: FastifyRequest,
  asVisitor = false,
): DirectReader {
  const token = asVisitor ? undefined : sessionToken(request);
  return (apiPath) => readWithoutHttp(app, ctx, token, apiPath, request.log);
}

/**
 * The viewer's JSON from the auth check's answer: the user (200) or null (401, signed out);
 * undefined when the check failed (the page then carries the failure with its data).
 */
function viewerJson(answer: { status: number; json: string }): string | undefined {
  if (answer.status === 200) return answer.json;
  return answer.status === 401 ? 'null' : undefined;
}

/** A render, and who it was rendered for (the viewer's JSON; undefined when the auth check failed or was not asked). */
export interface PageRender extends RenderedPage {
  viewer: string | undefined;
  /** The API paths the render read, in order. */
  reads: string[];
}

/** Renders the pages the server entry renders, for the person asking, at the clock's "now". */
export function pageRenderer(app: FastifyInstance, ctx: AppContext, entry: ServerEntry) {
  const config = publicConfig(ctx.config);
  return {
    renders: (pathname: string) => entry.isServerRendered(pathname),
    sameForEveryMember: (pathname: string) => entry.isSameForEveryMember(pathname),
    viewerElement: (json: string) => entry.viewerElement(json),
    /** By default the page's data is read as the person asking; `read` reads it otherwise. */
    render: async (request: FastifyRequest, read = directReaderFor(app, ctx, request)): Promise<PageRender> => {
      let viewer: string | undefined;
      const reads: string[] = [];
      const api = async (apiPath: string) => {
        reads.push(apiPath);
        const answer = await read(apiPath);
        if (apiPath.split('?')[0] === AUTH_USER_PATH) viewer = viewerJson(answer);
        return new Response(answer.json, { status: answer.status, headers: { 'content-type': JSON_CONTENT_TYPE } });
      };
      const page = await entry.render({ url: request.url, now: ctx.clock.now(), config, api });
      return { ...page, viewer, reads };
    },
  };
}

export type PageRenderer = ReturnType<typeof pageRenderer>;

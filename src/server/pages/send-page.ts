import type { FastifyReply, FastifyRequest } from 'fastify';
import { VISITOR_PAGE_CACHE, type PagePurge } from '#server/cache/page-purge';
import type { AppContext } from '#server/context';
import { cachedSessionUser } from '#server/sessions/sessions';
import { sessionToken, tellViewer } from '#server/http/access';
import type { BuiltPage } from './built-page';
import { acceptsGzip, gzipHead, gzipWithTail } from './gzip-splice';
import type { PageAsker } from './page-asker';
import type { PageRenderer } from './server-render';

/**
 * A page's Cache-Control. A failed read is not kept by the browser or any cache on the way
 * either. A signed-in person's page is theirs: no shared cache on the way may keep it; an answer
 * that clears a session cookie is that browser's as well. A visitor's page the same for every
 * visitor is kept by a cache in front for a minute, and answered from it a while longer as it asks
 * again (decision 0060).
 */
export function pageCacheControl(status: number, asker: PageAsker, forEveryVisitor: boolean): string {
  if (status >= 500) return 'no-store';
  if (asker !== 'visitor') return 'private, no-cache';
  return forEveryVisitor ? VISITOR_PAGE_CACHE : 'no-cache';
}

/** How a built page goes out: who it asked as, and whether a cache in front may keep it for every visitor. */
export interface PageAnswer {
  asker: PageAsker;
  forEveryVisitor: boolean;
}

/**
 * Sends a built page: its status and headers, then its bytes with the viewer element (who it
 * shows as signed in) written in, gzipped when the browser takes it (a phone's first HTML is
 * several times smaller): the page's head is compressed once and kept with it, and each request
 * compresses only its viewer and the closing tags (gzip-splice.ts).
 */
export function pageSender(ctx: AppContext, renderer: PageRenderer | null, purge: PagePurge) {
  /** What follows the page's head: its viewer element, then the closing tags. */
  function viewerTail(page: BuiltPage): Buffer {
    const element = page.viewer !== undefined && renderer ? renderer.viewerElement(page.viewer) : '';
    return Buffer.concat([Buffer.from(element), page.bytes.after]);
  }

  return async function sendPage(request: FastifyRequest, reply: FastifyReply, page: BuiltPage, answer: PageAnswer) {
    // Who the page is for, for the offline app (decision 0043): known once the session was looked at.
    const token = sessionToken(request);
    const viewer = token ? (cachedSessionUser(ctx, token) ?? (page.viewer === 'null' ? null : undefined)) : null;
    await tellViewer(ctx, reply, token, viewer);
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    reply
      .code(page.status)
      .header('Cache-Control', pageCacheControl(page.status, answer.asker, answer.forEveryVisitor))
      .header('Vary', 'Cookie, Accept-Encoding')
      // A page's forms post without JavaScript (sign in, subscribe): with "no-referrer" browsers
      // send "Origin: null", which the same-origin check refuses. Other sites still get nothing.
      .header('Referrer-Policy', 'same-origin')
      .type('text/html; charset=utf-8');
    if (answer.forEveryVisitor && page.keys) {
      // What the page was rendered from, for a purge by key: Fastly's and Akamai's header
      // (space-separated) and Cloudflare's (comma-separated).
      reply.header('Surrogate-Key', page.keys.join(' ')).header('Cache-Tag', page.keys.join(','));
      purge.noteSent(request.url, gzip);
    }
    const tail = viewerTail(page);
    if (!gzip) return reply.send(Buffer.concat([page.bytes.before, tail]));
    page.bytes.gzip ??= gzipHead(page.bytes.before);
    return reply.header('Content-Encoding', 'gzip').send(gzipWithTail(page.bytes.gzip, tail));
  };
}

export type SendPage = ReturnType<typeof pageSender>;

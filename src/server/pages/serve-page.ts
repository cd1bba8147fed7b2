import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canonicalPageUrl, matchPageRoute } from '#shared/paths';
import type { AppContext } from '#server/context';
import { clearSessionCookie } from '#server/sessions/session-cookie';
import { isKeepable, type BuiltPage } from './built-page';
import type { BuildPage } from './build-page';
import { memberPages } from './member-pages';
import { pageAsker } from './page-asker';
import type { SendPage } from './send-page';
import { directReaderFor, type PageRenderer } from './server-render';
import { keptVisitorPage } from './visitor-pages';

export interface PageServerParts {
  buildPage: BuildPage;
  /** Null without a built server entry: every page is then the shell. */
  renderer: PageRenderer | null;
  sendPage: SendPage;
  /** A cache in front may keep visitors' pages: only with PUBLIC_URL (decision 0060). */
  shareable: boolean;
}

/**
 * Answers a GET for a page address: sends another spelling of a rendered page to its one address,
 * finds the page in the route table, decides who asks and which cache may answer (a visitor's
 * page kept for every visitor, a members' page kept per content and kind of member, or a render
 * for this request only), then sends what was built.
 */
export function pageServer(app: FastifyInstance, ctx: AppContext, parts: PageServerParts) {
  const { buildPage, renderer, sendPage, shareable } = parts;
  const sharedMemberPage = memberPages(app, ctx);

  return async function servePage(request: FastifyRequest, reply: FastifyReply) {
    // A rendered page has one address (decision 0035): any other spelling of it (a query string
    // it does not read, a trailing or doubled slash, another case) is sent there, so spellings
    // cannot each cost a render or a cache entry. The target is built from the route table and
    // the encoded parameters: always one leading "/", never another site.
    const canonical = canonicalPageUrl(request.url);
    if (canonical && canonical.url !== request.url && renderer?.renders(canonical.pathname)) {
      return reply.header('Cache-Control', 'no-cache').redirect(canonical.url, 301);
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split('?')[0].split('#')[0]);
    } catch {
      pathname = '';
    }
    const known = pathname ? matchPageRoute(pathname) : undefined;
    let page: BuiltPage;
    // Whether a cache in front may keep this answer for every visitor.
    let forEveryVisitor = false;
    // An address with text of the visitor's own (the sign-in page's e-mail or next address) is
    // rendered for this request only.
    const kept = !!known && !!renderer?.renders(pathname) && !canonical?.perRequest;
    const asker = await pageAsker(ctx, request);
    const signedIn = asker === 'signedIn';
    // A visitor's page reads as a visitor, whatever cookie came with the request.
    const visitorRead = signedIn ? undefined : directReaderFor(app, ctx, request, true);
    if (asker === 'endedSession') clearSessionCookie(ctx, request, reply);
    if (kept && !signedIn) {
      // The same for every visitor: kept whole per London day and address (visitor-pages.ts).
      const visitorPage = await keptVisitorPage(ctx, request.url, known, () =>
        buildPage(request, pathname, known, visitorRead, true),
      );
      page = visitorPage.page;
      forEveryVisitor = shareable && asker === 'visitor' && isKeepable(page) && visitorPage.current;
    } else if (kept && renderer?.sameForEveryMember(pathname)) {
      // The same for every member of a day: one render per content and kind of member, with each
      // member's own details added as it is sent (member-pages.ts, decision 0052).
      page =
        (await sharedMemberPage(request, (read) => buildPage(request, pathname, known, read))) ??
        (await buildPage(request, pathname, known));
    } else {
      page = await buildPage(request, pathname, known, visitorRead, !signedIn);
    }
    return sendPage(request, reply, page, { asker, forEveryVisitor });
  };
}

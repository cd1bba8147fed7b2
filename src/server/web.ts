import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { londonDate } from '#shared/london-time';
import { canonicalPageUrl, matchPageRoute, titleForPath, type PageRoute } from '#shared/paths';
import type { CacheShare } from './cache/shared-cache';
import { PagePurge, surrogateKeys, VISITOR_PAGE_CACHE } from './cache/page-purge';
import type { AppContext } from './context';
import { publicConfig } from './public-config';
import { isKeepable, pageBytes, VIEWER_MARK, type BuiltPage } from './built-page';
import { acceptsGzip, gzipHead, gzipWithTail } from './http/gzip-splice';
import { memberPages } from './member-pages';
import { sessionToken, tellViewer } from './http/access';
import { cachedSessionUser } from '#server/sessions/sessions';
import { clearSessionCookie } from '#server/sessions/session-cookie';
import {
  directReaderFor,
  loadServerEntry,
  pageAsker,
  pageRenderer,
  type DirectReader,
  type PageRenderer,
} from './server-render';

/**
 * What a page adds to the shell's <head>: its own <title> and description (replacing the
 * path's title and the site-wide description, so there is only ever one of each), and other
 * tags (e.g. an article's canonical link and Open Graph tags). Values are plain text.
 */
export interface PageHead {
  title?: string;
  description?: string;
  /** Ready-made markup; every value in it must already be escaped. */
  tags?: string;
  /** The page's subject does not exist (an unknown article, a past day without tips): the page answers 404. */
  notFound?: boolean;
}

/**
 * Gives the head of the pages it knows (null for the others). The first answer that sets a field
 * wins. A provider that fails is a failed read of the page's data: the page answers 503.
 */
export type HeadProvider = (pathname: string, request: FastifyRequest) => Promise<PageHead | null>;

const DESCRIPTION_META = /<meta\s+name="description"[^>]*>\s*/i;

/**
 * How many addresses of one parameterised page pattern (articles, blog articles, days of tips)
 * the page cache keeps at once: addresses a visitor makes up fill this share only, never the
 * room of the other pages (decision 0035).
 */
const PAGE_CACHE_SHARE = 400;

/** The worse of two statuses: a failed read (503) over not found (404) over found (200). */
const worse = (a: number, b: number) => Math.max(a, b);

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The key of route-chunks.json under which the build lists the members' gates' scripts. */
const MEMBER_GATE_CHUNKS = '(member-gate)';

/**
 * route-chunks.json (written by the build, see vite.config.ts) as ready-made link tags per
 * pattern; a members' address also preloads its gate's scripts, each script named once.
 */
function readRoutePreloads(webDir: string): (route: PageRoute) => string {
  const file = path.join(webDir, 'route-chunks.json');
  const chunks = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>) : {};
  const links = (files: string[]) =>
    [...new Set(files)]
      .filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f))
      .map((f) => `<link rel="modulepreload" crossorigin href="${escapeHtml(f)}">`)
      .join('');
  const publicLinks = new Map(Object.entries(chunks).map(([pattern, files]) => [pattern, links(files)]));
  const memberLinks = new Map(
    Object.entries(chunks).map(([pattern, files]) => [
      pattern,
      links([...files, ...(chunks[MEMBER_GATE_CHUNKS] ?? [])]),
    ]),
  );
  return (route) => (route.access === 'public' ? publicLinks : memberLinks).get(route.pattern) ?? '';
}

/**
 * Serves the built client: hashed assets with long caching, and for every page path the shell
 * with the public configuration in a meta tag (no inline script, so the CSP stays strict).
 * Public pages that opt in are rendered on the server into the shell, with their data in a
 * non-executable JSON element for hydration (server-render.ts, decision 0020); the server entry
 * is dist/server-entry/ beside webDir. Unknown /api paths answer JSON 404, never the shell;
 * unknown pages get the shell with 404.
 */
export async function registerWeb(
  app: FastifyInstance,
  ctx: AppContext,
  webDir: string,
  headProviders: HeadProvider[],
) {
  const indexPath = path.join(webDir, 'index.html');
  const hasClient = fs.existsSync(indexPath);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each script and style sheet (vite.config.ts): sent as
      // they are to browsers that accept them, with no compression work per request.
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        // The service worker and the app manifest keep their addresses from build to build: the
        // browser asks each time whether they changed (decision 0043).
        else if (/[\\/]sw\.js(\.br|\.gz)?$/.test(filePath)) reply.header('Cache-Control', 'no-cache');
        else if (filePath.endsWith('.webmanifest'))
          reply.header('Cache-Control', 'no-cache').header('Content-Type', 'application/manifest+json; charset=utf-8');
      },
    });
    app.get('/assets/*', (request, reply) => reply.sendFile(request.url.split('?')[0].replace(/^\//, '')));
  }
  const template = hasClient
    ? fs.readFileSync(indexPath, 'utf8')
    : '<!doctype html><html lang="en"><head><title></title><!--vbg-head--></head><body><div id="root"></div></body></html>';
  const configMeta = `<meta name="vbg-config" content="${escapeHtml(JSON.stringify(publicConfig(ctx.config)))}">`;
  const preloadsOf = readRoutePreloads(webDir);
  const entry = hasClient
    ? await loadServerEntry(path.join(path.dirname(webDir), 'server-entry', 'entry-server.js'))
    : null;
  const renderPage = entry ? pageRenderer(app, ctx, entry) : null;
  const sharedMemberPage = memberPages(app, ctx);
  // A cache in front keeps visitors' pages only with PUBLIC_URL (decision 0060): only then is a
  // page the same whatever address it was asked at.
  const shareable = !!ctx.config.PUBLIC_URL;
  const purge = new PagePurge(ctx.config, app.log);
  purge.attach(ctx.cache);
  app.addHook('onClose', async () => {
    await purge.settled();
    purge.stop();
  });

  /**
   * The page's HTML: the shell with its head, and the server render inside #root when it has one.
   * Its data is read through `read` (by default as the person asking); `visitor` says it is a
   * visitor's page, the same for every visitor.
   */
  async function buildPage(
    request: FastifyRequest,
    pathname: string,
    known: PageRoute | undefined,
    read?: DirectReader,
    visitor = false,
  ): Promise<BuiltPage> {
    let head = configMeta;
    // A rendered page's own code starts downloading with the entry, not after it has run. Its
    // links close the head: the style sheet (which the first paint waits for) and the entry are
    // asked for first.
    const preloads = known && renderPage?.renders(pathname) ? preloadsOf(known) : '';
    let title: string | undefined;
    let description: string | undefined;
    let status = known ? 200 : 404;
    for (const provider of headProviders) {
      let extra: PageHead | null;
      try {
        extra = await provider(pathname, request);
      } catch (err) {
        request.log.error({ err }, 'page data could not be read');
        status = worse(status, 503);
        continue;
      }
      if (!extra) continue;
      title ??= extra.title;
      description ??= extra.description;
      if (extra.tags) head += extra.tags;
      if (extra.notFound) status = worse(status, 404);
    }
    // Function replacers: a "$&" or "$'" in an article's title must stay text, not a pattern.
    const titleTag = `<title>${escapeHtml(title ?? titleForPath(pathname))}</title>`;
    let html = template.replace(/<title>[^<]*<\/title>/, () => titleTag);
    if (description !== undefined) {
      // One description only: the page's replaces the site-wide one in index.html.
      const tag = `<meta name="description" content="${escapeHtml(description)}">`;
      html = html.replace(DESCRIPTION_META, '');
      head = tag + head;
    }
    html = html.replace('<!--vbg-head-->', () => head).replace('</head>', () => `${preloads}</head>`);
    if (!renderPage || (known && !renderPage.renders(pathname)))
      return { status, rendered: false, bytes: pageBytes(html) };
    const rendered = await (
      known ? renderPage.render(request, read) : renderNotFound(request, renderPage, visitor, read)
    ).catch((err: unknown) => {
      // The shell still works: the browser renders the page itself.
      request.log.error({ err }, 'server render failed');
      return null;
    });
    if (!rendered) return { status, rendered: false, bytes: pageBytes(html) };
    html = html.replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${rendered.html}</div><script type="application/json" id="vbg-data">${rendered.data}</script>${VIEWER_MARK}`,
    );
    return {
      status: worse(status, rendered.status),
      rendered: true,
      viewer: rendered.viewer,
      bytes: pageBytes(html),
      keys: surrogateKeys(rendered.reads),
    };
  }

  /**
   * The not-found page for an address that is no page. It is the same for every visitor, whatever
   * the address: rendered once per London day and kept, so made-up addresses cost no render each.
   */
  function renderNotFound(request: FastifyRequest, renderer: PageRenderer, visitor: boolean, read?: DirectReader) {
    if (!visitor) return renderer.render(request, read);
    return ctx.cache.get('pages', `${londonDate(ctx.clock.now())} not-found`, () => renderer.render(request, read));
  }

  async function sendShell(request: FastifyRequest, reply: FastifyReply) {
    // A rendered page has one address (decision 0035): any other spelling of it (a query string
    // it does not read, a trailing or doubled slash, another case) is sent there, so spellings
    // cannot each cost a render or a cache entry. The target is built from the route table and
    // the encoded parameters: always one leading "/", never another site.
    const canonical = canonicalPageUrl(request.url);
    if (canonical && canonical.url !== request.url && renderPage?.renders(canonical.pathname)) {
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
    const kept = !!known && !!renderPage?.renders(pathname) && !canonical?.perRequest;
    const asker = await pageAsker(ctx, request);
    const signedIn = asker === 'signedIn';
    // A visitor's page reads as a visitor, whatever cookie came with the request.
    const visitorRead = signedIn ? undefined : directReaderFor(app, ctx, request, true);
    if (asker === 'endedSession') clearSessionCookie(ctx, request, reply);
    if (kept && !signedIn) {
      // The same for every visitor: kept whole (head and render) per London day and address, and
      // dropped on any content write on any instance (namespace 'pages', decision 0020). Only a
      // rendered 200 is kept (`isKeepable`). Each parameterised pattern has its own share.
      const key = `${londonDate(ctx.clock.now())} ${request.url}`;
      const share: CacheShare | undefined = known.pattern.includes(':')
        ? { name: known.pattern, max: PAGE_CACHE_SHARE }
        : undefined;
      const build = () =>
        ctx.cache.get('pages', key, () => buildPage(request, pathname, known, visitorRead, true), {
          share,
          keep: isKeepable,
        });
      // A page rendered across a write (its data read before, sent after) is rendered again, so
      // no cache in front keeps the old one after the write's purge; if a write came again, it
      // goes out for this visitor only.
      let generation = ctx.cache.generation('pages');
      page = await build();
      if (ctx.cache.generation('pages') !== generation) {
        generation = ctx.cache.generation('pages');
        page = await build();
      }
      forEveryVisitor =
        shareable && asker === 'visitor' && isKeepable(page) && ctx.cache.generation('pages') === generation;
    } else if (kept && renderPage?.sameForEveryMember(pathname)) {
      // The same for every member of a day: one render per content and kind of member, with each
      // member's own details added as it is sent (member-pages.ts, decision 0052).
      page =
        (await sharedMemberPage(request, (read) => buildPage(request, pathname, known, read))) ??
        (await buildPage(request, pathname, known));
    } else {
      page = await buildPage(request, pathname, known, visitorRead, !signedIn);
    }
    // Who the page is for, for the offline app (decision 0043): known once the session was looked at.
    const token = sessionToken(request);
    const viewer = token ? (cachedSessionUser(ctx, token) ?? (page.viewer === 'null' ? null : undefined)) : null;
    await tellViewer(ctx, reply, token, viewer);
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    reply
      .code(page.status)
      // A failed read is not kept by the browser or any cache on the way either. A signed-in
      // person's page is theirs: no shared cache on the way may keep it.
      // An answer that clears a session cookie is that browser's as well.
      // A visitor's page the same for every visitor is kept by a cache in front for a minute, and
      // answered from it a while longer as it asks again (decision 0060).
      .header(
        'Cache-Control',
        page.status >= 500
          ? 'no-store'
          : asker !== 'visitor'
            ? 'private, no-cache'
            : forEveryVisitor
              ? VISITOR_PAGE_CACHE
              : 'no-cache',
      )
      .header('Vary', 'Cookie, Accept-Encoding')
      // A page's forms post without JavaScript (sign in, subscribe): with "no-referrer" browsers
      // send "Origin: null", which the same-origin check refuses. Other sites still get nothing.
      .header('Referrer-Policy', 'same-origin')
      .type('text/html; charset=utf-8');
    // Gzipped when the browser takes it (a phone's first HTML is several times smaller): the page's
    // head is compressed once and kept with it, and each request compresses only its viewer and the
    // closing tags (http/gzip-splice.ts).
    if (forEveryVisitor && page.keys) {
      // What the page was rendered from, for a purge by key: Fastly's and Akamai's header
      // (space-separated) and Cloudflare's (comma-separated).
      reply.header('Surrogate-Key', page.keys.join(' ')).header('Cache-Tag', page.keys.join(','));
      purge.noteSent(request.url, gzip);
    }
    const tail = viewerTail(page);
    if (!gzip) return reply.send(Buffer.concat([page.bytes.before, tail]));
    page.bytes.gzip ??= gzipHead(page.bytes.before);
    return reply.header('Content-Encoding', 'gzip').send(gzipWithTail(page.bytes.gzip, tail));
  }

  /** What follows the page's head: its viewer element (who it shows as signed in), then the closing tags. */
  function viewerTail(page: BuiltPage): Buffer {
    const element = page.viewer !== undefined && renderPage ? renderPage.viewerElement(page.viewer) : '';
    return Buffer.concat([Buffer.from(element), page.bytes.after]);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api' || !['GET', 'HEAD'].includes(request.method)) {
      return reply
        .code(404)
        .send({ message: `Not found: ${request.method} ${url.split('?')[0]}`, requestId: request.id });
    }
    if (url.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(url.split('?')[0])) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return sendShell(request, reply);
  });
}
